// Runs the rebuild schedule (src/schedule/scheduler.ts) for a data directory until `signal`
// aborts: inside `svc serve` (its primary) or as `svc scheduler`. Each attempt's outcome goes
// to the metrics (docs/metrics.md): build and publish durations from the child's own timings.
import type { Logger } from "pino";
import type { Config } from "../config/config.js";
import type { SchedulerMetrics } from "../metrics/index.js";
import { liveTreeCut, treePaths } from "../publish/write-tree.js";
import { runScheduler, systemClock } from "../schedule/scheduler.js";
import { buildInChildProcess, type ScheduledBuildSummary } from "./scheduled-build.js";

export async function runSchedule(
  config: Config,
  logger: Logger,
  signal: AbortSignal,
  metrics?: SchedulerMetrics,
): Promise<void> {
  let last: ScheduledBuildSummary | undefined;
  await runScheduler(
    {
      clock: systemClock,
      logger: logger.child({ component: "scheduler" }),
      liveCut: async () => liveTreeCut(treePaths(config.dataDir)),
      buildAndPublish: async (cut) => {
        last = undefined;
        last = await buildInChildProcess(config, cut, signal);
      },
      onBuildFinished: (outcome) => {
        if (!outcome.ok || last === undefined) {
          metrics?.onBuildFinished({ ok: false, seconds: outcome.seconds });
          return;
        }
        metrics?.onBuildFinished({
          ok: true,
          seconds: last.buildSeconds,
          stories: last.stories,
          manifests: last.manifests,
        });
        if (last.publishSeconds !== undefined) {
          metrics?.onPublishFinished({ ok: true, seconds: last.publishSeconds });
        }
      },
    },
    signal,
  );
}
