// /metrics of `svc serve` in one process, as Prometheus reads it: requests by route and status
// (static files, /ask, MCP, 404s), their latency, rate-limit refusals, and the live edition
// (age, stories, cited Manifests). Served whatever the rate limit says, without API headers.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LatestStories } from "../src/api/story-lists.js";
import { loadConfig } from "../src/config/config.js";
import { createMetricsRegistry } from "../src/metrics/index.js";
import { ROUTES } from "../src/metrics/http-metrics.js";
import { createLogger } from "../src/server/http/logger.js";
import { createSvcServer, type SvcServer } from "../src/server/server.js";
import { get } from "./support/http-client.js";
import { type DemoData, publishDemoEdition, recentCut } from "./support/mcp-editions.js";
import { callTool } from "./support/mcp-rpc.js";
import { type Exposition, readExposition } from "./support/prometheus-text.js";

const BASE = "https://svc.test";
const STATIC_READS = 7;
/** The rate limit of this server: three calls a minute, so the fourth is refused. */
const ASK_CALLS = 3;
const cut = recentCut();
const AGE_SECONDS = 5400;

let data: DemoData;
let svc: SvcServer;
let port: number;
let scrape: { status: number; headers: Record<string, unknown>; metrics: Exposition };

beforeAll(async () => {
  data = await publishDemoEdition(cut, BASE);
  svc = await createSvcServer({
    config: loadConfig({ ...data.env, SVC_RATE_LIMIT: String(ASK_CALLS) }),
    logger: createLogger("silent"),
    pollMs: 25,
    metrics: createMetricsRegistry(),
    clock: () => Date.parse(cut) + AGE_SECONDS * 1000,
  });
  port = await svc.listen(0, "127.0.0.1");
  for (let read = 0; read < STATIC_READS; read++) {
    expect((await get(port, "/editions/latest.json")).status).toBe(200);
  }
  for (let call = 0; call < ASK_CALLS; call++) {
    expect((await get(port, `/ask?query=bridge+${call}`)).status).toBe(200);
  }
  expect((await get(port, "/ask?query=bridge")).status).toBe(429);
  const tool = await callTool(`http://127.0.0.1:${port}/mcp`, "get_latest", {});
  expect(tool.status).toBe(429);
  expect((await get(port, "/no/such/file.json")).status).toBe(404);
  expect((await get(port, "/healthz?probe=1")).status).toBe(200);
  const reply = await get(port, "/metrics");
  scrape = {
    status: reply.status,
    headers: reply.headers,
    metrics: await readExposition(reply.body.toString("utf8")),
  };
}, 120_000);

afterAll(async () => {
  await svc?.close();
  if (data !== undefined) rmSync(data.dataDir, { recursive: true, force: true });
});

describe("GET /metrics", () => {
  it("answers Prometheus text, not cached, without SVC-API-Version", () => {
    expect(scrape.status).toBe(200);
    expect(scrape.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(scrape.headers["cache-control"]).toBe("no-store");
    expect(scrape.headers["svc-api-version"]).toBeUndefined();
    expect(scrape.headers["ratelimit"]).toBeUndefined();
  });

  it("counts requests by route and status, with their latency", () => {
    const { metrics } = scrape;
    const requests = (route: string, status: string) =>
      metrics.value("svc_http_requests_total", { route, status });
    expect(metrics.type("svc_http_requests_total")).toBe("counter");
    expect(requests("static", "200")).toBe(STATIC_READS);
    expect(requests("ask", "200")).toBe(ASK_CALLS);
    expect(requests("ask", "429")).toBe(1);
    expect(requests("mcp", "429")).toBe(1);
    expect(requests("other", "404")).toBe(1);
    expect(requests("healthz", "200")).toBe(1);
    const latency = metrics.histogram("svc_http_request_duration_seconds", {
      route: "static",
      status: "200",
    });
    expect(latency?.count).toBe(STATIC_READS);
    expect(latency?.sum).toBeGreaterThan(0);
    expect(latency?.sum).toBeLessThan(STATIC_READS);
    // Never the raw path: every route label is one of the fixed set.
    for (const sample of metrics.samples("svc_http_requests_total")) {
      expect(ROUTES).toContain(sample.labels.route);
    }
  });

  it("counts rate-limit refusals by route", () => {
    const { metrics } = scrape;
    expect(metrics.value("svc_rate_limit_refusals_total", { route: "ask" })).toBe(1);
    expect(metrics.value("svc_rate_limit_refusals_total", { route: "mcp" })).toBe(1);
  });

  it("describes the live edition: age, stories and the Manifests they cite", async () => {
    const latest = JSON.parse(
      (await get(port, "/editions/latest.json")).body.toString("utf8"),
    ) as LatestStories;
    const cited = new Set(latest.stories.flatMap((story) => story.cited_manifest_ids ?? []));
    expect(latest.stories.length).toBeGreaterThan(0);
    const { metrics } = scrape;
    expect(metrics.value("svc_edition_loaded")).toBe(1);
    expect(metrics.value("svc_edition_age_seconds")).toBe(AGE_SECONDS);
    expect(metrics.value("svc_edition_stories")).toBe(latest.stories.length);
    expect(metrics.value("svc_edition_manifests")).toBe(cited.size);
  });

  it("includes Node's process metrics", () => {
    expect(scrape.metrics.value("process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(scrape.metrics.value("svc_metrics_processes")).toBe(1);
  });

  it("is not rate limited and counts itself", async () => {
    for (let scrapes = 0; scrapes < ASK_CALLS + 2; scrapes++) {
      expect((await get(port, "/metrics")).status).toBe(200);
    }
    const metrics = await readExposition((await get(port, "/metrics")).body.toString("utf8"));
    const own = metrics.value("svc_http_requests_total", { route: "metrics", status: "200" });
    expect(own).toBeGreaterThanOrEqual(ASK_CALLS + 3);
  });
});
