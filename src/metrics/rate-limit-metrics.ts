// Calls refused by the rate limit (/ask and MCP tools/call share one budget): one counter,
// by the route that refused.
import { Counter, type Registry } from "prom-client";

export type MeteredRoute = "ask" | "mcp";

export interface RateLimitMetrics {
  /** Counts one call refused with 429. */
  refused(route: MeteredRoute): void;
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
  return { refused: (route) => children[route].inc() };
}
