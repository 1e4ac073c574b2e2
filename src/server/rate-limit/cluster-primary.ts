// The node:cluster primary's half of the shared call budget: it keeps the counts of every
// worker's RateLimiterCluster (limiter-store.ts) in its memory and answers them over IPC.
import cluster from "node:cluster";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";

/**
 * Call once in the primary before forking workers that use the `cluster` store. Calling it
 * again is harmless (rate-limiter-flexible keeps one instance).
 */
export function startRateLimitPrimary(): void {
  if (!cluster.isPrimary) return;
  new RateLimiterClusterMaster();
}
