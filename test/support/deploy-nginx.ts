// Debian's nginx with the deploy configuration (deploy/nginx), for the deploy test and the
// cluster benchmark: render-config.sh renders the template into a temporary prefix for free
// ports, then nginx runs in the foreground from there. No vitest import: benchmarks use it.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { dirname, join } from "node:path";
import { packageRoot } from "../../src/config/package-root.js";
import { get } from "./http-client.js";

export const NGINX_PATH = "/usr/sbin/nginx";
/** Debian's libnginx-mod-http-brotli-filter; render-config.sh turns brotli on when present. */
export const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so";
export const HAS_BROTLI = existsSync(BROTLI_MODULE);
/** From the repository root, also when this module runs from dist/ (the benchmarks). */
const RENDER = join(packageRoot(), "deploy", "nginx", "render-config.sh");

export interface NginxOptions {
  /** Directory the configuration is rendered into; nginx's prefix (logs, temp, pid). */
  prefix: string;
  port: number;
  /** SVC_DATA_DIR of the publisher: nginx serves its `public`. */
  dataDir: string;
  /** Ports of the replicas on 127.0.0.1. */
  replicaPorts: readonly number[];
  /** More replicas as nginx names them, e.g. `unix:/run/svc/svc.sock`. */
  replicaAddresses?: readonly string[];
  /** Default `off` (benchmarks compare without access logs, as svc's do). */
  accessLog?: string;
}

export interface RunningNginx {
  port: number;
  process: ChildProcess;
  /** What nginx wrote to its error log so far. */
  errorLog(): string;
  /** Undefined while nginx runs; once it has exited, how (code or signal) and its error log. */
  exitReport(): string | undefined;
  /** SIGTERM (fast shutdown), then waits for the exit. */
  stop(): Promise<void>;
}

/** Renders deploy/nginx into `options.prefix`; returns the main file (nginx.conf). */
export function renderNginxConfig(options: NginxOptions): string {
  const args = [
    "--out",
    options.prefix,
    "--listen",
    `127.0.0.1:${options.port}`,
    "--data-dir",
    options.dataDir,
    "--access-log",
    options.accessLog ?? "off",
    ...options.replicaPorts.flatMap((port) => ["--replica", `127.0.0.1:${port}`]),
    ...(options.replicaAddresses ?? []).flatMap((address) => ["--replica", address]),
  ];
  execFileSync(RENDER, args, { encoding: "utf8" });
  return join(options.prefix, "nginx.conf");
}

/**
 * `-g` directives of a test nginx: in the foreground (a child of the test), as root's workers
 * when the test runs as root (the temporary directories are root's, mode 0700), and notices on
 * stderr besides the configured log: a signal that stops nginx is logged at notice level, with
 * the sender's pid, which is what a test that finds nginx gone needs to say.
 */
export function foregroundDirectives(): string {
  return `daemon off;${process.getuid?.() === 0 ? " user root root;" : ""} error_log stderr notice;`;
}

/** Resolves once something accepts connections on 127.0.0.1:`port`. */
export async function waitForPort(port: number, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Throws unless nginx answers on `port`: something else listening there (a parallel test's
 * server given the port, nginx failing to bind it) would otherwise pass for nginx at start and
 * fail the tests later with refused connections. nginx names itself in `Server`, even with
 * server_tokens off, on every reply (its own and proxied ones); svc never sends the header.
 */
async function confirmNginxListens(port: number, errorLog: () => string): Promise<void> {
  const reply = await get(port, "/healthz");
  const server = reply.headers.server;
  if (typeof server !== "string" || !server.startsWith("nginx")) {
    throw new Error(
      `port ${port} answers, but not as nginx (Server: ${String(server)}): another process has it\n${errorLog()}`,
    );
  }
}

/** Starts nginx on a configuration file (its prefix is the file's directory). */
export async function startNginxOn(configFile: string, port: number): Promise<RunningNginx> {
  const prefix = dirname(configFile);
  const child = spawn(NGINX_PATH, ["-p", prefix, "-c", configFile, "-g", foregroundDirectives()], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errorLog = () => {
    const file = join(prefix, "logs", "error.log");
    return stderr + (existsSync(file) ? readFileSync(file, "utf8") : "");
  };
  const exitReport = () =>
    child.exitCode === null && child.signalCode === null
      ? undefined
      : `nginx exited (code ${child.exitCode}, signal ${child.signalCode}); its log:\n${errorLog()}`;
  try {
    await Promise.race([
      waitForPort(port).then(() => confirmNginxListens(port, errorLog)),
      exited.then(() => {
        throw new Error(`nginx exited at start:\n${errorLog()}`);
      }),
    ]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    port,
    process: child,
    errorLog,
    exitReport,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Renders the deploy configuration and starts nginx on it. */
export async function startDeployNginx(options: NginxOptions): Promise<RunningNginx> {
  return startNginxOn(renderNginxConfig(options), options.port);
}
