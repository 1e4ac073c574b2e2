// `svc serve` with two cluster workers on the demo edition, started from the built CLI as
// operators start it, for the tests of what every worker must do (metrics, /mcp).
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { freePort } from "./free-port.js";
import { type DemoData, publishDemoEdition, recentCut } from "./mcp-editions.js";
import { SVC_MAIN } from "./svc-cli.js";

export interface ServeCluster {
  data: DemoData;
  port: number;
  child: ChildProcess;
  /** Everything the processes wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the primary's exit code. */
  exited: Promise<number | null>;
  /** Kills the processes and deletes the data directory. */
  stop(): void;
}

/**
 * Publishes the demo edition under `baseUrl`, starts `svc serve` with SVC_SERVE_WORKERS=2
 * (the scheduler off: a catch-up build must not replace the edition under a test) and `env`,
 * and waits until `ready(port)` says both workers answer.
 */
export async function startServeCluster(
  baseUrl: string,
  env: Record<string, string>,
  ready: (port: number) => Promise<boolean>,
  timeoutMs = 90_000,
): Promise<ServeCluster> {
  const data = await publishDemoEdition(recentCut(), baseUrl);
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, [SVC_MAIN, "serve"], {
    env: {
      PATH: process.env.PATH,
      ...data.env,
      PORT: String(port),
      SVC_SERVE_WORKERS: "2",
      SVC_LOG_LEVEL: "info",
      SVC_SCHEDULER: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const cluster: ServeCluster = {
    data,
    port,
    child,
    output: () => output,
    exited,
    stop() {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(data.dataDir, { recursive: true, force: true });
    },
  };
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await ready(port).catch(() => false)) return cluster;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  cluster.stop();
  throw new Error(`the cluster did not come up:\n${output}`);
}
