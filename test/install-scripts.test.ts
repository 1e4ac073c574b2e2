// npm runs a dependency's install scripts only when package.json's `allowScripts` approves it
// (npm 11.19 warns and runs them; its documentation says they are blocked by default, and a
// blocked better-sqlite3 install leaves no store: `npm start` fails). `allowScripts` names
// exactly the locked packages that have install scripts, by name, so a version bump keeps the
// approval; docs/operations.md, "Install".
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../src/config/package-root.js";

interface LockedPackage {
  version?: string;
  hasInstallScript?: boolean;
}

const root = packageRoot();
const readJson = (file: string): unknown => JSON.parse(readFileSync(join(root, file), "utf8"));

/** Names of the locked packages with install scripts ("node_modules/a/node_modules/b" is b). */
function lockedWithInstallScripts(): string[] {
  const lock = readJson("package-lock.json") as { packages: Record<string, LockedPackage> };
  const names = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== "" && entry.hasInstallScript === true)
    .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
  return [...new Set(names)].sort();
}

/**
 * npm's own listing of installed packages whose install scripts allowScripts does not cover;
 * undefined when this npm has no such command (before 11.19).
 */
function npmPending(): string | undefined {
  const listed = spawnSync("npm", ["install-scripts", "ls"], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (listed.status !== 0 && /unknown command/i.test(`${listed.stdout}${listed.stderr}`))
    return undefined;
  if (listed.status !== 0)
    throw new Error(`npm install-scripts ls failed (${listed.status}): ${listed.stderr}`);
  return listed.stdout;
}

describe("install scripts", () => {
  it("allowScripts approves, by name, exactly the locked packages with install scripts", () => {
    const allow = (readJson("package.json") as { allowScripts?: Record<string, unknown> })
      .allowScripts;
    expect(allow, "package.json has no allowScripts").toBeDefined();
    const locked = lockedWithInstallScripts();
    // better-sqlite3 compiles the store; without its script there is no store at all.
    expect(locked).toContain("better-sqlite3");
    expect(Object.keys(allow ?? {}).sort()).toEqual(locked);
    for (const name of locked) expect(allow?.[name], name).toBe(true);
  });

  const pending = npmPending();
  it.skipIf(pending === undefined)(
    "leaves npm nothing to review (npm install-scripts ls, where npm has the command)",
    () => {
      expect(pending).not.toMatch(/not yet covered/);
    },
  );
});
