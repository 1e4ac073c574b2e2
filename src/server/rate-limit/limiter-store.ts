// Where the call counts live: this process's memory, the node:cluster primary (all workers
// share one budget), or Redis (all replicas share one budget). Each is the same exact
// sliding window of `points` calls per `duration` seconds (sliding-log.ts, cluster-window.ts,
// redis-window.ts).
import cluster from "node:cluster";
import type { Redis } from "ioredis";
import { describeError, SvcError } from "../../errors.js";
import type { CallCount } from "./call-limiter.js";
import { clusterSlidingWindow } from "./cluster-window.js";
import { redisSlidingWindow } from "./redis-window.js";
import { SlidingLog } from "./sliding-log.js";

/** Where the counts are kept. */
export type LimiterStoreOption =
  | { kind: "memory" }
  /** Shared by the workers of a node:cluster; the primary must run `startRateLimitPrimary()`. */
  | { kind: "cluster"; timeoutMs?: number }
  /** Shared by every process that uses the same Redis and key prefix. */
  | { kind: "redis"; url: string; connectTimeoutMs?: number };

export interface LimiterStore {
  /** Counts a call of `key` if the window allows it; rejects when the store fails. */
  take(key: string): Promise<CallCount>;
  /** True for this process's memory (no fallback is needed). */
  local: boolean;
  /** What the store is, for messages (credentials removed). */
  description: string;
  close(): Promise<void>;
}

/** A rate-limit call to Redis that takes longer fails, and is counted in memory. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

interface Window {
  points: number;
  duration: number;
  keyPrefix: string;
}

/** `redis://user:secret@host:6379/0` → `redis://host:6379/0`: never log a password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return "(an invalid URL)";
  }
}

function waitUntilReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  return new Promise((resolve, reject) => {
    let lastError: unknown;
    const onError = (error: unknown) => (lastError = error);
    const timer = setTimeout(() => {
      client.off("ready", onReady);
      client.off("error", onError);
      reject(new Error(lastError === undefined ? "timed out" : describeError(lastError)));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      client.off("error", onError);
      resolve();
    };
    client.once("ready", onReady);
    client.on("error", onError);
  });
}

async function openRedis(url: string, connectTimeoutMs: number, window: Window) {
  const description = `redis ${redactUrl(url)}`;
  // No offline queue: while Redis is away a call fails at once and is counted in memory
  // (call-limiter.ts) instead of waiting for a reconnection; a Redis that is up but slow
  // fails the call after 1 s (as a silent cluster primary does).
  // Loaded only when Redis is configured: ioredis defines `class … extends String`, which on
  // Node 20 slows every string method of the process (measured 2-7x on the builder's loops).
  const { Redis: RedisClient } = await import("ioredis");
  const client = new RedisClient(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  // ioredis reports every failed reconnection as an error event; call-limiter.ts reports
  // the failed calls, so these are only kept from crashing the process.
  client.on("error", () => undefined);
  try {
    await waitUntilReady(client, connectTimeoutMs);
  } catch (error) {
    client.disconnect();
    throw new SvcError(
      "store_unavailable",
      `rate limit: cannot connect to ${description}: ${describeError(error)}`,
      "Start Redis or fix REDIS_URL; without REDIS_URL each process counts calls on its own.",
    );
  }
  const take = redisSlidingWindow(client, window.points, window.duration * 1000, window.keyPrefix);
  return {
    take: async (key: string) => {
      // No waiting for a reconnection: a store that is not ready has failed this call.
      if (client.status !== "ready") throw new Error(`redis is ${client.status}`);
      return take(key);
    },
    local: false,
    description,
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** Opens the store; for Redis, waits for the first connection (or throws a SvcError). */
export async function openLimiterStore(
  option: LimiterStoreOption,
  window: Window,
): Promise<LimiterStore> {
  const none = async () => undefined;
  switch (option.kind) {
    case "memory": {
      const log = new SlidingLog(window.points, window.duration * 1000);
      return {
        take: (key) => Promise.resolve(log.take(key, Date.now())),
        local: true,
        description: "memory",
        close: none,
      };
    }
    case "cluster":
      if (!cluster.isWorker) {
        throw new SvcError(
          "invalid_config",
          "rate limit: the cluster store only works in a node:cluster worker",
          "Use the memory store in a single process, or start the server as cluster workers.",
        );
      }
      return {
        take: clusterSlidingWindow(window.points, window.duration * 1000, option.timeoutMs ?? 1000),
        local: false,
        description: "cluster primary",
        close: none,
      };
    case "redis":
      return openRedis(option.url, option.connectTimeoutMs ?? 5000, window);
  }
}
