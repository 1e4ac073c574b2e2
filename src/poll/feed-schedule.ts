// When a feed is due again (docs/poll.md): its interval after a success; after failures an
// exponential back-off (interval × 2^failures, at most a day), or the server's Retry-After
// when that is later.
const MINUTE_MS = 60_000;
const MAX_BACKOFF_MS = 24 * 60 * MINUTE_MS;
const MAX_DOUBLINGS = 10;

export function nextDueAfterSuccess(now: Date, intervalMinutes: number): Date {
  return new Date(now.getTime() + intervalMinutes * MINUTE_MS);
}

export function nextDueAfterFailure(
  now: Date,
  intervalMinutes: number,
  consecutiveFailures: number,
  retryAfterMs?: number,
): Date {
  const doublings = Math.min(Math.max(consecutiveFailures, 1), MAX_DOUBLINGS);
  const backoff = Math.min(intervalMinutes * MINUTE_MS * 2 ** doublings, MAX_BACKOFF_MS);
  const wait = Math.max(backoff, Math.min(retryAfterMs ?? 0, MAX_BACKOFF_MS));
  return new Date(now.getTime() + wait);
}

/** True when the feed was never polled or its due time has come. */
export function isDue(nextDueAt: string | null | undefined, now: Date): boolean {
  return nextDueAt == null || Date.parse(nextDueAt) <= now.getTime();
}
