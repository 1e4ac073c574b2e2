// The poller as commands run it: settings from the configuration, the fetch policy, keep-alive
// agents, the full-text fetcher, and one `poll()` per run (svc poll, and the polling loop of
// svc serve / svc scheduler).
import type { Config } from "../config/config.js";
import { packageVersion } from "../config/package-root.js";
import type { RejectSink } from "../ingest/rejects-file.js";
import type { FeedStateStore } from "../store/feed-states.js";
import {
  createAgents,
  createHostGate,
  createRobotsCheck,
  DEFAULT_FETCH_POLICY,
  type FetchOptions,
  type FetchPolicy,
} from "./http/index.js";
import { createFullTextFetcher, type FullTextFetcher } from "./full-text.js";
import type { FeedPollReport } from "./poll-feed.js";
import { type PollSummary, pollFeeds } from "./poll-feeds.js";
import { loadSubscriptions, type Subscription } from "./subscriptions.js";

/** Delay between two article pages of one host (full text). */
const ARTICLE_DELAY_MS = 1_000;

export interface PollerSettings {
  subscriptionsFile: string;
  allowPrivate: boolean;
  concurrency: number;
  userAgent: string;
  /** Overrides of the fetch policy (tests, benchmarks). */
  policy?: Partial<FetchPolicy>;
  /** Feeds of one host fetched at once. Default 2. */
  perHost?: number;
}

/** One run's summary as commands print it. */
export interface PollRunSummary extends PollSummary {
  fullText: FullTextFetcher["counts"] | undefined;
  rejectsFile?: string | undefined;
}

export interface Poller {
  readonly subscriptions: readonly Subscription[];
  poll(run: {
    store: FeedStateStore;
    rejects: RejectSink;
    force?: boolean;
    now?: () => Date;
    onFeed?: (report: FeedPollReport, done: number, total: number) => void;
  }): Promise<PollRunSummary>;
  close(): void;
}

export function defaultUserAgent(baseUrl: string): string {
  return `SVC-poll/${packageVersion()} (+${baseUrl})`;
}

/** Settings for `config`, with the subscriptions file given (flag or SVC_POLL_SUBSCRIPTIONS). */
export function pollerSettings(config: Config, subscriptionsFile: string): PollerSettings {
  return {
    subscriptionsFile,
    allowPrivate: config.pollAllowPrivate,
    concurrency: config.pollConcurrency,
    userAgent: config.pollUserAgent ?? defaultUserAgent(config.baseUrl),
  };
}

/** Loads the subscriptions (throws a SvcError naming every problem) and prepares fetching. */
export function createPoller(settings: PollerSettings): Poller {
  const subscriptions = loadSubscriptions(settings.subscriptionsFile);
  const policy: FetchPolicy = {
    ...DEFAULT_FETCH_POLICY,
    allowPrivate: settings.allowPrivate,
    userAgent: settings.userAgent,
    ...settings.policy,
  };
  const agents = createAgents(policy);
  const fetch: Omit<FetchOptions, "validators"> = { policy, agent: agents };
  const needsFullText = subscriptions.some((subscription) => subscription.fullText);
  return {
    subscriptions,
    async poll(run) {
      const gate = createHostGate({ perHost: 1, delayMs: ARTICLE_DELAY_MS });
      const fullText = needsFullText
        ? createFullTextFetcher({ fetch, robots: createRobotsCheck({ ...fetch, gate }), gate })
        : undefined;
      const summary = await pollFeeds(subscriptions, {
        ...run,
        fetch,
        concurrency: settings.concurrency,
        perHost: settings.perHost ?? 2,
        ...(fullText ? { fullText } : {}),
      });
      return { ...summary, fullText: fullText?.counts };
    },
    close: () => agents.close(),
  };
}
