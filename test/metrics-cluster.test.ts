// /metrics of `svc serve` with two cluster workers, run from the built CLI as operators run
// it: whichever worker answers a scrape, it shows the requests both workers served (summed),
// the primary and both workers as processes, and the edition once, not summed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LatestStories } from "../src/api/story-lists.js";
import { get } from "./support/http-client.js";
import { type Exposition, readExposition } from "./support/prometheus-text.js";
import { type ServeCluster, startServeCluster } from "./support/serve-cluster.js";

const BASE = "https://svc.test";
const STATIC_READS = 24;
/** A new connection per request, so the primary hands them to the workers in turn. */
const FRESH = { headers: { Connection: "close" } };

let cluster: ServeCluster;

async function scrape(port = cluster.port): Promise<Exposition> {
  const reply = await get(port, "/metrics", FRESH);
  expect(reply.status, reply.body.toString("utf8")).toBe(200);
  return readExposition(reply.body.toString("utf8"));
}

beforeAll(async () => {
  // Ready once both workers listen and have told the primary they answer for metrics.
  cluster = await startServeCluster(BASE, {}, async (port) => {
    return (await scrape(port)).value("svc_metrics_processes") === 3;
  });
}, 180_000);

afterAll(() => cluster?.stop());

describe("svc serve with SVC_SERVE_WORKERS=2", () => {
  it("shows both workers' requests in every scrape, whichever worker answers", async () => {
    for (let read = 0; read < STATIC_READS; read++) {
      expect((await get(cluster.port, "/editions/latest.json", FRESH)).status).toBe(200);
    }
    const latest = JSON.parse(
      (await get(cluster.port, "/editions/latest.json", FRESH)).body.toString("utf8"),
    ) as LatestStories;
    for (let scrapes = 0; scrapes < 4; scrapes++) {
      const metrics = await scrape();
      expect(metrics.value("svc_metrics_processes")).toBe(3);
      const reads = metrics.value("svc_http_requests_total", { route: "static", status: "200" });
      expect(reads).toBe(STATIC_READS + 1);
      const latency = metrics.histogram("svc_http_request_duration_seconds", {
        route: "static",
        status: "200",
      });
      expect(latency?.count).toBe(STATIC_READS + 1);
      // Gauges of the edition are not summed over the workers.
      expect(metrics.value("svc_edition_loaded")).toBe(1);
      expect(metrics.value("svc_edition_stories")).toBe(latest.stories.length);
      expect(metrics.value("svc_rate_limit_refusals_total", { route: "ask" })).toBe(0);
    }
    // The reads really were spread over both workers (each logs the requests it served).
    const servedBy = new Set(
      cluster
        .output()
        .split("\n")
        .filter((line) => line.includes('"path":"/editions/latest.json"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );
    expect(servedBy.size).toBe(2);
  });

  it("stops on SIGTERM with exit code 0", async () => {
    cluster.child.kill("SIGTERM");
    expect(await cluster.exited).toBe(0);
  });
});
