// Runs the built eval (`npm run eval -- …`, dist/eval/main.js) in a separate Node process, as
// users run it, and writes the files a test gives it into one temporary folder.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./svc-cli.js";

/** Node with `args` (a script and its arguments) and a clean environment. */
export async function runNode(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await promisify(execFile)(process.execPath, args, {
      env: { PATH: process.env.PATH },
    });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

export function runEval(args: string[]): Promise<{ code: number; stderr: string }> {
  return runNode([join(ROOT, "dist", "eval", "main.js"), ...args]);
}

/** A temporary folder: `write` puts a file in it, `remove` deletes it (afterAll). */
export function scratchFolder(prefix: string) {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  return {
    folder,
    write: (name: string, text: string): string => {
      const path = join(folder, name);
      writeFileSync(path, text);
      return path;
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
