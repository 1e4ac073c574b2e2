// Polls one feed (docs/poll.md): a conditional GET, the items turned into Manifests, new items
// and edited ones (as revisions) stored with the feed's new state in one transaction. A feed
// that fails is recorded with its reason and backed off; it never stops the other feeds.
import type { RejectSink } from "../ingest/rejects-file.js";
import type { FeedState, FeedStateStore } from "../store/feed-states.js";
import type { InsertOutcome } from "../store/manifest-store.js";
import {
  decodeFeedBytes,
  detectFeedLanguage,
  type FeedContext,
  type ParsedFeed,
  parseFeedText,
} from "./items/index.js";
import { type FetchFailureReason, type FetchOptions, safeFetch } from "./http/index.js";
import { nextDueAfterFailure, nextDueAfterSuccess } from "./feed-schedule.js";
import type { FullTextFetcher } from "./full-text.js";
import { itemsToStore } from "./plan-items.js";
import type { Subscription } from "./subscriptions.js";

/** How one feed's poll ended. */
export type FeedOutcome =
  "stored" | "unchanged" | "not_modified" | "invalid_feed" | FetchFailureReason;

export interface FeedPollReport {
  key: string;
  url: string;
  outcome: FeedOutcome;
  /** Items in the feed (0 when it was not fetched or not readable). */
  items: number;
  /** New Manifests stored: new items and new revisions. */
  stored: number;
  /** Of `stored`, revisions of items stored before. */
  revisions: number;
  /** Items already stored with the same content. */
  unchanged: number;
  /** Items refused (see the rejects file), and ids that conflicted with stored records. */
  rejected: number;
  conflicts: number;
  /** Readable reason of a failure. */
  error?: string;
  nextDueAt: string;
}

export interface PollFeedDeps {
  store: FeedStateStore;
  rejects: RejectSink;
  fetch: Omit<FetchOptions, "validators">;
  /** Fetches article pages for `full_text` feeds. */
  fullText?: FullTextFetcher;
  now: () => Date;
}

const emptyState = (subscription: Subscription): FeedState => ({
  feedKey: subscription.key,
  url: subscription.url,
  etag: null,
  lastModified: null,
  lastPolledAt: null,
  lastSuccessAt: null,
  lastOutcome: null,
  lastError: null,
  consecutiveFailures: 0,
  nextDueAt: null,
  itemsStored: 0,
});

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

/** Polls one feed; throws only when the store fails. */
export async function pollFeed(
  subscription: Subscription,
  previous: FeedState | undefined,
  deps: PollFeedDeps,
): Promise<FeedPollReport> {
  const startedAt = deps.now();
  const state = previous ?? emptyState(subscription);
  const validators = {
    ...(state.etag ? { etag: state.etag } : {}),
    ...(state.lastModified ? { lastModified: state.lastModified } : {}),
  };
  const fetched = await safeFetch(subscription.url, { ...deps.fetch, validators });
  const report = (outcome: FeedOutcome, nextDueAt: Date, extra: Partial<FeedPollReport> = {}) => ({
    key: subscription.key,
    url: subscription.url,
    outcome,
    items: 0,
    stored: 0,
    revisions: 0,
    unchanged: 0,
    rejected: 0,
    conflicts: 0,
    nextDueAt: nextDueAt.toISOString(),
    ...extra,
  });
  const fail = async (outcome: FeedOutcome, error: string, retryAfterMs?: number) => {
    const failures = state.consecutiveFailures + 1;
    const nextDueAt = nextDueAfterFailure(
      startedAt,
      subscription.intervalMinutes,
      failures,
      retryAfterMs,
    );
    await deps.store.savePoll({
      state: {
        ...state,
        url: subscription.url,
        lastPolledAt: startedAt.toISOString(),
        lastOutcome: outcome,
        lastError: error,
        consecutiveFailures: failures,
        nextDueAt: nextDueAt.toISOString(),
      },
      manifests: [],
      items: [],
    });
    return report(outcome, nextDueAt, { error });
  };
  const success = (
    outcome: FeedOutcome,
    validatorsNow: { etag?: string; lastModified?: string },
  ) => {
    const nextDueAt = nextDueAfterSuccess(startedAt, subscription.intervalMinutes);
    return {
      nextDueAt,
      state: {
        ...state,
        url: subscription.url,
        etag: validatorsNow.etag ?? null,
        lastModified: validatorsNow.lastModified ?? null,
        lastPolledAt: startedAt.toISOString(),
        lastSuccessAt: startedAt.toISOString(),
        lastOutcome: outcome,
        lastError: null,
        consecutiveFailures: 0,
        nextDueAt: nextDueAt.toISOString(),
      } satisfies FeedState,
    };
  };

  if (fetched.kind === "failed") return fail(fetched.reason, fetched.message, fetched.retryAfterMs);
  if (fetched.kind === "not_modified") {
    const done = success("not_modified", fetched.validators);
    await deps.store.savePoll({ state: done.state, manifests: [], items: [] });
    return report("not_modified", done.nextDueAt);
  }

  let feed: ParsedFeed;
  try {
    feed = parseFeedText(decodeFeedBytes(fetched.body, fetched.contentType), fetched.url);
  } catch (error) {
    return fail("invalid_feed", `${subscription.url}: ${(error as Error).message}`);
  }

  const context: FeedContext = {
    feedUrl: fetched.url,
    feedKey: subscription.key,
    topic: subscription.topic,
    publisher: subscription.publisher,
    provider: subscription.provider,
    capturedAt: startedAt,
    ...(subscription.language
      ? { language: subscription.language }
      : feed.language === undefined
        ? optional("language", detectFeedLanguage(feed))
        : {}),
    ...(subscription.license ? { license: subscription.license } : {}),
  };
  const known = await deps.store.getFeedItems(subscription.key);
  const { records, revisions, rejected, unchanged } = await itemsToStore(feed, context, known, {
    rejects: deps.rejects,
    fullText: subscription.fullText ? deps.fullText : undefined,
  });

  const outcome: FeedOutcome = records.length > 0 ? "stored" : "unchanged";
  const done = success(outcome, fetched.validators);
  const outcomes: InsertOutcome[] = await deps.store.savePoll({
    state: done.state,
    manifests: records,
    items: revisions,
  });
  const stored = outcomes.filter((each) => each.status === "stored");
  return report(outcome, done.nextDueAt, {
    items: feed.items.length,
    stored: stored.length,
    revisions: revisions.filter(
      (item, index) => item.revision > 1 && outcomes[index]?.status === "stored",
    ).length,
    unchanged: unchanged + outcomes.filter((each) => each.status === "duplicate").length,
    rejected,
    conflicts: outcomes.filter((each) => each.status === "conflict").length,
  });
}
