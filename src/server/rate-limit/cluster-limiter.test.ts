// Workers of a node:cluster share one budget through the primary (RateLimiterCluster): a
// real primary forks two real workers (test/fixtures/rate-limit-cluster.ts).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const SCRIPT = fileURLToPath(
  new URL("../../../test/fixtures/rate-limit-cluster.ts", import.meta.url),
);

describe("createCallLimiter in a node:cluster", () => {
  it("counts the calls of every worker against one budget", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", SCRIPT], {
      timeout: 30_000,
    });
    const { points, outcomes } = JSON.parse(stdout) as { points: number; outcomes: boolean[][] };
    expect(outcomes).toHaveLength(2);
    const allowed = outcomes.flat().filter(Boolean).length;
    // 8 calls, 4 from each worker: exactly the budget passes, shared between the two.
    expect(allowed).toBe(points);
    expect(outcomes.every((calls) => calls.some(Boolean))).toBe(true);
  });
});
