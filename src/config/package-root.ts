// Finds the installed package's root (holding demo/ and config/), from src/ or dist/src/.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

function readPackageJson(path: string): { name?: unknown; version?: unknown } {
  return JSON.parse(readFileSync(path, "utf8")) as { name?: unknown; version?: unknown };
}

export function packageRoot(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && readPackageJson(manifest).name === "svc") {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("cannot find the svc package root above this module");
    dir = parent;
  }
}

/** The installed package's version, from its package.json. */
export function packageVersion(): string {
  return String(readPackageJson(join(packageRoot(), "package.json")).version);
}
