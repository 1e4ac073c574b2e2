// What the feed poller keeps between polls (docs/poll.md): per feed, its HTTP validators and
// health; per feed item, the revisions it has stored. Both backends implement this slice.
import type { InsertOutcome, ManifestToStore } from "./manifest-store.js";

/** One subscribed feed's state. Times are ISO strings (UTC). */
export interface FeedState {
  /** The feed's key (the prefix of its Manifest ids). */
  feedKey: string;
  url: string;
  etag: string | null;
  lastModified: string | null;
  lastPolledAt: string | null;
  lastSuccessAt: string | null;
  /** `stored`, `unchanged` or `not_modified` after a success; the failure's reason otherwise. */
  lastOutcome: string | null;
  /** What went wrong on the last poll, readable; null after a success. */
  lastError: string | null;
  consecutiveFailures: number;
  /** When the feed may be polled next (back-off after failures, the interval otherwise). */
  nextDueAt: string | null;
  /** Manifests stored from this feed, all polls together. */
  itemsStored: number;
}

/** The newest stored revision of one feed item. */
export interface FeedItemRevision {
  feedKey: string;
  /** The item's guid (else its link, else a hash of its content): stable across polls. */
  itemKey: string;
  /** 1 for the first version; each edit by the publisher adds one. */
  revision: number;
  /** SHA-256 of what makes the item's content (title, url, text): equal digest, same revision. */
  digest: string;
  /** The Manifest id of this revision. */
  manifestId: string;
}

/** Everything one poll of one feed writes: stored in one transaction, or not at all. */
export interface PollRecord {
  state: FeedState;
  manifests: readonly ManifestToStore[];
  /** The item revisions of `manifests`, in the same order. */
  items: readonly FeedItemRevision[];
}

export interface FeedStateStore {
  /** Every feed ever polled, by key. */
  listFeedStates(): Promise<FeedState[]>;
  /** The newest revision of every item of one feed, by item key. */
  getFeedItems(feedKey: string): Promise<Map<string, FeedItemRevision>>;
  /**
   * Stores a poll's Manifests (as insertManifests does), the revisions of the items whose
   * Manifest is now stored (a conflict leaves its item unrecorded, so it is tried again) and
   * the feed's state, in one transaction: a poll killed halfway leaves no trace.
   */
  savePoll(record: PollRecord): Promise<InsertOutcome[]>;
}

/** Row shape shared by both backends (snake_case columns). */
export interface FeedStateRow {
  feed_key: string;
  url: string;
  etag: string | null;
  last_modified: string | null;
  last_polled_at: string | null;
  last_success_at: string | null;
  last_outcome: string | null;
  last_error: string | null;
  consecutive_failures: number | string;
  next_due_at: string | null;
  items_stored: number | string;
}

export function feedStateFromRow(row: FeedStateRow): FeedState {
  return {
    feedKey: row.feed_key,
    url: row.url,
    etag: row.etag,
    lastModified: row.last_modified,
    lastPolledAt: row.last_polled_at,
    lastSuccessAt: row.last_success_at,
    lastOutcome: row.last_outcome,
    lastError: row.last_error,
    consecutiveFailures: Number(row.consecutive_failures),
    nextDueAt: row.next_due_at,
    itemsStored: Number(row.items_stored),
  };
}

export interface FeedItemRow {
  feed_key: string;
  item_key: string;
  revision: number | string;
  digest: string;
  manifest_id: string;
}

export function itemFromRow(row: FeedItemRow): FeedItemRevision {
  return {
    feedKey: row.feed_key,
    itemKey: row.item_key,
    revision: Number(row.revision),
    digest: row.digest,
    manifestId: row.manifest_id,
  };
}

/** The state's values in column order (feed_key ... items_stored), for an upsert. */
export function feedStateValues(state: FeedState): Array<string | number | null> {
  return [
    state.feedKey,
    state.url,
    state.etag,
    state.lastModified,
    state.lastPolledAt,
    state.lastSuccessAt,
    state.lastOutcome,
    state.lastError,
    state.consecutiveFailures,
    state.nextDueAt,
    state.itemsStored,
  ];
}

export const FEED_STATE_COLUMNS =
  "feed_key, url, etag, last_modified, last_polled_at, last_success_at, last_outcome, last_error, consecutive_failures, next_due_at, items_stored";

/**
 * The item revisions whose Manifest is stored now (stored or already there), the last one per
 * item when a poll carries several revisions of it.
 */
export function recordedItems(
  record: PollRecord,
  outcomes: readonly InsertOutcome[],
): FeedItemRevision[] {
  const newest = new Map<string, FeedItemRevision>();
  record.items.forEach((item, index) => {
    if (outcomes[index]?.status !== "conflict")
      newest.set(`${item.feedKey}\n${item.itemKey}`, item);
  });
  return [...newest.values()];
}

/** Adds this poll's newly stored Manifests to the feed's running count. */
export function withStoredCount(state: FeedState, outcomes: readonly InsertOutcome[]): FeedState {
  const stored = outcomes.filter((outcome) => outcome.status === "stored").length;
  return { ...state, itemsStored: state.itemsStored + stored };
}
