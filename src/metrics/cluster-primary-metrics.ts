// The primary's half of a cluster's /metrics: when a worker is asked for /metrics it asks the
// primary, which collects every ready worker's metrics over IPC, adds its own (the scheduler's
// when it runs there) and merges them with prom-client's AggregatorRegistry.aggregate (each
// metric by its `aggregator`: counters and histograms summed, edition gauges min or max).
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { AggregatorRegistry, type Registry } from "prom-client";
import { describeError } from "../errors.js";
import {
  COLLECT,
  COLLECTED,
  parseWorkerMessage,
  READY,
  SCRAPE,
  SCRAPED,
  type WorkerEvents,
  type WorkerPort,
} from "./cluster-messages.js";

/** A worker that has not answered by then is left out of that scrape (and logged). */
const COLLECT_TIMEOUT_MS = 2000;

export interface ClusterMetricsPrimaryOptions {
  /** The primary's own metrics. */
  registry: Registry;
  /** Default: node:cluster's workers. */
  workers?: WorkerEvents;
  logger: Pick<Logger, "warn" | "error">;
  collectTimeoutMs?: number;
}

export interface ClusterMetricsPrimary {
  /** The whole cluster's metrics as Prometheus text. */
  scrape(): Promise<string>;
  stop(): void;
}

function portOf(worker: Worker): WorkerPort {
  return {
    id: worker.id,
    send: (message) => {
      // A worker that is going away answers nothing: its collect times out.
      if (worker.isConnected()) worker.send(message, () => undefined);
    },
  };
}

/** node:cluster's workers as WorkerEvents. */
export function nodeClusterWorkers(): WorkerEvents {
  return {
    onMessage(listener) {
      const onMessage = (worker: Worker, message: unknown) => listener(portOf(worker), message);
      cluster.on("message", onMessage);
      return () => cluster.off("message", onMessage);
    },
    onExit(listener) {
      const onExit = (worker: Worker) => listener(portOf(worker));
      cluster.on("exit", onExit);
      return () => cluster.off("exit", onExit);
    },
  };
}

/** Call in the primary before forking the workers; they announce themselves when ready. */
export function aggregateClusterMetrics(
  options: ClusterMetricsPrimaryOptions,
): ClusterMetricsPrimary {
  const { registry, logger } = options;
  const timeoutMs = options.collectTimeoutMs ?? COLLECT_TIMEOUT_MS;
  const ready = new Map<number, WorkerPort>();
  const waiting = new Map<number, (metrics: object[] | undefined) => void>();
  let nextId = 0;

  const collect = (worker: WorkerPort) =>
    new Promise<object[] | undefined>((resolve) => {
      const id = nextId++;
      const settle = (metrics: object[] | undefined) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(metrics);
      };
      const timer = setTimeout(() => {
        logger.warn({ worker: worker.id }, "a worker's metrics did not come in time; left out");
        settle(undefined);
      }, timeoutMs);
      waiting.set(id, settle);
      worker.send({ type: COLLECT, id });
    });

  const scrape = async (): Promise<string> => {
    const parts = await Promise.all([
      registry.getMetricsAsJSON(),
      ...[...ready.values()].map(collect),
    ]);
    const answered = parts.filter((part) => part !== undefined);
    return AggregatorRegistry.aggregate(answered).metrics();
  };

  const workers = options.workers ?? nodeClusterWorkers();
  const answerScrape = (worker: WorkerPort, id: number) =>
    scrape().then(
      (text) => worker.send({ type: SCRAPED, id, text }),
      (error: unknown) => {
        logger.error({ error: describeError(error) }, "cluster metrics could not be merged");
        worker.send({ type: SCRAPED, id, error: describeError(error) });
      },
    );

  const stopMessages = workers.onMessage((worker, raw) => {
    const message = parseWorkerMessage(raw);
    switch (message?.type) {
      case READY:
        ready.set(worker.id, worker);
        break;
      case SCRAPE:
        void answerScrape(worker, message.id);
        break;
      case COLLECTED:
        if (message.error !== undefined) {
          logger.warn({ worker: worker.id, error: message.error }, "a worker's metrics failed");
        }
        waiting.get(message.id)?.(message.metrics);
        break;
    }
  });
  const stopExits = workers.onExit((worker) => ready.delete(worker.id));
  return {
    scrape,
    stop: () => {
      stopMessages();
      stopExits();
    },
  };
}
