// Polls the subscribed feeds (SVC_POLL_SUBSCRIPTIONS) every minute beside the edition
// schedule, in the process that runs it (svc serve's primary, or svc scheduler), until
// `signal` aborts. Each feed is fetched only when due (its interval, or its back-off).
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import type { Config } from "../config/config.js";
import { defaultRejectsPath, RejectsFile } from "../ingest/rejects-file.js";
import type { PollMetrics } from "../metrics/index.js";
import { createPoller, pollerSettings } from "../poll/poller.js";
import { openStore } from "../store/open-store.js";

const CHECK_EVERY_MS = 60_000;

/**
 * Loads the subscriptions now (a bad file throws here, before anything starts) and returns
 * the polling loop, or undefined when no subscriptions file is configured.
 */
export function startPolling(
  config: Config,
  logger: Logger,
  signal: AbortSignal,
  metrics?: PollMetrics,
): Promise<void> | undefined {
  if (config.pollSubscriptions === undefined) return undefined;
  const poller = createPoller(pollerSettings(config, config.pollSubscriptions));
  const log = logger.child({ component: "poll" });
  log.info({ feeds: poller.subscriptions.length, file: config.pollSubscriptions }, "polling feeds");
  return (async () => {
    const store = await openStore(config);
    try {
      while (!signal.aborted) {
        const rejects = new RejectsFile(defaultRejectsPath(config.dataDir, new Date(), "poll"));
        try {
          const summary = await poller.poll({ store, rejects });
          const failing = (await store.listFeedStates()).filter(
            (state) => state.consecutiveFailures > 0,
          ).length;
          metrics?.onPollFinished(summary, failing);
          if (summary.feeds > summary.notDue) {
            const { feeds, notDue, stored, revisions, rejected, failed, seconds } = summary;
            log.info(
              {
                due: feeds - notDue,
                stored,
                revisions,
                rejected,
                failed,
                seconds,
                rejects: rejects.path,
              },
              "poll finished",
            );
          }
        } catch (error) {
          log.error({ error: String(error) }, "poll failed; trying again in a minute");
        } finally {
          await rejects.close();
        }
        await sleep(CHECK_EVERY_MS, undefined, { signal }).catch(() => undefined);
      }
    } finally {
      poller.close();
      await store.close();
    }
  })();
}
