// An exact sliding-window limit kept in memory: for each key, the times of its counted calls
// in the last window, oldest first. A call is counted only while fewer than `points` calls lie
// within the window before it, so no interval of `windowMs` ([t, t + windowMs)) ever holds
// more than `points` counted calls, however they straddle a minute's edge (a fixed window allows
// twice the limit across its edge). rate-limiter-flexible has fixed windows only; this is the
// sliding log, at most `points` numbers per active key.
import type { CallCount } from "./call-limiter.js";

/** Takes between sweeps of keys whose calls have all left the window. */
const SWEEP_EVERY = 10_000;

export class SlidingLog {
  readonly #times = new Map<string, number[]>();
  #takes = 0;

  constructor(
    readonly points: number,
    readonly windowMs: number,
  ) {}

  /** Counts a call of `key` at `nowMs` if the window allows it; what remains and when. */
  take(key: string, nowMs: number): CallCount {
    if (++this.#takes % SWEEP_EVERY === 0) this.sweep(nowMs);
    let times = this.#times.get(key);
    if (times === undefined) {
      times = [];
      this.#times.set(key, times);
    }
    // A call at t has left the window at t + windowMs.
    const from = nowMs - this.windowMs;
    let expired = 0;
    while (expired < times.length && times[expired]! <= from) expired++;
    if (expired > 0) times.splice(0, expired);
    const allowed = times.length < this.points;
    if (allowed) times.push(nowMs);
    return {
      allowed,
      remaining: this.points - times.length,
      // Until the oldest counted call leaves the window: then one more call is allowed.
      resetMs: times.length === 0 ? 0 : times[0]! + this.windowMs - nowMs,
    };
  }

  /** Forgets keys without a call in the window (memory stays bounded by active clients). */
  sweep(nowMs: number): void {
    const from = nowMs - this.windowMs;
    for (const [key, times] of this.#times) {
      if ((times.at(-1) ?? -Infinity) <= from) this.#times.delete(key);
    }
  }

  /** Keys held (for tests). */
  get size(): number {
    return this.#times.size;
  }
}
