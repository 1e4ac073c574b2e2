// Feed poller metrics (docs/metrics.md), updated after each polling run of `svc serve` or
// `svc scheduler` (src/cli/run-polling.ts).
import { Counter, Gauge, type Registry } from "prom-client";

/** What a polling run reports (a subset of the poller's summary). */
export interface PollRunCounts {
  outcomes: Partial<Record<string, number>>;
  stored: number;
  revisions: number;
  unchanged: number;
  rejected: number;
  conflicts: number;
}

export interface PollMetrics {
  onPollFinished(run: PollRunCounts, feedsFailing: number): void;
}

/** Outcomes every series starts with (at 0); failures add their reason when they happen. */
const STARTING_OUTCOMES = ["stored", "unchanged", "not_modified", "invalid_feed", "timeout"];
const ITEM_RESULTS = ["stored", "revision", "unchanged", "rejected", "conflict"] as const;

/**
 * - `svc_poll_feeds_total{outcome}`: feed polls by outcome (`stored`, `unchanged`,
 *   `not_modified`, or the failure's reason: `timeout`, `http_status`, `invalid_feed`, ...);
 * - `svc_poll_items_total{result}`: items by result (`stored` new items, `revision` edited
 *   items stored as new revisions, `unchanged`, `rejected`, `conflict`);
 * - `svc_poll_feeds_failing`: feeds whose last poll failed;
 * - `svc_poll_last_run_timestamp_seconds`: when the last polling run finished.
 */
export function pollMetrics(registry: Registry, clock: () => number = Date.now): PollMetrics {
  const feeds = new Counter({
    name: "svc_poll_feeds_total",
    help: "Feed polls by outcome: stored, unchanged, not_modified, or the failure's reason.",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  for (const outcome of STARTING_OUTCOMES) feeds.inc({ outcome }, 0);
  const items = new Counter({
    name: "svc_poll_items_total",
    help: "Feed items by result: stored, revision, unchanged, rejected, conflict.",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  for (const result of ITEM_RESULTS) items.inc({ result }, 0);
  const failing = new Gauge({
    name: "svc_poll_feeds_failing",
    help: "Feeds whose last poll failed (they are retried with back-off).",
    aggregator: "max",
    registers: [registry],
  });
  const lastRun = new Gauge({
    name: "svc_poll_last_run_timestamp_seconds",
    help: "When the last polling run finished (Unix seconds); 0 before the first.",
    aggregator: "max",
    registers: [registry],
  });
  return {
    onPollFinished(run, feedsFailing) {
      for (const [outcome, count] of Object.entries(run.outcomes)) {
        if (count) feeds.inc({ outcome }, count);
      }
      items.inc({ result: "stored" }, run.stored - run.revisions);
      items.inc({ result: "revision" }, run.revisions);
      items.inc({ result: "unchanged" }, run.unchanged);
      items.inc({ result: "rejected" }, run.rejected);
      items.inc({ result: "conflict" }, run.conflicts);
      failing.set(feedsFailing);
      lastRun.set(clock() / 1000);
    },
  };
}
