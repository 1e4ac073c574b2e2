// The scheduler's metrics as a scraper reads them: durations by outcome, the last success,
// failures in a row, and the last build's counts.
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { readExposition } from "../../test/support/prometheus-text.js";
import { DROP_REASONS, emptyHygieneCounts } from "../editorial/hygiene/drop-reasons.js";
import { schedulerMetrics } from "./scheduler-metrics.js";

const NOW_MS = Date.parse("2026-11-21T12:03:00Z");

async function scrape(registry: Registry) {
  return await readExposition(await registry.metrics());
}

describe("schedulerMetrics", () => {
  it("shows every series at zero before the first run", async () => {
    const registry = new Registry();
    schedulerMetrics(registry, { clock: () => NOW_MS });
    const metrics = await scrape(registry);
    for (const stage of ["build", "publish"]) {
      expect(metrics.type(`svc_${stage}_duration_seconds`)).toBe("histogram");
      expect(metrics.histogram(`svc_${stage}_duration_seconds`, { outcome: "ok" })?.count).toBe(0);
      expect(metrics.value(`svc_${stage}_last_success_timestamp_seconds`)).toBe(0);
      expect(metrics.value(`svc_${stage}_consecutive_failures`)).toBe(0);
    }
  });

  it("records builds and publishes by outcome, with durations and the last success", async () => {
    const registry = new Registry();
    let now = NOW_MS;
    const scheduler = schedulerMetrics(registry, { clock: () => now });
    scheduler.onBuildFinished({ ok: true, seconds: 42, stories: 17, manifests: 1200 });
    scheduler.onPublishFinished({ ok: true, seconds: 3 });
    now += 12 * 3600_000;
    scheduler.onBuildFinished({ ok: false, seconds: 7 });
    scheduler.onBuildFinished({ ok: false, seconds: Number.NaN });
    scheduler.onPublishFinished({ ok: false, seconds: 0.4 });

    const metrics = await scrape(registry);
    const ok = metrics.histogram("svc_build_duration_seconds", { outcome: "ok" });
    expect(ok).toMatchObject({ count: 1, sum: 42 });
    expect(ok?.buckets["30"]).toBe(0);
    expect(ok?.buckets["60"]).toBe(1);
    const failed = metrics.histogram("svc_build_duration_seconds", { outcome: "failed" });
    expect(failed).toMatchObject({ count: 2, sum: 7 });
    expect(metrics.value("svc_build_consecutive_failures")).toBe(2);
    expect(metrics.value("svc_build_last_success_timestamp_seconds")).toBe(NOW_MS / 1000);
    // A failed build leaves the counts of the last good one.
    expect(metrics.value("svc_build_last_stories")).toBe(17);
    expect(metrics.value("svc_build_last_manifests")).toBe(1200);
    expect(metrics.histogram("svc_publish_duration_seconds", { outcome: "ok" })?.count).toBe(1);
    expect(metrics.histogram("svc_publish_duration_seconds", { outcome: "failed" })?.count).toBe(1);
    expect(metrics.value("svc_publish_consecutive_failures")).toBe(1);
  });

  it("shows what the hygiene stage of the last good build dropped, by reason", async () => {
    const registry = new Registry();
    const scheduler = schedulerMetrics(registry, { clock: () => NOW_MS });
    const hygiene = emptyHygieneCounts();
    hygiene.sentences = 900;
    hygiene.dropped.caption = 12;
    hygiene.dropped.boilerplate = 30;
    scheduler.onBuildFinished({ ok: true, seconds: 2, hygiene, held: 3 });
    scheduler.onBuildFinished({ ok: false, seconds: 1 });
    const metrics = await scrape(registry);
    expect(metrics.value("svc_build_last_sentences")).toBe(900);
    expect(metrics.value("svc_build_last_events_held")).toBe(3);
    expect(metrics.value("svc_build_last_sentences_dropped", { reason: "caption" })).toBe(12);
    expect(metrics.value("svc_build_last_sentences_dropped", { reason: "boilerplate" })).toBe(30);
    for (const reason of DROP_REASONS.filter((r) => r !== "caption" && r !== "boilerplate"))
      expect(metrics.value("svc_build_last_sentences_dropped", { reason })).toBe(0);
  });

  it("clears the failure count at the next success", async () => {
    const registry = new Registry();
    const scheduler = schedulerMetrics(registry, { clock: () => NOW_MS });
    scheduler.onBuildFinished({ ok: false, seconds: 1 });
    scheduler.onBuildFinished({ ok: true, seconds: 2 });
    const metrics = await scrape(registry);
    expect(metrics.value("svc_build_consecutive_failures")).toBe(0);
    expect(metrics.value("svc_build_last_success_timestamp_seconds")).toBe(NOW_MS / 1000);
  });
});
