// Build and publish outcomes and durations, updated by the scheduler (src/schedule/) after
// each run, whether it runs inside `svc serve` (the cluster primary's registry, shown in every
// scrape) or as `svc scheduler` (served by startMetricsServer).
import { Gauge, Histogram, type Registry } from "prom-client";
import { DROP_REASONS, type HygieneCounts } from "../editorial/hygiene/drop-reasons.js";

export interface BuildOutcome {
  ok: boolean;
  /** Wall time of the build, in seconds. */
  seconds: number;
  /** Stories of the edition built (successful builds). */
  stories?: number;
  /** Manifests the build read (successful builds). */
  manifests?: number;
  /** Sentences the hygiene stage read and dropped by reason (successful builds). */
  hygiene?: HygieneCounts;
  /** Events held back: nothing to publish (successful builds; docs/stories.md). */
  held?: number;
}

export interface PublishOutcome {
  ok: boolean;
  /** Wall time of the publish, in seconds. */
  seconds: number;
}

export interface SchedulerMetrics {
  onBuildFinished(outcome: BuildOutcome): void;
  onPublishFinished(outcome: PublishOutcome): void;
}

/** Builds take seconds to tens of minutes (100,000 Manifests); publishes seconds. */
const DURATION_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600];

function stageMetrics(registry: Registry, stage: "build" | "publish", clock: () => number) {
  const duration = new Histogram({
    name: `svc_${stage}_duration_seconds`,
    help: `Duration of each ${stage} in seconds, by outcome (ok, failed); _count counts them.`,
    labelNames: ["outcome"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  for (const outcome of ["ok", "failed"]) duration.zero({ outcome });
  const lastSuccess = new Gauge({
    name: `svc_${stage}_last_success_timestamp_seconds`,
    help: `When the last successful ${stage} finished (Unix seconds); 0 when none has since the process started.`,
    aggregator: "max",
    registers: [registry],
  });
  const failures = new Gauge({
    name: `svc_${stage}_consecutive_failures`,
    help: `Failed ${stage}s since the last successful one.`,
    aggregator: "max",
    registers: [registry],
  });
  return (ok: boolean, seconds: number) => {
    duration.observe(
      { outcome: ok ? "ok" : "failed" },
      Number.isFinite(seconds) ? Math.max(0, seconds) : 0,
    );
    if (ok) {
      lastSuccess.set(clock() / 1000);
      failures.set(0);
    } else {
      failures.inc();
    }
  };
}

/**
 * The scheduler's metrics, registered in `registry` (call once per registry). Call
 * `onBuildFinished` after every build attempt and `onPublishFinished` after every publish
 * attempt, failed ones included; `seconds` is the attempt's wall time (a negative or
 * non-finite value counts as 0). Neither throws. Metrics:
 *
 * - `svc_build_duration_seconds{outcome}`, `svc_publish_duration_seconds{outcome}`:
 *   histograms, `outcome` "ok" or "failed" (their `_count` counts attempts);
 * - `svc_build_last_success_timestamp_seconds`, `svc_publish_last_success_timestamp_seconds`;
 * - `svc_build_consecutive_failures`, `svc_publish_consecutive_failures`;
 * - `svc_build_last_stories`, `svc_build_last_manifests`: of the last successful build that
 *   reported them;
 * - `svc_build_last_sentences`, `svc_build_last_sentences_dropped{reason}`: sentences the
 *   hygiene stage of the last successful build read, and dropped by reason (every reason of
 *   DROP_REASONS is present, 0 when none was dropped);
 * - `svc_build_last_events_held`: events of the last successful build not published, since no
 *   title names anything and no sentence states the event (docs/stories.md, "Headline").
 *
 * In `svc serve` pass the registry given to runClusterPrimary (or to createSvcServer with
 * SVC_SERVE_WORKERS=0) so every scrape includes them; `svc scheduler` serves its registry
 * with startMetricsServer. `clock` (ms since the epoch) defaults to Date.now.
 */
export function schedulerMetrics(
  registry: Registry,
  options: { clock?: () => number } = {},
): SchedulerMetrics {
  const clock = options.clock ?? Date.now;
  const build = stageMetrics(registry, "build", clock);
  const publish = stageMetrics(registry, "publish", clock);
  const lastStories = new Gauge({
    name: "svc_build_last_stories",
    help: "Stories of the edition the last successful build made.",
    aggregator: "max",
    registers: [registry],
  });
  const lastManifests = new Gauge({
    name: "svc_build_last_manifests",
    help: "Manifests the last successful build read (its 24-hour window).",
    aggregator: "max",
    registers: [registry],
  });
  const lastSentences = new Gauge({
    name: "svc_build_last_sentences",
    help: "Sentences the hygiene stage of the last successful build read (kept and dropped).",
    aggregator: "max",
    registers: [registry],
  });
  const lastDropped = new Gauge({
    name: "svc_build_last_sentences_dropped",
    help: "Sentences the hygiene stage of the last successful build dropped, by reason (docs/stories.md).",
    labelNames: ["reason"] as const,
    aggregator: "max",
    registers: [registry],
  });
  for (const reason of DROP_REASONS) lastDropped.set({ reason }, 0);
  const lastHeld = new Gauge({
    name: "svc_build_last_events_held",
    help: "Events the last successful build held back: no title names anything and no sentence states the event.",
    aggregator: "max",
    registers: [registry],
  });
  return {
    onBuildFinished(outcome) {
      build(outcome.ok, outcome.seconds);
      if (!outcome.ok) return;
      if (outcome.stories !== undefined) lastStories.set(outcome.stories);
      if (outcome.manifests !== undefined) lastManifests.set(outcome.manifests);
      if (outcome.held !== undefined) lastHeld.set(outcome.held);
      if (outcome.hygiene !== undefined) {
        lastSentences.set(outcome.hygiene.sentences);
        for (const reason of DROP_REASONS)
          lastDropped.set({ reason }, outcome.hygiene.dropped[reason] ?? 0);
      }
    },
    onPublishFinished: (outcome) => publish(outcome.ok, outcome.seconds),
  };
}
