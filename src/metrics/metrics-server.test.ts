// The standalone /metrics server of `svc scheduler`: Prometheus text at GET /metrics, JSON
// errors elsewhere, and a clear failure when its port is taken.
import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { get } from "../../test/support/http-client.js";
import { readExposition } from "../../test/support/prometheus-text.js";
import { createLogger } from "../server/http/logger.js";
import { type MetricsServer, startMetricsServer } from "./metrics-server.js";
import { schedulerMetrics } from "./scheduler-metrics.js";

const logger = createLogger("silent");
let running: MetricsServer | undefined;

afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe("startMetricsServer", () => {
  it("answers GET /metrics with the registry in the Prometheus text format", async () => {
    const registry = new Registry();
    schedulerMetrics(registry).onBuildFinished({ ok: true, seconds: 12, stories: 5 });
    running = await startMetricsServer({ port: 0, host: "127.0.0.1", registry, logger });
    const reply = await get(running.port, "/metrics?from=prometheus");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(reply.headers["cache-control"]).toBe("no-store");
    const metrics = await readExposition(reply.body.toString("utf8"));
    expect(metrics.histogram("svc_build_duration_seconds", { outcome: "ok" })?.count).toBe(1);
    expect(metrics.value("svc_build_last_stories")).toBe(5);

    const head = await get(running.port, "/metrics", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("answers 404 JSON for any other path and 405 for other methods", async () => {
    running = await startMetricsServer({
      port: 0,
      host: "127.0.0.1",
      registry: new Registry(),
      logger,
    });
    const missing = await get(running.port, "/");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(missing.body.toString("utf8"))).toMatchObject({ error: "not_found" });
    const post = await get(running.port, "/metrics", { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
  });

  it("rejects when the port is in use", async () => {
    running = await startMetricsServer({
      port: 0,
      host: "127.0.0.1",
      registry: new Registry(),
      logger,
    });
    await expect(
      startMetricsServer({
        port: running.port,
        host: "127.0.0.1",
        registry: new Registry(),
        logger,
      }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
