// What the HTTP benchmarks share: a free port, `svc serve` started as users start it, waiting
// for an answer, and wrk (Debian's) as the load tool.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";

export const WRK = "/usr/bin/wrk";
const CLI = resolve("dist/src/cli/main.js");

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const address = probe.address();
  await new Promise((done) => probe.close(done));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * `svc serve` without access logs, the rate limit (benchmarks only) and the schedule; `env`
 * adds or overrides settings (SVC_SERVE_WORKERS, SVC_TRUSTED_PROXIES, …).
 */
export function startSvc(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): ChildProcess {
  return spawn(process.execPath, [CLI, "serve"], {
    env: {
      ...process.env,
      SVC_DATA_DIR: dataDir,
      PORT: String(port),
      SVC_LOG_LEVEL: "warn",
      SVC_RATE_LIMIT: "0",
      SVC_SCHEDULER: "off",
      ...env,
    },
    stdio: "inherit",
  });
}

export async function waitFor(url: string, timeoutMs = 30_000): Promise<Buffer> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const reply = await fetch(url);
      if (reply.status === 200) return Buffer.from(await reply.arrayBuffer());
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer 200 in time`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

export interface WrkResult {
  rate: number;
  p99Ms: number;
}

function milliseconds(value: string, unit: string): number {
  const scale: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };
  return Number(value) * (scale[unit] ?? Number.NaN);
}

/** Runs wrk (2 threads); refuses a run that saw non-2xx replies. */
export function wrk(
  url: string,
  options: { seconds: number; connections: number; script?: string; cpus?: string },
): WrkResult {
  const args = ["-t2", `-c${options.connections}`, `-d${options.seconds}s`, "--latency"];
  if (options.script !== undefined) args.push("-s", options.script);
  // `cpus` (a taskset list, e.g. "0") keeps wrk on those cores.
  const output =
    options.cpus === undefined
      ? execFileSync(WRK, [...args, url], { encoding: "utf8" })
      : execFileSync("taskset", ["-c", options.cpus, WRK, ...args, url], { encoding: "utf8" });
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output)?.[1];
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(output);
  if (rate === undefined || p99 === null) throw new Error(`wrk printed no rate:\n${output}`);
  if (/Non-2xx/.test(output)) throw new Error(`wrk saw errors:\n${output}`);
  return { rate: Number(rate), p99Ms: milliseconds(p99[1] ?? "", p99[2] ?? "") };
}

/** The tools a benchmark needs, or a message saying which are missing. */
export function missingTools(paths: readonly string[]): string | undefined {
  const missing = paths.filter((path) => {
    try {
      accessSync(path, constants.X_OK);
      return false;
    } catch {
      return true;
    }
  });
  return missing.length === 0 ? undefined : `needs ${missing.join(" and ")}`;
}
