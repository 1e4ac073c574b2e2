// Workers of a node:cluster share one budget through the primary (cluster-window.ts): a real
// primary forks two real workers (test/fixtures/rate-limit-cluster.ts). When the primary does
// not answer, each worker counts against its share, so the two together still allow no more
// than the budget.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const SCRIPT = fileURLToPath(
  new URL("../../../test/fixtures/rate-limit-cluster.ts", import.meta.url),
);

interface Run {
  points: number;
  outcomes: boolean[][];
  fallbacks: number;
}

async function run(...args: string[]): Promise<Run> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", SCRIPT, ...args],
    { timeout: 30_000 },
  );
  return JSON.parse(stdout) as Run;
}

describe("createCallLimiter in a node:cluster", () => {
  it("counts the calls of every worker against one budget", async () => {
    const { points, outcomes, fallbacks } = await run();
    expect(outcomes).toHaveLength(2);
    // 10 calls, 5 from each worker: exactly the budget (6) passes, shared between the two.
    expect(outcomes.flat().filter(Boolean).length).toBe(points);
    expect(outcomes.every((calls) => calls.some(Boolean))).toBe(true);
    expect(fallbacks).toBe(0);
  });

  it("falls back to each worker's share when the primary does not answer", async () => {
    const { points, outcomes, fallbacks } = await run("silent");
    // Each worker allows 6 / 2 = 3 of its 5 calls: 6 in all, not 12.
    expect(outcomes.map((calls) => calls.filter(Boolean).length)).toEqual([3, 3]);
    expect(outcomes.flat().filter(Boolean).length).toBe(points);
    expect(fallbacks).toBe(10);
  });
});
