// The rebuild schedule on a fake clock: cut times, catch-up after downtime, a failing build.
import { describe, expect, it } from "vitest";
import { createLogger } from "../server/http/logger.js";
import { type BuildOutcome, retryDelay, runScheduler, type SchedulerClock } from "./scheduler.js";

const iso = (ms: number) => new Date(ms).toISOString();

/** A clock whose sleeps pass at once, moving time forward. */
function fakeClock(startIso: string): SchedulerClock & { sleeps: number[] } {
  let now = Date.parse(startIso);
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

interface Run {
  builds: string[];
  outcomes: BuildOutcome[];
  live: number | undefined;
}

/** Runs the scheduler until `stopAfter` builds were attempted. */
async function schedule(options: {
  start: string;
  live?: string;
  stopAfter: number;
  fails?: (attempt: number, cut: Date) => boolean;
}) {
  const clock = fakeClock(options.start);
  const controller = new AbortController();
  const run: Run = {
    builds: [],
    outcomes: [],
    live: options.live === undefined ? undefined : Date.parse(options.live),
  };
  const attempts: string[] = [];
  await runScheduler(
    {
      clock,
      logger: createLogger("silent"),
      liveCut: async () => run.live,
      buildAndPublish: async (cut) => {
        attempts.push(`${iso(cut.getTime())} at ${iso(clock.now())}`);
        if (attempts.length >= options.stopAfter) controller.abort();
        if (options.fails?.(attempts.length, cut)) throw new Error("store unreachable");
        run.builds.push(iso(cut.getTime()));
        run.live = cut.getTime();
      },
      onBuildFinished: (outcome) => run.outcomes.push(outcome),
      firstRetryMs: 60_000,
      maxRetryMs: 30 * 60_000,
    },
    controller.signal,
  );
  return { ...run, attempts, clock };
}

describe("the rebuild schedule", () => {
  it("builds at 00:00 and 12:00 UTC, and catches up a missed cut at start", async () => {
    const run = await schedule({
      start: "2026-11-21T05:17:00.000Z",
      live: "2026-11-20T12:00:00.000Z",
      stopAfter: 4,
    });
    expect(run.attempts).toEqual([
      "2026-11-21T00:00:00.000Z at 2026-11-21T05:17:00.000Z",
      "2026-11-21T12:00:00.000Z at 2026-11-21T12:00:00.000Z",
      "2026-11-22T00:00:00.000Z at 2026-11-22T00:00:00.000Z",
      "2026-11-22T12:00:00.000Z at 2026-11-22T12:00:00.000Z",
    ]);
    // It looks at the clock at least once a minute (a suspended machine wakes up on time).
    expect(Math.max(...run.clock.sleeps)).toBeLessThanOrEqual(60_000);
  });

  it("builds nothing at start when the live edition is current", async () => {
    const run = await schedule({
      start: "2026-11-21T13:00:00.000Z",
      live: "2026-11-21T12:00:00.000Z",
      stopAfter: 1,
    });
    expect(run.attempts).toEqual(["2026-11-22T00:00:00.000Z at 2026-11-22T00:00:00.000Z"]);
  });

  it("after days of downtime builds only the latest cut, and the first edition ever", async () => {
    const late = await schedule({
      start: "2026-11-25T18:30:00.000Z",
      live: "2026-11-21T00:00:00.000Z",
      stopAfter: 1,
    });
    expect(late.builds).toEqual(["2026-11-25T12:00:00.000Z"]);
    const first = await schedule({ start: "2026-11-25T18:30:00.000Z", stopAfter: 1 });
    expect(first.builds).toEqual(["2026-11-25T12:00:00.000Z"]);
  });

  it("retries a failing build with back-off, leaving the live edition, until it succeeds", async () => {
    const run = await schedule({
      start: "2026-11-21T12:00:00.000Z",
      live: "2026-11-21T00:00:00.000Z",
      stopAfter: 5,
      fails: (attempt) => attempt <= 4,
    });
    expect(run.attempts).toEqual([
      "2026-11-21T12:00:00.000Z at 2026-11-21T12:00:00.000Z",
      "2026-11-21T12:00:00.000Z at 2026-11-21T12:01:00.000Z",
      "2026-11-21T12:00:00.000Z at 2026-11-21T12:03:00.000Z",
      "2026-11-21T12:00:00.000Z at 2026-11-21T12:07:00.000Z",
      "2026-11-21T12:00:00.000Z at 2026-11-21T12:15:00.000Z",
    ]);
    expect(run.outcomes.map((outcome) => outcome.ok)).toEqual([false, false, false, false, true]);
    expect(run.outcomes[0]?.error).toContain("store unreachable");
    expect(run.builds).toEqual(["2026-11-21T12:00:00.000Z"]);
  });

  it("gives up a cut that keeps failing when the next cut is due", async () => {
    const run = await schedule({
      start: "2026-11-21T11:50:00.000Z",
      live: "2026-11-20T12:00:00.000Z",
      stopAfter: 6,
      fails: (_attempt, cut) => cut.getTime() < Date.parse("2026-11-21T12:00:00.000Z"),
    });
    expect(run.attempts.slice(0, 4)).toEqual([
      "2026-11-21T00:00:00.000Z at 2026-11-21T11:50:00.000Z",
      "2026-11-21T00:00:00.000Z at 2026-11-21T11:51:00.000Z",
      "2026-11-21T00:00:00.000Z at 2026-11-21T11:53:00.000Z",
      "2026-11-21T00:00:00.000Z at 2026-11-21T11:57:00.000Z",
    ]);
    // The next retry would be 12:05; the 12:00 cut comes first and is built at once.
    expect(run.attempts[4]).toBe("2026-11-21T12:00:00.000Z at 2026-11-21T12:00:00.000Z");
    expect(run.builds[0]).toBe("2026-11-21T12:00:00.000Z");
  });

  it("doubles the wait per failure up to the cap", () => {
    const waits = [1, 2, 3, 5, 6, 50].map((n) => retryDelay(n, 60_000, 30 * 60_000));
    expect(waits).toEqual([60_000, 120_000, 240_000, 960_000, 1_800_000, 1_800_000]);
  });
});
