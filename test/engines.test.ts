// `engines` promises Node lines (docs/decisions.md, "Node versions"); every locked package,
// the service's and the dev tools' alike (`npm install` installs both), must accept the first
// version of each line, or npm warns EBADENGINE on a Node we promise. Caught so far: css-select
// and its family need 20.19, eslint 22.13, and eslint-plugin-regexp 3.2 and later pull in a
// parser that needs Node 22.22.
import semver from "semver";
import { describe, expect, it } from "vitest";
import { lockedPackages, readPackageJson } from "./support/package-files.js";

const locked = lockedPackages();
const promised = locked[""]?.engines as { node: string } | undefined;

/** The first version of each line the range promises ("^20.19.0 || ^22.13.0": 20.19.0, 22.13.0). */
function firstOfEachLine(range: string): string[] {
  return new semver.Range(range).set.map((comparators) => {
    const first = semver.minVersion(comparators.map(String).join(" "));
    if (first === null) throw new Error(`engines.node "${range}" holds an empty range`);
    return first.version;
  });
}

describe("engines", () => {
  it("promises Node 20, 22 and 24, each from a version every locked package accepts", () => {
    expect(promised?.node).toBeDefined();
    expect(promised?.node).toBe(readPackageJson().engines?.node);
    const firsts = firstOfEachLine(promised!.node);
    expect(firsts.map((version) => semver.major(version))).toEqual([20, 22, 24]);
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(locked)) {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (path === "" || wanted === undefined) continue;
      for (const version of firsts)
        if (!semver.satisfies(version, wanted))
          refused.push(`${path}@${entry.version ?? "?"} wants Node ${wanted}, not ${version}`);
    }
    expect(refused).toEqual([]);
  });

  it("reads the first version of each line of a range", () => {
    expect(firstOfEachLine("^20.19.0 || ^22.13.0 || ^24.22.1")).toEqual([
      "20.19.0",
      "22.13.0",
      "24.22.1",
    ]);
    expect(firstOfEachLine(">=20")).toEqual(["20.0.0"]);
  });
});
