// Prometheus metrics (docs/metrics.md): one registry per process, the metric sets the server
// and the scheduler update, the cluster aggregation, and a standalone /metrics server.
export { createMetricsRegistry, type MetricsRegistryOptions } from "./metrics-registry.js";
export { dynamicRouteOf, type HttpMetrics, httpMetrics, type RouteName } from "./http-metrics.js";
export {
  type MeteredRoute,
  type RateLimitMetrics,
  rateLimitMetrics,
} from "./rate-limit-metrics.js";
export { type EditionSnapshot, editionMetrics } from "./edition-metrics.js";
export {
  type BuildOutcome,
  type PublishOutcome,
  type SchedulerMetrics,
  schedulerMetrics,
} from "./scheduler-metrics.js";
export { type MetricsServer, startMetricsServer } from "./metrics-server.js";
export { aggregateClusterMetrics, type ClusterMetricsPrimary } from "./cluster-primary-metrics.js";
export {
  type ClusterMetricsWorker,
  joinClusterMetrics,
  nodePrimaryPort,
} from "./cluster-worker-metrics.js";
export { type PollMetrics, pollMetrics, type PollRunCounts } from "./poll-metrics.js";
