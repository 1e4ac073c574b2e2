// The node:cluster primary of `svc serve`: forks the serving workers (they share the port),
// replaces one that dies, merges their metrics for /metrics (with its own), and on SIGTERM or
// SIGINT tells each to finish its requests and waits for them. Two workers on two cores served
// 0.60-0.64x nginx's rate, one process 0.47x (LIBRARIES.md, "HTTP").
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import { aggregateClusterMetrics, createMetricsRegistry } from "../../metrics/index.js";
import { startRateLimitPrimary } from "../rate-limit/index.js";

export interface ClusterOptions {
  workers: number;
  logger: Logger;
  /** The script each worker runs, and its arguments (the CLI's `serve`). */
  exec: string;
  args: string[];
  /** Environment added for the workers (the resolved configuration). */
  env: Record<string, string>;
  /** Workers still running this long after the signal are killed. */
  shutdownGraceMs?: number;
  /**
   * The primary's own metrics, merged into every scrape of a worker's /metrics (pass the
   * scheduler's registry when it runs here). Default: a new one with Node's process metrics.
   */
  metrics?: Registry;
}

const RESTART_DELAY_MS = 1000;

/** Runs the cluster until a signal; resolves with the exit code. */
export function runClusterPrimary(options: ClusterOptions): Promise<number> {
  const { logger } = options;
  cluster.setupPrimary({ exec: options.exec, args: options.args });
  startRateLimitPrimary();
  const metrics = aggregateClusterMetrics({
    registry: options.metrics ?? createMetricsRegistry(),
    logger,
  });
  const listening = new Set<number>();
  const alive = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;
  const fork = (): Worker => {
    const worker = cluster.fork(options.env);
    alive.add(worker);
    worker.once("listening", () => {
      listening.add(worker.id);
      if (listening.size === options.workers) {
        logger.info({ workers: options.workers }, "all workers listening");
      }
    });
    return worker;
  };
  return new Promise((resolve) => {
    const finishIfDone = () => {
      if (!stopping || alive.size > 0) return;
      metrics.stop();
      resolve(exitCode);
    };
    const stop = (reason: string, code: number) => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      logger.info({ reason }, "stopping workers");
      const workers = [...alive];
      for (const worker of workers) worker.process.kill("SIGTERM");
      setTimeout(
        () => {
          for (const worker of workers) if (!worker.isDead()) worker.process.kill("SIGKILL");
        },
        (options.shutdownGraceMs ?? 10_000) + 5_000,
      ).unref();
      finishIfDone();
    };
    cluster.on("exit", (worker, code, signal) => {
      alive.delete(worker);
      const started = listening.delete(worker.id);
      if (stopping) return finishIfDone();
      if (!started) {
        logger.error({ worker: worker.id, code, signal }, "a worker failed to start");
        return stop("a worker failed to start", 1);
      }
      logger.error({ worker: worker.id, code, signal }, "a worker died; starting another");
      setTimeout(() => {
        if (!stopping) fork();
      }, RESTART_DELAY_MS);
    });
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => stop(signal, 0));
    for (let index = 0; index < options.workers; index++) fork();
  });
}
