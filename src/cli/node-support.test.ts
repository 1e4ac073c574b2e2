import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runSvc } from "../../test/support/svc-cli.js";
import { parseNodeVersion, unsupportedNodeReason } from "./node-support.js";

describe("unsupportedNodeReason", () => {
  it("refuses the Node 24 releases that abort better-sqlite3 12, and only those", () => {
    for (const refused of ["v24.19.0", "v24.20.0", "v24.21.0", "v24.21.9", "v24.22.0"])
      expect(unsupportedNodeReason(refused), refused).toContain("is not supported");
    for (const allowed of [
      "v20.10.0",
      "v20.20.2",
      "v22.12.0",
      "v22.23.5",
      "v24.18.4",
      "v24.22.1",
      "v24.23.0",
      "v25.0.0",
    ])
      expect(unsupportedNodeReason(allowed), allowed).toBeUndefined();
  });

  it("says which version is wrong, why, and what to run instead", () => {
    const reason = unsupportedNodeReason("v24.20.0") ?? "";
    expect(reason).toContain("Node 24.20.0");
    expect(reason).toContain("(env) != nullptr");
    expect(reason).toContain("Node 24.22.1 or newer, or on Node 22 or 20");
  });

  it("reads versions with or without the v, and nothing else", () => {
    expect(parseNodeVersion("v24.22.1")).toEqual([24, 22, 1]);
    expect(parseNodeVersion("22.12.0-nightly")).toEqual([22, 12, 0]);
    expect(parseNodeVersion("node")).toBeUndefined();
    expect(unsupportedNodeReason("")).toBeUndefined();
  });
});

describe("svc on a Node that aborts the embedded store", () => {
  const directory = mkdtempSync(join(tmpdir(), "svc-node-version-"));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("exits with code 2 and the reason before doing anything", async () => {
    // The svc process believes it runs on Node 24.20.0.
    const preload = join(directory, "node-24.20.mjs");
    writeFileSync(preload, 'Object.defineProperty(process, "version", { value: "v24.20.0" });\n');
    const run = await runSvc(["--help"], {
      NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`,
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("svc: Node 24.20.0 is not supported");
  });

  it("runs as usual on the Node running this test", async () => {
    const run = await runSvc(["--help"], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Usage: svc");
  });
});
