// Workers of a node:cluster share one budget through the primary (cluster-window.ts): a real
// primary forks two real workers (test/fixtures/rate-limit-cluster.ts). When the primary does
// not answer, each worker counts against its share, so the two together still allow no more
// than the budget. The window slides for both workers alike (no burst at a window's edge).
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

  it("keeps the window sliding across the workers: no second burst after a window's edge", async () => {
    const { points, outcomes, fallbacks } = await run("edge");
    // Per worker: 3 calls at 0 ms, 1 at 700 ms, 4 at 1,100 ms (test/fixtures/rate-limit-cluster.ts).
    const phase = (from: number, to: number) =>
      outcomes.flatMap((calls) => calls.slice(from, to)).filter(Boolean).length;
    expect(phase(0, 3)).toBe(points);
    expect(phase(3, 4)).toBe(0);
    // The first six calls have left the 1 s window: six more, and only six, pass.
    expect(phase(4, 8)).toBe(points);
    expect(fallbacks).toBe(0);
  });
});
