// Calls refused by the rate limit (/ask and MCP tools/call share one budget), by the route
// that refused, and calls counted in this process's memory because the shared store failed.
import { Counter, type Registry } from "prom-client";

export type MeteredRoute = "ask" | "mcp";

export interface RateLimitMetrics {
  /** Counts one call refused with 429. */
  refused(route: MeteredRoute): void;
  /** Counts one call counted in memory because the shared store (primary, Redis) failed. */
  fellBack(): void;
}

/** `svc_rate_limit_refusals_total{route}`, both routes shown from the start (at 0). */
export function rateLimitMetrics(registry: Registry): RateLimitMetrics {
  const refusals = new Counter({
    name: "svc_rate_limit_refusals_total",
    help: "Calls refused by the rate limit (HTTP 429), by route: ask or mcp (tools/call).",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const children = { ask: refusals.labels("ask"), mcp: refusals.labels("mcp") };
  children.ask.inc(0);
  children.mcp.inc(0);
  const fallbacks = new Counter({
    name: "svc_rate_limit_store_fallbacks_total",
    help: "Calls counted against this process's share in memory because the shared rate-limit store (cluster primary or Redis) failed.",
    registers: [registry],
  });
  fallbacks.inc(0);
  return { refused: (route) => children[route].inc(), fellBack: () => fallbacks.inc() };
}
