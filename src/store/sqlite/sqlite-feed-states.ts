// The feed poller's state in the SQLite file (feed-states.ts): read by `svc poll` and
// `svc status`, written with a poll's Manifests in one transaction.
import type Database from "better-sqlite3";
import {
  FEED_STATE_COLUMNS,
  type FeedItemRevision,
  type FeedState,
  type FeedItemRow,
  type FeedStateRow,
  feedStateFromRow,
  itemFromRow,
  feedStateValues,
  type PollRecord,
  recordedItems,
  withStoredCount,
} from "../feed-states.js";
import type { InsertOutcome, ManifestToStore } from "../manifest-store.js";

export class SqliteFeedStates {
  readonly #db: Database.Database;
  readonly #upsertState: Database.Statement;
  readonly #upsertItem: Database.Statement;
  readonly #save: Database.Transaction<(record: PollRecord) => InsertOutcome[]>;

  /** `insert` stores a batch inside the caller's transaction (the store's insert step). */
  constructor(
    db: Database.Database,
    insert: (batch: readonly ManifestToStore[]) => InsertOutcome[],
  ) {
    this.#db = db;
    this.#upsertState = db.prepare(
      `INSERT INTO feeds (${FEED_STATE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (feed_key) DO UPDATE SET url = excluded.url, etag = excluded.etag,
         last_modified = excluded.last_modified, last_polled_at = excluded.last_polled_at,
         last_success_at = excluded.last_success_at, last_outcome = excluded.last_outcome,
         last_error = excluded.last_error, consecutive_failures = excluded.consecutive_failures,
         next_due_at = excluded.next_due_at, items_stored = excluded.items_stored`,
    );
    this.#upsertItem = db.prepare(
      `INSERT INTO feed_items (feed_key, item_key, revision, digest, manifest_id)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (feed_key, item_key) DO UPDATE SET revision = excluded.revision,
         digest = excluded.digest, manifest_id = excluded.manifest_id`,
    );
    this.#save = db.transaction((record: PollRecord) => {
      const outcomes = record.manifests.length > 0 ? insert(record.manifests) : [];
      for (const item of recordedItems(record, outcomes)) {
        this.#upsertItem.run(
          item.feedKey,
          item.itemKey,
          item.revision,
          item.digest,
          item.manifestId,
        );
      }
      this.#upsertState.run(...feedStateValues(withStoredCount(record.state, outcomes)));
      return outcomes;
    });
  }

  listFeedStates(): FeedState[] {
    const rows = this.#db
      .prepare(`SELECT ${FEED_STATE_COLUMNS} FROM feeds ORDER BY feed_key`)
      .all() as FeedStateRow[];
    return rows.map(feedStateFromRow);
  }

  getFeedItems(feedKey: string): Map<string, FeedItemRevision> {
    const rows = this.#db
      .prepare(
        "SELECT feed_key, item_key, revision, digest, manifest_id FROM feed_items WHERE feed_key = ?",
      )
      .all(feedKey) as FeedItemRow[];
    return new Map(rows.map((row) => [row.item_key, itemFromRow(row)]));
  }

  savePoll(record: PollRecord): InsertOutcome[] {
    return this.#save.immediate(record);
  }
}
