// The registry of one process: what its /metrics (or its share of a cluster's /metrics)
// shows. Node's own process metrics come from prom-client's collectDefaultMetrics.
import { collectDefaultMetrics, Gauge, Registry } from "prom-client";

export interface MetricsRegistryOptions {
  /** Node's process metrics: CPU, memory, event-loop lag, GC, handles. Default true. */
  processMetrics?: boolean;
}

/**
 * A new registry holding `svc_metrics_processes` (1 per process, summed across a cluster: a
 * scrape says how many processes it covers) and, unless turned off, the process metrics.
 */
export function createMetricsRegistry(options: MetricsRegistryOptions = {}): Registry {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  new Gauge({
    name: "svc_metrics_processes",
    help: "Processes whose metrics this scrape includes (the cluster primary and each worker that answered).",
    registers: [registry],
    aggregator: "sum",
  }).set(1);
  return registry;
}
