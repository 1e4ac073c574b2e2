// Counts each request in the HTTP metrics (src/metrics/http-metrics.ts) with its route, status
// and latency once its reply is sent. A request whose client left before the reply was sent is
// not counted (the request log shows it as aborted).
import type { ServerResponse } from "node:http";
import type { HttpMetrics, RouteName } from "../../metrics/index.js";

/** `startedMs`: performance.now() when the request arrived. */
export function recordWhenSent(
  metrics: HttpMetrics,
  res: ServerResponse,
  route: RouteName,
  startedMs: number,
): void {
  // A file from memory has been written when its handler returns: recorded at once, without
  // a listener and its closure (the hot path). Everything else waits for "finish".
  if (res.writableEnded) {
    metrics.record(route, res.statusCode, (performance.now() - startedMs) / 1000);
    return;
  }
  res.once("finish", () => {
    metrics.record(route, res.statusCode, (performance.now() - startedMs) / 1000);
  });
}
