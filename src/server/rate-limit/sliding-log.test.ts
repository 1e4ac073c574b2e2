// The exact sliding window: never more than `points` counted calls in any interval of the
// window's length ([t, t + window)), wherever the calls fall; time to the next free call;
// bounded memory.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SlidingLog } from "./sliding-log.js";

const MINUTE = 60_000;

describe("SlidingLog", () => {
  it("refuses the 61st call within 60 s and allows one as the oldest leaves the window", () => {
    const log = new SlidingLog(60, MINUTE);
    for (let call = 0; call < 60; call++) expect(log.take("a", 1000 + call).allowed).toBe(true);
    const refused = log.take("a", 2000);
    expect(refused).toEqual({ allowed: false, remaining: 0, resetMs: 1000 + MINUTE - 2000 });
    expect(log.take("a", 999 + MINUTE).allowed).toBe(false);
    // At oldest + 60 s the oldest has left the window: one call more.
    expect(log.take("a", 1000 + MINUTE)).toMatchObject({ allowed: true, remaining: 0 });
    expect(log.take("a", 1000 + MINUTE).allowed).toBe(false);
    expect(log.take("b", 2000)).toMatchObject({ allowed: true, remaining: 59 });
  });

  it("allows 60, not 120, across a minute's edge (a fixed window's flaw)", () => {
    const log = new SlidingLog(60, MINUTE);
    let answered = 0;
    for (let call = 0; call < 60; call++)
      answered += log.take("a", 54_000 + call * 10).allowed ? 1 : 0;
    for (let call = 0; call < 60; call++)
      answered += log.take("a", 60_100 + call * 10).allowed ? 1 : 0;
    expect(answered).toBe(60);
  });

  it("never counts more than `points` calls in any interval of the window's length", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 120 }),
        (points, gaps) => {
          const windowMs = 1000;
          const log = new SlidingLog(points, windowMs);
          let now = 0;
          const counted: number[] = [];
          for (const gap of gaps) {
            now += gap % 400;
            if (log.take("k", now).allowed) counted.push(now);
          }
          for (const start of counted) {
            const inside = counted.filter((t) => t >= start && t < start + windowMs).length;
            if (inside > points) return false;
          }
          return true;
        },
      ),
    );
  });

  it("forgets keys whose calls have all left the window", () => {
    const log = new SlidingLog(60, MINUTE);
    log.take("a", 0);
    log.take("b", 30_000);
    log.sweep(MINUTE);
    expect(log.size).toBe(1);
    log.sweep(2 * MINUTE);
    expect(log.size).toBe(0);
  });
});
