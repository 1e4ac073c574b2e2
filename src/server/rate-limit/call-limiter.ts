// The call budget shared by /ask and MCP tool calls (spec, "Limits"): `points` calls per
// `windowSeconds` per client, in an exact sliding window (no interval of the window's length
// holds more: sliding-log.ts). If the shared store fails, the call is counted in this
// process's memory instead, against this process's share of the budget (points / sharers),
// so that a store outage cannot multiply a client's budget by the number of processes.
import { RATE_LIMIT_POLICY } from "../../api/common.js";
import { SvcError } from "../../errors.js";
import { type LimiterStoreOption, openLimiterStore } from "./limiter-store.js";
import { SlidingLog } from "./sliding-log.js";

/** The policy announced in `RateLimit-Policy`. */
export interface RateLimitPolicy {
  name: string;
  quota: number;
  windowSeconds: number;
}

/** The outcome of counting one call. */
export interface CallCount {
  allowed: boolean;
  /** Calls left in the window now (0 once refused). */
  remaining: number;
  /** Milliseconds until the oldest counted call leaves the window (one more is allowed then). */
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
  /**
   * Processes that share the budget through the store (a cluster's workers); while the store
   * fails each counts against points / sharers (at least 1). Default 1.
   */
  sharers?: number;
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
  const share = Math.max(1, Math.floor(points / Math.max(1, options.sharers ?? 1)));
  const fallback = store.local ? undefined : new SlidingLog(share, windowSeconds * 1000);
  return {
    policy: Object.freeze({ name: RATE_LIMIT_POLICY.name, quota: points, windowSeconds }),
    async count(key) {
      try {
        return await store.take(key);
      } catch (error) {
        if (fallback === undefined) throw error;
        options.onStoreError?.(error, store.description);
        return fallback.take(key, Date.now());
      }
    },
    close: () => store.close(),
  };
}
