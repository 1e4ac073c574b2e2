// Runs the built `svc` command line as users do (a separate Node process), with a clean
// environment plus what the test sets.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SVC_MAIN = join(ROOT, "dist", "src", "cli", "main.js");

export interface SvcRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runSvc(
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string } = {},
): Promise<SvcRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SVC_MAIN, ...args], {
      env: { PATH: process.env.PATH, ...env },
      maxBuffer: 64 * 1024 * 1024,
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

export interface SvcProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it wrote so far, stdout and stderr. */
  log: () => string;
}

/** Starts a long-running `svc` command (serve, scheduler) with a clean environment plus `env`. */
export function spawnSvc(args: string[], env: Record<string, string>): SvcProcess {
  const child = spawn(process.execPath, [SVC_MAIN, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, exited, log: () => log };
}
