import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { pollMetrics } from "./poll-metrics.js";

describe("pollMetrics", () => {
  it("counts feed outcomes and item results, and shows failing feeds", async () => {
    const registry = new Registry();
    const metrics = pollMetrics(registry, () => 1_700_000_000_000);
    const zero = await registry.metrics();
    expect(zero).toContain('svc_poll_feeds_total{outcome="not_modified"} 0');
    expect(zero).toContain('svc_poll_items_total{result="revision"} 0');
    metrics.onPollFinished(
      {
        outcomes: { stored: 2, not_modified: 3, http_status: 1 },
        stored: 10,
        revisions: 1,
        unchanged: 4,
        rejected: 2,
        conflicts: 0,
      },
      1,
    );
    const text = await registry.metrics();
    expect(text).toContain('svc_poll_feeds_total{outcome="stored"} 2');
    expect(text).toContain('svc_poll_feeds_total{outcome="http_status"} 1');
    expect(text).toContain('svc_poll_items_total{result="stored"} 9');
    expect(text).toContain('svc_poll_items_total{result="revision"} 1');
    expect(text).toContain('svc_poll_items_total{result="rejected"} 2');
    expect(text).toContain("svc_poll_feeds_failing 1");
    expect(text).toContain("svc_poll_last_run_timestamp_seconds 1700000000");
  });
});
