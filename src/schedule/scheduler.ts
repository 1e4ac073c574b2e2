// The rebuild schedule: an edition at every cut (00:00 and 12:00 UTC). On start it builds the
// latest cut if the live edition is older (catch-up after downtime); a failed build leaves the
// live edition as it is and is retried with exponential back-off until it succeeds or the next
// cut makes it moot. Time comes from an injected clock, so tests run a day in milliseconds.
import type { Logger } from "pino";
import { EDITION_INTERVAL_MS, latestCut } from "../time/cut-time.js";
import { describeError } from "../errors.js";

export interface SchedulerClock {
  now(): number;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface BuildOutcome {
  cut: Date;
  ok: boolean;
  seconds: number;
  error?: string;
}

export interface SchedulerDeps {
  clock: SchedulerClock;
  logger: Logger;
  /** The cut of the edition being served now (ms), or undefined before the first. */
  liveCut(): Promise<number | undefined>;
  /** Builds and publishes the edition of `cut`; throws when that fails. */
  buildAndPublish(cut: Date): Promise<void>;
  onBuildFinished?(outcome: BuildOutcome): void;
  /** First wait after a failure; doubles per failure up to `maxRetryMs`. Default 1 min. */
  firstRetryMs?: number;
  /** Default 30 min. */
  maxRetryMs?: number;
  /** Longest single sleep: the clock is looked at again at least this often. Default 1 min. */
  tickMs?: number;
}

const MINUTE_MS = 60_000;

/** The latest cut at or before `ms`. */
export function cutAt(ms: number): number {
  return latestCut(new Date(ms)).getTime();
}

/** The wait before retry number `failures` (1 for the first): doubling, capped. */
export function retryDelay(failures: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.min(30, Math.max(0, failures - 1)));
}

async function attempt(deps: SchedulerDeps, cut: number): Promise<boolean> {
  const started = deps.clock.now();
  const cutDate = new Date(cut);
  deps.logger.info({ cut: cutDate.toISOString() }, "scheduled build started");
  try {
    await deps.buildAndPublish(cutDate);
    const seconds = (deps.clock.now() - started) / 1000;
    deps.logger.info({ cut: cutDate.toISOString(), seconds }, "scheduled build published");
    deps.onBuildFinished?.({ cut: cutDate, ok: true, seconds });
    return true;
  } catch (error) {
    const seconds = (deps.clock.now() - started) / 1000;
    const reason = describeError(error);
    deps.logger.error(
      { cut: cutDate.toISOString(), seconds, error: reason },
      "scheduled build failed; the live edition stays",
    );
    deps.onBuildFinished?.({ cut: cutDate, ok: false, seconds, error: reason });
    return false;
  }
}

/** Runs the schedule until `signal` aborts. */
export async function runScheduler(deps: SchedulerDeps, signal: AbortSignal): Promise<void> {
  const firstRetry = deps.firstRetryMs ?? MINUTE_MS;
  const maxRetry = deps.maxRetryMs ?? 30 * MINUTE_MS;
  const tick = deps.tickMs ?? MINUTE_MS;
  let failures = 0;
  let failedCut: number | undefined;
  let retryAt = 0;
  // A cut built once is not built again by this scheduler, even if the live tree says otherwise
  // (another publisher switched it back): no loop of builds.
  let builtCut: number | undefined;
  while (!signal.aborted) {
    const now = deps.clock.now();
    const due = cutAt(now);
    let wait = due + EDITION_INTERVAL_MS - now;
    if (failedCut !== due) failures = 0;
    const behind = async () => {
      const live = await deps.liveCut().catch(() => undefined);
      return live === undefined || live < due;
    };
    if (builtCut === due) {
      // Sleeps until the next cut.
    } else if (failures > 0 && now < retryAt) {
      wait = Math.min(wait, retryAt - now);
    } else if (await behind()) {
      if (await attempt(deps, due)) {
        failures = 0;
        builtCut = due;
        continue;
      }
      failures += 1;
      failedCut = due;
      const retry = retryDelay(failures, firstRetry, maxRetry);
      retryAt = deps.clock.now() + retry;
      deps.logger.warn(
        { retryInSeconds: Math.round(retry / 1000), failures },
        "build retry planned",
      );
      wait = Math.min(wait, retry);
    }
    await deps.clock.sleep(Math.max(1, Math.min(wait, tick)), signal);
  }
}

/** The real clock. */
export const systemClock: SchedulerClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      }
      signal.addEventListener("abort", done, { once: true });
    }),
};
