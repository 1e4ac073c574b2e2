// Runs the rebuild schedule (src/schedule/scheduler.ts) for a data directory until `signal`
// aborts: inside `svc serve` (its primary) or as `svc scheduler`.
import type { Logger } from "pino";
import type { Config } from "../config/config.js";
import { liveTreeCut, treePaths } from "../publish/write-tree.js";
import { type BuildOutcome, runScheduler, systemClock } from "../schedule/scheduler.js";
import { buildInChildProcess, type ScheduledBuildSummary } from "./scheduled-build.js";

export interface SchedulerHooks {
  onBuildFinished?(outcome: BuildOutcome & Partial<ScheduledBuildSummary>): void;
}

export async function runSchedule(
  config: Config,
  logger: Logger,
  signal: AbortSignal,
  hooks: SchedulerHooks = {},
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
      onBuildFinished: (outcome) => hooks.onBuildFinished?.({ ...outcome, ...last }),
    },
    signal,
  );
}
