// The exact sliding window in Redis, shared by every replica: one sorted set per key holding
// the times of its counted calls in the window, read and changed by one Lua script (atomic in
// Redis), on Redis's own clock (TIME) so that replicas whose clocks differ count alike. The
// same rule as sliding-log.ts: a call is counted while fewer than `points` lie in the window.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { CallCount } from "./call-limiter.js";

/**
 * KEYS[1] the key; ARGV points, window (ms), a member unique to this call. Returns
 * {allowed (1/0), remaining, ms until the oldest counted call leaves the window}.
 */
const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local points = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < points then
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window + 1000)
  count = count + 1
  allowed = 1
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local reset = 0
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return {allowed, points - count, reset}
`;

type SlidingWindowCommand = (
  key: string,
  points: number,
  windowMs: number,
  member: string,
) => Promise<[number, number, number]>;

/** A `take` over `client` (ioredis sends the script by its SHA, loading it once). */
export function redisSlidingWindow(
  client: Redis,
  points: number,
  windowMs: number,
  prefix: string,
) {
  client.defineCommand("svcSlidingWindow", { numberOfKeys: 1, lua: SLIDING_WINDOW_SCRIPT });
  const run = (
    client as unknown as { svcSlidingWindow: SlidingWindowCommand }
  ).svcSlidingWindow.bind(client);
  // Members must differ between calls of one millisecond: this process's id and a counter.
  const processId = randomUUID();
  let sequence = 0;
  return async (key: string): Promise<CallCount> => {
    const [allowed, remaining, resetMs] = await run(
      `${prefix}${key}`,
      points,
      windowMs,
      `${processId}:${(sequence += 1)}`,
    );
    return { allowed: allowed === 1, remaining, resetMs };
  };
}
