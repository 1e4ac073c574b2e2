// A cluster's /metrics over a fake IPC (messages go through JSON, as node:cluster sends them):
// whichever worker is asked, the scrape covers the primary and every worker, sums counters and
// histograms, takes the oldest edition instead of a sum, and leaves out a worker that hangs.
import { EventEmitter } from "node:events";
import type { Logger } from "pino";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { readExposition } from "../../test/support/prometheus-text.js";
import type { PrimaryPort, WorkerEvents, WorkerPort } from "./cluster-messages.js";
import { aggregateClusterMetrics } from "./cluster-primary-metrics.js";
import { joinClusterMetrics } from "./cluster-worker-metrics.js";
import { editionMetrics } from "./edition-metrics.js";
import { httpMetrics } from "./http-metrics.js";
import { createMetricsRegistry } from "./metrics-registry.js";
import { schedulerMetrics } from "./scheduler-metrics.js";

const CUT_MS = Date.parse("2026-11-21T12:00:00Z");
const later = (value: unknown) => {
  const copy: unknown = JSON.parse(JSON.stringify(value));
  return (deliver: (message: unknown) => void) => setImmediate(() => deliver(copy));
};

/** node:cluster in one process: a primary's events and a port per worker. */
function fakeCluster() {
  const primary = new EventEmitter();
  const workers: WorkerEvents = {
    onMessage(listener) {
      primary.on("message", listener);
      return () => primary.off("message", listener);
    },
    onExit(listener) {
      primary.on("exit", listener);
      return () => primary.off("exit", listener);
    },
  };
  const fork = (id: number): PrimaryPort & { exit(): void } => {
    const inbox = new EventEmitter();
    const port: WorkerPort = { id, send: (message) => later(message)((m) => inbox.emit("m", m)) };
    return {
      send: (message) => later(message)((m) => primary.emit("message", port, m)),
      onMessage(listener) {
        inbox.on("m", listener);
        return () => inbox.off("m", listener);
      },
      exit: () => primary.emit("exit", port),
    };
  };
  return { workers, fork };
}

function quietLogger() {
  const warnings: unknown[] = [];
  const logger = {
    warn: (...args: unknown[]) => warnings.push(args),
    error: (...args: unknown[]) => warnings.push(args),
  } as unknown as Pick<Logger, "warn" | "error">;
  return { logger, warnings };
}

/** A serving worker's registry: requests, and an edition cut `ageSeconds` ago. */
function workerRegistry(ageSeconds: number, stories: number) {
  const registry = createMetricsRegistry({ processMetrics: false });
  editionMetrics(registry, {
    edition: () => ({ cutMs: CUT_MS, stories, manifests: stories * 3 }),
    clock: () => CUT_MS + ageSeconds * 1000,
  });
  return { registry, http: httpMetrics(registry) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("cluster metrics", () => {
  it("answers any worker's scrape with the primary and every worker merged", async () => {
    const { workers, fork } = fakeCluster();
    const primaryRegistry = createMetricsRegistry({ processMetrics: false });
    schedulerMetrics(primaryRegistry).onBuildFinished({ ok: true, seconds: 30 });
    const primary = aggregateClusterMetrics({
      registry: primaryRegistry,
      workers,
      logger: quietLogger().logger,
    });
    const one = workerRegistry(600, 12);
    const two = workerRegistry(3600, 10);
    for (let request = 0; request < 3; request++) one.http.record("static", 200, 0.0002);
    two.http.record("static", 200, 0.0004);
    two.http.record("static", 200, 0.002);
    two.http.record("ask", 429, 0.001);
    const joined = [
      joinClusterMetrics({ registry: one.registry, primary: fork(1) }),
      joinClusterMetrics({ registry: two.registry, primary: fork(2) }),
    ];
    await settle();

    for (const worker of joined) {
      const metrics = await readExposition(await worker.scrape());
      expect(metrics.value("svc_metrics_processes")).toBe(3);
      expect(metrics.value("svc_http_requests_total", { route: "static", status: "200" })).toBe(5);
      expect(metrics.value("svc_http_requests_total", { route: "ask", status: "429" })).toBe(1);
      const latency = metrics.histogram("svc_http_request_duration_seconds", {
        route: "static",
        status: "200",
      });
      expect(latency?.count).toBe(5);
      expect(latency?.buckets["0.0005"]).toBe(4);
      expect(metrics.value("svc_edition_age_seconds")).toBe(3600);
      expect(metrics.value("svc_edition_stories")).toBe(12);
      expect(metrics.value("svc_edition_loaded")).toBe(1);
      const builds = metrics.histogram("svc_build_duration_seconds", { outcome: "ok" });
      expect(builds?.count).toBe(1);
    }
    await expect(primary.scrape()).resolves.toContain("svc_http_requests_total");
    for (const worker of joined) worker.close();
    primary.stop();
  });

  it("leaves out a worker that does not answer, and forgets one that exited", async () => {
    const { workers, fork } = fakeCluster();
    const { logger, warnings } = quietLogger();
    const primary = aggregateClusterMetrics({
      registry: new Registry(),
      workers,
      logger,
      collectTimeoutMs: 50,
    });
    const answering = joinClusterMetrics({
      registry: workerRegistry(60, 1).registry,
      primary: fork(1),
    });
    const hanging = fork(2);
    hanging.send({ type: "svc:metrics:ready" });
    await settle();

    const started = performance.now();
    const partial = await readExposition(await answering.scrape());
    expect(partial.value("svc_metrics_processes")).toBe(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(warnings).toHaveLength(1);

    hanging.exit();
    await settle();
    const again = await readExposition(await answering.scrape());
    expect(again.value("svc_metrics_processes")).toBe(1);
    expect(warnings).toHaveLength(1);
    answering.close();
    primary.stop();
  });

  it("fails a worker's scrape when the primary does not answer", async () => {
    const silent: PrimaryPort = { send: () => undefined, onMessage: () => () => undefined };
    const worker = joinClusterMetrics({
      registry: new Registry(),
      primary: silent,
      scrapeTimeoutMs: 30,
    });
    await expect(worker.scrape()).rejects.toThrow(/did not answer in time/);
    const pending = worker.scrape();
    worker.close();
    await expect(pending).rejects.toThrow(/closing/);
  });
});
