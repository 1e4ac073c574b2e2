// Runs the rebuild schedule (src/schedule/scheduler.ts) for a data directory until `signal`
// aborts: inside `svc serve` (its primary) or as `svc scheduler`. Each attempt's outcome goes
// to the metrics (docs/metrics.md): build and publish durations from the child's own timings;
// a build whose publish failed counts as a successful build and a failed publish.
import type { Logger } from "pino";
import type { Config } from "../config/config.js";
import type { SchedulerMetrics } from "../metrics/index.js";
import { liveTreeCut, treePaths } from "../tree/tree-paths.js";
import { runScheduler, systemClock } from "../schedule/scheduler.js";
import {
  buildInChildProcess,
  type ScheduledBuildSummary,
  ScheduledPublishError,
} from "./scheduled-build.js";

export async function runSchedule(
  config: Config,
  logger: Logger,
  signal: AbortSignal,
  metrics?: SchedulerMetrics,
): Promise<void> {
  // The last attempt: what the child built, and whether its publish failed.
  let last: { built: ScheduledBuildSummary; published: boolean } | undefined;
  await runScheduler(
    {
      clock: systemClock,
      logger: logger.child({ component: "scheduler" }),
      liveCut: async () => liveTreeCut(treePaths(config.dataDir)),
      buildAndPublish: async (cut) => {
        last = undefined;
        try {
          last = { built: await buildInChildProcess(config, cut, signal), published: true };
        } catch (error) {
          if (error instanceof ScheduledPublishError)
            last = { built: error.built, published: false };
          throw error;
        }
      },
      onBuildFinished: (outcome) => {
        if (last === undefined) {
          metrics?.onBuildFinished({ ok: false, seconds: outcome.seconds });
          return;
        }
        const { built, published } = last;
        metrics?.onBuildFinished({
          ok: true,
          seconds: built.buildSeconds,
          stories: built.stories,
          manifests: built.manifests,
          ...(built.hygiene === undefined ? {} : { hygiene: built.hygiene }),
          ...(built.held === undefined ? {} : { held: built.held }),
        });
        if (built.publishSeconds !== undefined) {
          metrics?.onPublishFinished({ ok: published, seconds: built.publishSeconds });
        }
      },
    },
    signal,
  );
}
