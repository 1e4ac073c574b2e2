// Runs once before all tests: builds dist/ so that end-to-end tests run the CLI exactly as
// users do, from the current sources.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export default async function setup(): Promise<void> {
  try {
    await promisify(execFile)(
      process.execPath,
      [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"],
      {
        cwd: ROOT,
      },
    );
  } catch (error) {
    // tsc still writes JavaScript when there are type errors (the typecheck reports those).
    if (!existsSync(join(ROOT, "dist", "src", "cli", "main.js"))) throw error;
  }
}
