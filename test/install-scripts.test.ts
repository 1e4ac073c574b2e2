// npm runs a dependency's install scripts only when package.json's `allowScripts` approves it
// (npm 11.19 warns and runs them; its documentation says they are blocked by default, and a
// blocked better-sqlite3 install leaves no store: `npm start` fails). `allowScripts` names
// exactly the locked packages that have install scripts, by name, so a version bump keeps the
// approval; docs/operations.md, "Install".
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../src/config/package-root.js";
import { lockedName, lockedPackages, readPackageJson } from "./support/package-files.js";

/** Names of the locked packages with install scripts. */
function lockedWithInstallScripts(): string[] {
  const names = Object.entries(lockedPackages())
    .filter(([path, entry]) => path !== "" && entry.hasInstallScript === true)
    .map(([path]) => lockedName(path));
  return [...new Set(names)].sort();
}

/**
 * npm's own listing of installed packages whose install scripts allowScripts does not cover;
 * undefined when this npm has no such command (before 11.19).
 */
function npmPending(): string | undefined {
  const listed = spawnSync("npm", ["install-scripts", "ls"], {
    cwd: packageRoot(),
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
    const allow = readPackageJson().allowScripts;
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
