// Requests and their latency by route and status: a counter and a histogram in seconds. The
// route is one of a fixed set, never the raw path, so the number of series stays bounded
// whatever clients ask for.
import { Counter, Histogram, type Registry } from "prom-client";

export const ROUTES = ["static", "ask", "mcp", "healthz", "readyz", "metrics", "other"] as const;
export type RouteName = (typeof ROUTES)[number];

const DYNAMIC_ROUTES: ReadonlyMap<string, RouteName> = new Map([
  ["/ask", "ask"],
  ["/mcp", "mcp"],
  ["/healthz", "healthz"],
  ["/readyz", "readyz"],
  ["/metrics", "metrics"],
]);

/**
 * Upper bounds in seconds: a file from memory takes well under a millisecond, /ask a few,
 * an MCP call or a slow archive read more.
 */
export const LATENCY_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** The route of a request the static handler did not answer (`path` without the query). */
export function dynamicRouteOf(path: string): RouteName {
  return DYNAMIC_ROUTES.get(path) ?? "other";
}

export interface HttpMetrics {
  /** Counts one answered request and its latency. */
  record(route: RouteName, status: number, seconds: number): void;
}

interface Series {
  requests: { inc(): void };
  latency: { observe(seconds: number): void };
}

/** `svc_http_requests_total` and `svc_http_request_duration_seconds`, both {route, status}. */
export function httpMetrics(registry: Registry): HttpMetrics {
  const labelNames = ["route", "status"] as const;
  const requests = new Counter({
    name: "svc_http_requests_total",
    help: "HTTP requests answered, by route (static, ask, mcp, healthz, readyz, metrics, other) and status code.",
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "svc_http_request_duration_seconds",
    help: "Seconds from the handler getting the request (headers read) to its reply being written, by route and status code.",
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // Label children are made once per route and status: the hot path only looks them up.
  const byRoute = Object.fromEntries(ROUTES.map((route) => [route, new Map()])) as Record<
    RouteName,
    Map<number, Series>
  >;
  const seriesOf = (route: RouteName, status: number): Series => {
    let series = byRoute[route].get(status);
    if (series === undefined) {
      const code = String(status);
      series = { requests: requests.labels(route, code), latency: latency.labels(route, code) };
      byRoute[route].set(status, series);
    }
    return series;
  };
  return {
    record(route, status, seconds) {
      const series = seriesOf(route, status);
      series.requests.inc();
      series.latency.observe(seconds);
    },
  };
}
