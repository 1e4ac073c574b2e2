// The call budget shared by /ask and MCP tool calls (spec, "Limits"): `points` calls per
// `windowSeconds` per client, counted in a fixed window. If the shared store fails, the call is
// counted in this process's memory instead: the service stays up, only the budget is
// per process until the store is back.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { RATE_LIMIT_POLICY } from "../../api/common.js";
import { SvcError } from "../../errors.js";
import { type LimiterStoreOption, openLimiterStore } from "./limiter-store.js";

/** The policy announced in `RateLimit-Policy`. */
export interface RateLimitPolicy {
  name: string;
  quota: number;
  windowSeconds: number;
}

/** The outcome of counting one call. */
export interface CallCount {
  allowed: boolean;
  /** Calls left in this window (0 once refused). */
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface CallLimiter {
  /** The policy; undefined when limiting is off (`points: 0`). */
  readonly policy: RateLimitPolicy | undefined;
  /** Counts one call under `key` (rateLimitKey of the client address); undefined when off. */
  count(key: string): Promise<CallCount | undefined>;
  /** Closes the store's connection. */
  close(): Promise<void>;
}

export interface CallLimiterOptions {
  /** Calls per window; 0 turns limiting off. Default 60 (spec). */
  points?: number;
  /** Default 60 (spec). */
  windowSeconds?: number;
  /** Default memory. */
  store?: LimiterStoreOption;
  /** Prefix of the store's keys; tests use a unique one. Default `svc:rate:`. */
  keyPrefix?: string;
  /** Called when the shared store fails and a call is counted in memory instead. */
  onStoreError?: (error: unknown, store: string) => void;
}

const DEFAULT_KEY_PREFIX = "svc:rate:";

function validate(points: number, windowSeconds: number): void {
  const problems = [
    Number.isInteger(points) && points >= 0
      ? ""
      : `points: expected an integer >= 0, got ${points}`,
    Number.isInteger(windowSeconds) && windowSeconds >= 1
      ? ""
      : `windowSeconds: expected an integer >= 1, got ${windowSeconds}`,
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new SvcError(
      "invalid_config",
      `rate limit: ${problems.join("; ")}`,
      "Fix SVC_RATE_LIMIT: the number of calls per minute, 0 to turn the limit off.",
    );
  }
}

function toCount(result: RateLimiterRes, points: number, allowed: boolean): CallCount {
  return {
    allowed,
    remaining: allowed ? Math.max(0, points - result.consumedPoints) : 0,
    resetMs: Math.max(0, result.msBeforeNext),
  };
}

const OFF: CallLimiter = {
  policy: undefined,
  count: async () => undefined,
  close: async () => undefined,
};

/** Opens the limiter; with Redis, waits for the first connection (throws a SvcError if none). */
export async function createCallLimiter(options: CallLimiterOptions = {}): Promise<CallLimiter> {
  const points = options.points ?? RATE_LIMIT_POLICY.quota;
  const windowSeconds = options.windowSeconds ?? RATE_LIMIT_POLICY.windowSeconds;
  validate(points, windowSeconds);
  if (points === 0) return OFF;
  const window = {
    points,
    duration: windowSeconds,
    keyPrefix: options.keyPrefix ?? DEFAULT_KEY_PREFIX,
  };
  const store = await openLimiterStore(options.store ?? { kind: "memory" }, window);
  const fallback =
    store.limiter instanceof RateLimiterMemory ? undefined : new RateLimiterMemory(window);
  const consume = async (limiter: typeof store.limiter, key: string) => {
    try {
      return toCount(await limiter.consume(key), points, true);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return toCount(outcome, points, false);
      throw outcome;
    }
  };
  return {
    policy: Object.freeze({ name: RATE_LIMIT_POLICY.name, quota: points, windowSeconds }),
    async count(key) {
      try {
        return await consume(store.limiter, key);
      } catch (error) {
        if (fallback === undefined) throw error;
        options.onStoreError?.(error, store.description);
        return consume(fallback, key);
      }
    },
    close: () => store.close(),
  };
}
