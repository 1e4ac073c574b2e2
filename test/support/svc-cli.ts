// Runs the built `svc` command line as users do (a separate Node process), with a clean
// environment plus what the test sets.
import { execFile } from "node:child_process";
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

export async function runSvc(args: string[], env: Record<string, string>): Promise<SvcRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SVC_MAIN, ...args], {
      env: { PATH: process.env.PATH, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
