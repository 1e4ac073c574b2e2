// The build's V8 pool: one thread fewer than the cores on machines with fewer than Node's
// default pool, nothing on larger ones, and never over the operator's own choice.
import { describe, expect, it } from "vitest";
import { buildArguments } from "./scheduled-build.js";
import { buildPoolFlag, NODE_DEFAULT_POOL, poolSizeFor, poolSizeGiven } from "./v8-pool.js";

describe("the build's V8 pool", () => {
  it("is one thread fewer than the cores, at least one, below Node's default", () => {
    expect(poolSizeFor(1)).toBe(1);
    expect(poolSizeFor(2)).toBe(1);
    expect(poolSizeFor(3)).toBe(2);
    expect(poolSizeFor(NODE_DEFAULT_POOL)).toBeUndefined();
    expect(poolSizeFor(64)).toBeUndefined();
  });

  it("is left alone when the process was given a size, as a flag or in NODE_OPTIONS", () => {
    expect(poolSizeGiven(["--v8-pool-size=3"])).toBe(true);
    expect(poolSizeGiven(["--v8-pool-size", "3"])).toBe(true);
    expect(poolSizeGiven([], "--max-old-space-size=512 --v8-pool-size=2")).toBe(true);
    expect(poolSizeGiven(["--import", "x.js"], "--v8-pool-sizes")).toBe(false);
    expect(buildPoolFlag(2, ["--v8-pool-size=4"], "")).toBeUndefined();
    expect(buildPoolFlag(2, [], "--v8-pool-size=2")).toBeUndefined();
  });

  it("is left alone under a debugger, which wants the build in the process it attached to", () => {
    expect(buildPoolFlag(2, ["--inspect-brk"], "")).toBeUndefined();
    expect(buildPoolFlag(2, [], "--inspect=0.0.0.0:9230")).toBeUndefined();
    expect(buildPoolFlag(2, ["--import", "hook.js"], "--max-old-space-size=512")).toBe(
      "--v8-pool-size=1",
    );
  });

  it("is a flag for small machines only", () => {
    expect(buildPoolFlag(2, [], undefined)).toBe("--v8-pool-size=1");
    expect(buildPoolFlag(3, ["--import", "hook.js"], "")).toBe("--v8-pool-size=2");
    expect(buildPoolFlag(8, [], undefined)).toBeUndefined();
  });
});

describe("the scheduler's builds", () => {
  const cut = new Date("2026-11-21T12:00:00Z");

  it("start with the pool flag where the machine needs one, so they never start again", () => {
    expect(buildArguments("/svc/main.js", cut, "--v8-pool-size=1")).toEqual([
      "--v8-pool-size=1",
      "/svc/main.js",
      "build",
      "--at",
      "2026-11-21T12:00:00.000Z",
      "--json",
    ]);
    expect(buildArguments("/svc/main.js", cut, null)[0]).toBe("/svc/main.js");
  });
});
