// Counts one metered call (/ask, an MCP tool call) and says how to answer: the rate-limit
// headers of draft-ietf-httpapi-ratelimit-headers-11 for every counted reply, and for a refused
// call the 429 body and `Retry-After` (spec, "Errors" and "Limits").
// https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/
import type { RateLimitedErrorBody } from "../../api/error-body.js";
import type { CallCount, CallLimiter, RateLimitPolicy } from "./call-limiter.js";
import { rateLimitKey } from "./ip-address.js";

export const RATE_LIMITED_CODE = "rate_limited";

export interface CallVerdict {
  /** Headers for the reply (none when limiting is off). */
  headers: Record<string, string>;
  /** Present when the call is refused: answer 429 with this body. */
  refusal?: RateLimitedErrorBody;
}

/** `RateLimit-Policy` and `RateLimit` (no `pk`: the limit is per IP address). */
export function rateLimitHeaders(
  policy: RateLimitPolicy,
  count: CallCount,
): Record<string, string> {
  const name = JSON.stringify(policy.name);
  const resetSeconds = Math.ceil(count.resetMs / 1000);
  return {
    "RateLimit-Policy": `${name};q=${policy.quota};w=${policy.windowSeconds}`,
    RateLimit: `${name};r=${count.remaining};t=${resetSeconds}`,
  };
}

function refusal(policy: RateLimitPolicy, retryAfter: number): RateLimitedErrorBody {
  return {
    error: RATE_LIMITED_CODE,
    message: `More than ${policy.quota} calls in ${policy.windowSeconds} seconds from this address (/ask and MCP tool calls are counted together).`,
    next_step: `Wait ${retryAfter} seconds (retry_after), then call again. Story files, feeds and latest.json are not counted: read them freely.`,
    retry_after: retryAfter,
  };
}

/** Counts one call from `clientAddress` and returns the headers and, if refused, the 429 body. */
export async function meterCall(limiter: CallLimiter, clientAddress: string): Promise<CallVerdict> {
  const { policy } = limiter;
  const count = await limiter.count(rateLimitKey(clientAddress));
  if (policy === undefined || count === undefined) return { headers: {} };
  const headers = rateLimitHeaders(policy, count);
  if (count.allowed) return { headers };
  // Never earlier than `t` of RateLimit, and never 0: the window is still closed.
  const retryAfter = Math.max(1, Math.ceil(count.resetMs / 1000));
  return {
    headers: { ...headers, "Retry-After": String(retryAfter) },
    refusal: refusal(policy, retryAfter),
  };
}
