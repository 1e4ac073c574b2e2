// The processes of the deploy test, started as an operator starts them: `svc serve` replicas
// (the built CLI, no scheduler, one process each) and a private redis-server. Each keeps
// what it printed, so a test can look for a log line, and can be killed on purpose.
import { type ChildProcess, spawn } from "node:child_process";
import { SVC_MAIN } from "./svc-cli.js";
import { waitForPort } from "./deploy-nginx.js";
import { get } from "./http-client.js";

export const REDIS_SERVER_PATH = "/usr/bin/redis-server";

export interface LoggedProcess {
  name: string;
  port: number;
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited (at once if it has). */
  exited: Promise<void>;
  /** Sends `signal` (default SIGKILL) unless the process is gone, then waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function track(name: string, port: number, child: ChildProcess): LoggedProcess {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    name,
    port,
    child,
    output: () => output,
    exited,
    stop: async (signal = "SIGKILL") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export interface ReplicaOptions {
  name: string;
  port: number;
  dataDir: string;
  /** The public address (nginx's): URLs in replies start with it. */
  baseUrl: string;
  /** REDIS_URL, SVC_REDIS_KEY_PREFIX, SVC_RATE_LIMIT, … */
  env?: Record<string, string>;
}

/**
 * Starts `svc serve` as a replica behind nginx: no scheduler (SVC_SCHEDULER=off, what
 * `--no-scheduler` sets), one process (SVC_SERVE_WORKERS=0: killing it kills the replica),
 * nginx trusted for X-Forwarded-For (loopback here), a log line per request. Resolves once
 * /readyz answers 200.
 */
export async function startReplica(options: ReplicaOptions): Promise<LoggedProcess> {
  const child = spawn(process.execPath, [SVC_MAIN, "serve"], {
    env: {
      PATH: process.env.PATH,
      SVC_DATA_DIR: options.dataDir,
      PORT: String(options.port),
      SVC_BASE_URL: options.baseUrl,
      SVC_SCHEDULER: "off",
      SVC_SERVE_WORKERS: "0",
      SVC_TRUSTED_PROXIES: "loopback",
      SVC_LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const replica = track(options.name, options.port, child);
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${options.name} exited at start:\n${replica.output()}`);
    }
    const ready = await get(options.port, "/readyz").then(
      (reply) => reply.status === 200,
      () => false,
    );
    if (ready) return replica;
    if (Date.now() > until) {
      await replica.stop();
      throw new Error(`${options.name} was not ready in 90 s:\n${replica.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A redis-server of the test's own (no persistence), to be killed without harming others. */
export async function startPrivateRedis(port: number): Promise<LoggedProcess> {
  const child = spawn(
    REDIS_SERVER_PATH,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const redis = track("redis-server", port, child);
  await waitForPort(port).catch(async (error: unknown) => {
    await redis.stop();
    throw new Error(`redis-server did not start: ${String(error)}\n${redis.output()}`);
  });
  return redis;
}

/** The request log lines (`method`, `path`, `status`) a replica printed, parsed. */
export function requestLines(
  replica: LoggedProcess,
): Array<{ method: string; path: string; status: number }> {
  return replica
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes('"status"'))
    .map((line) => JSON.parse(line) as { method: string; path: string; status: number });
}
