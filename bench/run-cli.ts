// Runs the built `svc` CLI as a user would (a separate process) and reports its wall time
// and peak RSS (measured inside it by record-peak-rss.ts).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const CLI = resolve("dist/src/cli/main.js");
const RSS_HOOK = resolve("dist/bench/record-peak-rss.js");

export interface CliRun {
  seconds: number;
  peakRssBytes: number;
  stdout: string;
}

export async function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const rssFile = join(tmpdir(), `svc-bench-rss-${randomBytes(4).toString("hex")}`);
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ["--import", RSS_HOOK, CLI, ...args], {
    env: { ...process.env, ...env, SVC_BENCH_RSS_FILE: rssFile, CI: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const code = await new Promise<number | null>((done) => child.on("close", done));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) throw new Error(`svc ${args.join(" ")} exited with ${code}: ${stdout}`);
  const peakRssBytes = Number(readFileSync(rssFile, "utf8"));
  rmSync(rssFile, { force: true });
  return { seconds, peakRssBytes, stdout };
}
