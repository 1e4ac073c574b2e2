// `Cache-Control` of published files: public, and never fresh past the next rebuild
// (00:00 or 12:00 UTC, spec "What the service does"). The value changes once a second.
import { latestCut, nextCut } from "../../time/cut-time.js";

/**
 * While the live tree is older than the latest cut (the new edition is being built and
 * published), files may change any minute: they are cached this long only.
 */
export const PENDING_MAX_AGE_SECONDS = 60;

/** Seconds a file of the edition cut at `cutMs` stays fresh at `nowMs`. */
export function maxAgeSeconds(cutMs: number, nowMs: number): number {
  const now = new Date(nowMs);
  if (cutMs < latestCut(now).getTime()) return PENDING_MAX_AGE_SECONDS;
  return Math.max(0, Math.floor((nextCut(now).getTime() - nowMs) / 1000));
}

/** `Cache-Control` for a tree, computed at most once per second. */
export function cacheControlClock(clock: () => number = Date.now) {
  let untilMs = 0;
  let forCut = Number.NaN;
  let value = "";
  return (cutMs: number): string => {
    const now = clock();
    if (now >= untilMs || now < untilMs - 1000 || cutMs !== forCut) {
      value = `public, max-age=${maxAgeSeconds(cutMs, now)}`;
      untilMs = Math.floor(now / 1000) * 1000 + 1000;
      forCut = cutMs;
    }
    return value;
  };
}
