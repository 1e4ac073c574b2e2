// A limiter that reports each call it refuses, so /metrics counts rate-limit refusals by the
// route that asked (http/app.ts wraps the one shared limiter once for /ask and once for /mcp).
import type { CallLimiter } from "./call-limiter.js";

/** `limiter`, calling `onRefused` after each call it refuses. */
export function countRefusals(limiter: CallLimiter, onRefused: () => void): CallLimiter {
  return {
    policy: limiter.policy,
    async count(key) {
      const count = await limiter.count(key);
      if (count?.allowed === false) onRefused();
      return count;
    },
    close: () => limiter.close(),
  };
}
