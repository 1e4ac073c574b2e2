import { describe, expect, it } from "vitest";
import { isDue, nextDueAfterFailure, nextDueAfterSuccess } from "./feed-schedule.js";

const now = new Date("2026-11-24T10:00:00Z");
const minutesAfter = (due: Date) => (due.getTime() - now.getTime()) / 60_000;

describe("feed schedule", () => {
  it("waits the interval after a success", () => {
    expect(minutesAfter(nextDueAfterSuccess(now, 30))).toBe(30);
  });

  it("backs off exponentially after failures, at most a day", () => {
    expect(
      [1, 2, 3, 4].map((failures) => minutesAfter(nextDueAfterFailure(now, 30, failures))),
    ).toEqual([60, 120, 240, 480]);
    expect(minutesAfter(nextDueAfterFailure(now, 30, 40))).toBe(24 * 60);
  });

  it("honours a later Retry-After, capped at a day", () => {
    expect(minutesAfter(nextDueAfterFailure(now, 5, 1, 3 * 3_600_000))).toBe(180);
    expect(minutesAfter(nextDueAfterFailure(now, 5, 1, 30 * 86_400_000))).toBe(24 * 60);
  });

  it("is due when never polled or when the time has come", () => {
    expect(isDue(null, now)).toBe(true);
    expect(isDue("2026-11-24T09:59:59Z", now)).toBe(true);
    expect(isDue("2026-11-24T10:00:01Z", now)).toBe(false);
  });
});
