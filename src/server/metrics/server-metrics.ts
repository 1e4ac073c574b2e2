// The metrics of one serving process: requests, rate-limit refusals and the live edition, in
// the registry it is given; and how /metrics gets its text: from that registry alone, or in a
// node:cluster worker from the primary, which merges every process (src/metrics/).
import cluster from "node:cluster";
import type { Registry } from "prom-client";
import {
  editionMetrics,
  type HttpMetrics,
  httpMetrics,
  joinClusterMetrics,
  nodePrimaryPort,
  type RateLimitMetrics,
  rateLimitMetrics,
} from "../../metrics/index.js";
import { editionSnapshot } from "./edition-counts.js";
import type { LiveTree } from "../static/live-tree.js";

export interface ServerMetrics {
  http: HttpMetrics;
  rateLimit: RateLimitMetrics;
  /** The text /metrics answers. */
  scrape: () => Promise<string>;
  contentType: string;
  /** Stops answering the cluster primary's requests. */
  close(): void;
}

export function serverMetrics(
  registry: Registry,
  liveTree: LiveTree,
  clock: () => number = Date.now,
): ServerMetrics {
  editionMetrics(registry, {
    edition: () => {
      const tree = liveTree.current();
      return tree === undefined ? undefined : editionSnapshot(tree);
    },
    clock,
  });
  const inCluster = cluster.isWorker
    ? joinClusterMetrics({ registry, primary: nodePrimaryPort() })
    : undefined;
  return {
    http: httpMetrics(registry),
    rateLimit: rateLimitMetrics(registry),
    scrape: inCluster === undefined ? () => registry.metrics() : () => inCluster.scrape(),
    contentType: registry.contentType,
    close: () => inCluster?.close(),
  };
}
