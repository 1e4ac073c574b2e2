// Polls every due feed of a subscriptions file (docs/poll.md), a few at a time and at most
// `perHost` at once per host, and sums up what happened. Used by `svc poll` and by the
// polling loop inside `svc serve` / `svc scheduler`.
import type { RejectSink } from "../ingest/rejects-file.js";
import type { FeedStateStore } from "../store/feed-states.js";
import { createHostGate, type FetchOptions } from "./http/index.js";
import { isDue } from "./feed-schedule.js";
import type { FullTextFetcher } from "./full-text.js";
import { type FeedOutcome, type FeedPollReport, pollFeed } from "./poll-feed.js";
import type { Subscription } from "./subscriptions.js";

export interface PollOptions {
  store: FeedStateStore;
  rejects: RejectSink;
  fetch: Omit<FetchOptions, "validators">;
  fullText?: FullTextFetcher;
  now?: () => Date;
  /** Feeds polled at once. Default 8. */
  concurrency?: number;
  /** Feeds of one host polled at once. Default 2. */
  perHost?: number;
  /** Poll every feed now, due or not. */
  force?: boolean;
  onFeed?: (report: FeedPollReport, done: number, total: number) => void;
}

export interface PollSummary {
  feeds: number;
  /** Feeds skipped because they are not due yet. */
  notDue: number;
  /** Feeds polled, by outcome. */
  outcomes: Partial<Record<FeedOutcome, number>>;
  /** Feeds whose poll failed (fetch or parse). */
  failed: number;
  items: number;
  stored: number;
  revisions: number;
  unchanged: number;
  rejected: number;
  conflicts: number;
  /** The failed feeds, with their reasons. */
  failures: Array<Pick<FeedPollReport, "key" | "url" | "outcome" | "error" | "nextDueAt">>;
  seconds: number;
}

const SUCCESS: ReadonlySet<FeedOutcome> = new Set(["stored", "unchanged", "not_modified"]);

export async function pollFeeds(
  subscriptions: readonly Subscription[],
  options: PollOptions,
): Promise<PollSummary> {
  const started = performance.now();
  const now = options.now ?? (() => new Date());
  const states = new Map(
    (await options.store.listFeedStates()).map((state) => [state.feedKey, state]),
  );
  const due = subscriptions.filter(
    (subscription) =>
      options.force === true || isDue(states.get(subscription.key)?.nextDueAt, now()),
  );
  const summary: PollSummary = {
    feeds: subscriptions.length,
    notDue: subscriptions.length - due.length,
    outcomes: {},
    failed: 0,
    items: 0,
    stored: 0,
    revisions: 0,
    unchanged: 0,
    rejected: 0,
    conflicts: 0,
    failures: [],
    seconds: 0,
  };
  const gate = createHostGate({ perHost: options.perHost ?? 2, delayMs: 0 });
  const deps = {
    store: options.store,
    rejects: options.rejects,
    fetch: options.fetch,
    now,
    ...(options.fullText ? { fullText: options.fullText } : {}),
  };
  let next = 0;
  let done = 0;
  let storeFailure: Error | undefined;
  const worker = async () => {
    while (next < due.length) {
      const subscription = due[next] as Subscription;
      next += 1;
      const host = new URL(subscription.url).host;
      try {
        const report = await gate.run(host, () =>
          pollFeed(subscription, states.get(subscription.key), deps),
        );
        add(summary, report);
        done += 1;
        options.onFeed?.(report, done, due.length);
      } catch (error) {
        // Only the store throws: stop taking feeds, let the ones under way finish, report it.
        storeFailure ??= error instanceof Error ? error : new Error(String(error));
        next = due.length;
      }
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 8, due.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (storeFailure !== undefined) throw storeFailure;
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

function add(summary: PollSummary, report: FeedPollReport): void {
  summary.outcomes[report.outcome] = (summary.outcomes[report.outcome] ?? 0) + 1;
  summary.items += report.items;
  summary.stored += report.stored;
  summary.revisions += report.revisions;
  summary.unchanged += report.unchanged;
  summary.rejected += report.rejected;
  summary.conflicts += report.conflicts;
  if (!SUCCESS.has(report.outcome)) {
    summary.failed += 1;
    const { key, url, outcome, error, nextDueAt } = report;
    summary.failures.push({ key, url, outcome, nextDueAt, ...(error ? { error } : {}) });
  }
}
