// The checkout's package.json and package-lock.json, read as the dependency tests need them
// (test/engines.test.ts, test/install-scripts.test.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../src/config/package-root.js";

export interface PackageJson {
  engines?: { node?: string };
  allowScripts?: Record<string, unknown>;
}

/** A package-lock.json v3 entry: "" is the project, "node_modules/a/node_modules/b" is b. */
export interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
}

const readJson = (file: string): unknown =>
  JSON.parse(readFileSync(join(packageRoot(), file), "utf8"));

export function readPackageJson(): PackageJson {
  return readJson("package.json") as PackageJson;
}

/** package-lock.json's entries by path. */
export function lockedPackages(): Record<string, LockedPackage> {
  return (readJson("package-lock.json") as { packages: Record<string, LockedPackage> }).packages;
}

/** The package name of a lock path ("node_modules/a/node_modules/b" is "b"). */
export function lockedName(path: string): string {
  return path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
}
