// The shared manifest store: PostgreSQL (node-postgres), for several machines. Tables live in
// one schema (default "public"), so several installations or test runs can share a database.
import pg from "pg";
import { SvcError } from "../../errors.js";
import type { Manifest } from "../../manifests/schema.js";
import type {
  InsertOutcome,
  ManifestConflict,
  ManifestFilter,
  ManifestStore,
  ManifestToStore,
  ManifestWindow,
  StoreSummary,
} from "../manifest-store.js";
import type {
  ArchivedStory,
  EditionRecord,
  EditionSummary,
  PublishedStory,
  StoryKey,
} from "../story-archive.js";
import { pendingMigrations } from "../migrations.js";
import { compareWithStored, outcomesForBatch, planBatch } from "../plan-batch.js";
import {
  editionFromRows,
  type PublishedStoryRow,
  publishedStoriesSql,
  publishedStoryFromRow,
  type StoryRow,
  storyFromRow,
  storySha256,
} from "../story-rows.js";
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
import { POSTGRES_MIGRATIONS } from "./postgres-migrations.js";
import { SCHEMA_NAME_PATTERN } from "./schema-name.js";

export interface PostgresStoreOptions {
  connectionString: string;
  /** Schema holding the tables; created when missing. */
  schema?: string;
  now?: () => Date;
  /** Largest number of pooled connections. */
  maxConnections?: number;
}

/** Key of the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_305_210_001;

/** A connection string with its password hidden, for messages and logs. */
export function redactConnectionString(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password !== "") url.password = "***";
    return url.toString();
  } catch {
    return "(unparsable connection string)";
  }
}

function unavailable(connectionString: string, error: unknown): SvcError {
  const reason = error instanceof Error ? error.message : String(error);
  return new SvcError(
    "store_unavailable",
    `cannot reach PostgreSQL at ${redactConnectionString(connectionString)}: ${reason}`,
    "check DATABASE_URL and that the PostgreSQL server is running and accepts connections",
    { cause: error },
  );
}

interface CheckedOutClient {
  client: pg.PoolClient;
  release: () => void;
}

export class PostgresManifestStore implements ManifestStore {
  readonly backend = "postgres" as const;
  readonly #pool: pg.Pool;
  readonly #schema: string;
  readonly #connectionString: string;
  readonly #now: () => Date;

  private constructor(pool: pg.Pool, options: PostgresStoreOptions, schema: string) {
    this.#pool = pool;
    this.#schema = schema;
    this.#connectionString = options.connectionString;
    this.#now = options.now ?? (() => new Date());
  }

  /** Connects, creates the schema when missing and applies pending migrations. */
  static async open(options: PostgresStoreOptions): Promise<PostgresManifestStore> {
    const schema = options.schema ?? "public";
    if (!SCHEMA_NAME_PATTERN.test(schema)) {
      throw new SvcError(
        "invalid_config",
        `database schema name ${JSON.stringify(schema)} is not a plain lowercase identifier`,
        "use letters a-z, digits and '_' (at most 63 characters), starting with a letter or '_'",
      );
    }
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 4,
      connectionTimeoutMillis: 10_000,
      options: `-c search_path=${schema}`,
    });
    pool.on("error", () => {
      // An idle client lost its connection; the next query reports the failure to its caller.
    });
    const store = new PostgresManifestStore(pool, options, schema);
    try {
      await store.#migrate();
    } catch (error) {
      await pool.end().catch(() => undefined);
      if (error instanceof SvcError) throw error;
      throw unavailable(options.connectionString, error);
    }
    return store;
  }

  /**
   * A client of the pool for several queries. While checked out, a client whose connection
   * drops emits `error` (pg hands idle clients' errors to the pool only): without a listener
   * that would end the process, with one the next query fails and its caller reports it.
   */
  async #checkout(): Promise<CheckedOutClient> {
    let lost: Error | undefined;
    const onError = (error: Error) => {
      lost = error;
    };
    // The listener goes on in pg's own callback, not after an `await`: a new client is handed
    // over while pg still parses the chunk that ended its login, and a server that cuts the
    // session at once (an administrator's pg_terminate_backend, a restart) sends its error in
    // that same chunk. Between the hand-over and a promise's continuation the client would
    // have no listener and the error would end the process.
    const client = await new Promise<pg.PoolClient>((resolve, reject) => {
      this.#pool.connect((error, connected) => {
        if (error || connected === undefined) {
          reject(error ?? new Error("the pool gave no client"));
          return;
        }
        connected.on("error", onError);
        resolve(connected);
      });
    });
    return {
      client,
      release: () => {
        client.off("error", onError);
        // A broken client is destroyed, not returned to the pool.
        client.release(lost);
      },
    };
  }

  async #migrate(): Promise<void> {
    const { client, release } = await this.#checkout();
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${this.#schema}"`);
      await client.query(`CREATE TABLE IF NOT EXISTS svc_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)`);
      const { rows } = await client.query<{ v: number | null }>(
        "SELECT MAX(version) AS v FROM svc_migrations",
      );
      for (const migration of pendingMigrations(POSTGRES_MIGRATIONS, rows[0]?.v ?? 0)) {
        await client.query(migration.sql);
        await client.query(
          "INSERT INTO svc_migrations (version, name, applied_at) VALUES ($1, $2, now())",
          [migration.version, migration.name],
        );
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      release();
    }
  }

  /** Runs `work` in one transaction; any failure rolls back and reports the store unavailable. */
  async #inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let checkedOut: CheckedOutClient;
    try {
      checkedOut = await this.#checkout();
    } catch (error) {
      throw unavailable(this.#connectionString, error);
    }
    const { client, release } = checkedOut;
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw unavailable(this.#connectionString, error);
    } finally {
      release();
    }
  }

  async #query<Row extends pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
  ): Promise<Row[]> {
    try {
      const result = await this.#pool.query<Row>(text, values);
      return result.rows;
    } catch (error) {
      throw unavailable(this.#connectionString, error);
    }
  }

  async insertManifests(batch: readonly ManifestToStore[]): Promise<InsertOutcome[]> {
    if (batch.length === 0) return [];
    return this.#inTransaction((client) => this.#insertWith(client, batch));
  }

  async listFeedStates(): Promise<FeedState[]> {
    const rows = await this.#query<FeedStateRow>(
      `SELECT ${FEED_STATE_COLUMNS} FROM feeds ORDER BY feed_key`,
    );
    return rows.map(feedStateFromRow);
  }

  async getFeedItems(feedKey: string): Promise<Map<string, FeedItemRevision>> {
    const rows = await this.#query<FeedItemRow>(
      "SELECT feed_key, item_key, revision, digest, manifest_id FROM feed_items WHERE feed_key = $1",
      [feedKey],
    );
    return new Map(rows.map((row) => [row.item_key, itemFromRow(row)]));
  }

  async savePoll(record: PollRecord): Promise<InsertOutcome[]> {
    return this.#inTransaction(async (client) => {
      const outcomes =
        record.manifests.length > 0 ? await this.#insertWith(client, record.manifests) : [];
      const items = recordedItems(record, outcomes);
      if (items.length > 0) {
        await client.query(
          `INSERT INTO feed_items (feed_key, item_key, revision, digest, manifest_id)
           SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[])
           ON CONFLICT (feed_key, item_key) DO UPDATE SET revision = excluded.revision,
             digest = excluded.digest, manifest_id = excluded.manifest_id`,
          [
            items.map((item) => item.feedKey),
            items.map((item) => item.itemKey),
            items.map((item) => item.revision),
            items.map((item) => item.digest),
            items.map((item) => item.manifestId),
          ],
        );
      }
      await client.query(
        `INSERT INTO feeds (${FEED_STATE_COLUMNS})
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (feed_key) DO UPDATE SET url = excluded.url, etag = excluded.etag,
           last_modified = excluded.last_modified, last_polled_at = excluded.last_polled_at,
           last_success_at = excluded.last_success_at, last_outcome = excluded.last_outcome,
           last_error = excluded.last_error, consecutive_failures = excluded.consecutive_failures,
           next_due_at = excluded.next_due_at, items_stored = excluded.items_stored`,
        feedStateValues(withStoredCount(record.state, outcomes)),
      );
      return outcomes;
    });
  }

  /** Stores a batch with `client`, inside the caller's transaction. */
  async #insertWith(
    client: pg.PoolClient,
    batch: readonly ManifestToStore[],
  ): Promise<InsertOutcome[]> {
    const plan = planBatch(batch);
    const unique = plan.unique;
    const now = this.#now().toISOString();
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO manifests (id, topic, published_ms, record, ingested_at)
       SELECT id, topic, published_ms, record, $5::timestamptz
       FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[])
         AS incoming (id, topic, published_ms, record)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        unique.map((record) => record.id),
        unique.map((record) => record.topic),
        unique.map((record) => record.publishedAtMs),
        unique.map((record) => record.json),
        now,
      ],
    );
    const storedNow = new Set(inserted.rows.map((row) => row.id));
    const existingIds = unique.map((record) => record.id).filter((id) => !storedNow.has(id));
    const storedJson = new Map<string, string>();
    if (existingIds.length > 0) {
      const found = await client.query<{ id: string; record: string }>(
        "SELECT id, record FROM manifests WHERE id = ANY($1::text[])",
        [existingIds],
      );
      for (const row of found.rows) storedJson.set(row.id, row.record);
    }
    const uniqueOutcomes = unique.map((record): InsertOutcome => {
      if (storedNow.has(record.id)) return { id: record.id, status: "stored" };
      return compareWithStored(record, storedJson.get(record.id) ?? record.json);
    });
    const storedJsonOf = (index: number) => {
      const first = unique[index] as ManifestToStore;
      return storedJson.get(first.id) ?? first.json;
    };
    const { outcomes, conflicts } = outcomesForBatch(batch, plan, uniqueOutcomes, storedJsonOf);
    await client.query(
      `INSERT INTO manifest_topics (topic) SELECT DISTINCT unnest($1::text[])
       ON CONFLICT (topic) DO NOTHING`,
      [[...new Set(unique.map((record) => record.topic))]],
    );
    if (conflicts.length > 0) {
      await client.query(
        `INSERT INTO manifest_conflicts
           (id, stored_sha256, incoming_sha256, incoming_record, source, detected_at)
         SELECT *, $6::timestamptz FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
         ON CONFLICT (id, incoming_sha256) DO NOTHING`,
        [
          conflicts.map((c) => c.record.id),
          conflicts.map((c) => c.storedSha256),
          conflicts.map((c) => c.incomingSha256),
          conflicts.map((c) => c.record.json),
          conflicts.map((c) => c.record.source),
          now,
        ],
      );
    }
    return outcomes;
  }

  async getManifests(ids: readonly string[]): Promise<Manifest[]> {
    if (ids.length === 0) return [];
    const rows = await this.#query<{ id: string; record: string }>(
      "SELECT id, record FROM manifests WHERE id = ANY($1::text[])",
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row.record]));
    return ids.flatMap((id) => {
      const record = byId.get(id);
      return record === undefined ? [] : [JSON.parse(record) as Manifest];
    });
  }

  async listManifests(window: ManifestWindow): Promise<Manifest[]> {
    const values: unknown[] = [window.after.getTime(), window.until.getTime()];
    let where = "published_ms > $1 AND published_ms <= $2";
    if (window.topic !== undefined) {
      values.push(window.topic);
      where += " AND topic = $3";
    }
    const rows = await this.#query<{ record: string }>(
      `SELECT record FROM manifests WHERE ${where} ORDER BY published_ms, id`,
      values,
    );
    return rows.map((row) => JSON.parse(row.record) as Manifest);
  }

  async countManifests(filter: ManifestFilter = {}): Promise<number> {
    const where: string[] = [];
    const values: Array<string | number> = [];
    if (filter.topic !== undefined) {
      values.push(filter.topic);
      where.push(`topic = $${values.length}`);
    }
    if (filter.idPrefix !== undefined) {
      values.push(filter.idPrefix);
      where.push(`starts_with(id, $${values.length})`);
    }
    if (filter.publishedAfter !== undefined) {
      values.push(filter.publishedAfter.getTime());
      where.push(`published_ms > $${values.length}`);
    }
    const rows = await this.#query<{ n: string }>(
      `SELECT COUNT(*) AS n FROM manifests${where.length > 0 ? ` WHERE ${where.join(" AND ")}` : ""}`,
      values,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async removeManifests(idPrefix: string): Promise<{ manifests: number; editions: number }> {
    return this.#inTransaction(async (client) => {
      const manifests = await client.query("DELETE FROM manifests WHERE starts_with(id, $1)", [
        idPrefix,
      ]);
      await client.query("DELETE FROM manifest_conflicts WHERE starts_with(id, $1)", [idPrefix]);
      await client.query(
        "DELETE FROM manifest_topics WHERE topic NOT IN (SELECT DISTINCT topic FROM manifests)",
      );
      await client.query("DELETE FROM story_summaries");
      await client.query("DELETE FROM edition_stories");
      const editions = await client.query("DELETE FROM editions");
      return { manifests: manifests.rowCount ?? 0, editions: editions.rowCount ?? 0 };
    });
  }

  async listConflicts(limit: number): Promise<ManifestConflict[]> {
    const rows = await this.#query<{
      id: string;
      stored_sha256: string;
      incoming_sha256: string;
      incoming_record: string;
      source: string;
      detected_at: Date;
    }>(
      `SELECT id, stored_sha256, incoming_sha256, incoming_record, source, detected_at
       FROM manifest_conflicts ORDER BY seq DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      id: row.id,
      storedSha256: row.stored_sha256,
      incomingSha256: row.incoming_sha256,
      incomingJson: row.incoming_record,
      source: row.source,
      detectedAt: row.detected_at.toISOString(),
    }));
  }

  async listTopics(): Promise<string[]> {
    const rows = await this.#query<{ topic: string }>(
      "SELECT topic FROM manifest_topics ORDER BY topic",
    );
    return rows.map((row) => row.topic);
  }

  async summarize(): Promise<StoreSummary> {
    const rows = await this.#query<{
      topic: string;
      manifests: string;
      oldest: string;
      newest: string;
    }>(
      `SELECT topic, COUNT(*) AS manifests, MIN(published_ms) AS oldest, MAX(published_ms) AS newest
       FROM manifests GROUP BY topic ORDER BY topic`,
    );
    const conflicts = await this.#query<{ n: string }>(
      "SELECT COUNT(*) AS n FROM manifest_conflicts",
    );
    const topics = rows.map((row) => ({
      topic: row.topic,
      manifests: Number(row.manifests),
      oldestPublishedAt: new Date(Number(row.oldest)).toISOString(),
      newestPublishedAt: new Date(Number(row.newest)).toISOString(),
    }));
    return {
      backend: this.backend,
      location: `${redactConnectionString(this.#connectionString)} (schema ${this.#schema})`,
      manifests: topics.reduce((sum, topic) => sum + topic.manifests, 0),
      conflicts: Number(conflicts[0]?.n ?? 0),
      topics,
    };
  }

  async saveEdition(edition: EditionRecord): Promise<void> {
    await this.#inTransaction(async (client) => {
      await client.query("DELETE FROM story_summaries WHERE cut_ms = $1", [edition.cutMs]);
      await client.query("DELETE FROM edition_stories WHERE cut_ms = $1", [edition.cutMs]);
      await client.query("DELETE FROM editions WHERE cut_ms = $1", [edition.cutMs]);
      await client.query(
        "INSERT INTO editions (cut_ms, story_count, roundups) VALUES ($1, $2, $3)",
        [edition.cutMs, edition.stories.length, edition.roundupsJson],
      );
      const stories = edition.stories;
      const texts = stories.map((story) => story.json);
      await client.query(
        `INSERT INTO edition_stories (cut_ms, date, slug, topic, published_at, member_ids, story)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`,
        [
          edition.cutMs,
          stories.map((story) => story.date),
          stories.map((story) => story.slug),
          stories.map((story) => story.topic),
          stories.map((story) => story.publishedAt),
          stories.map((story) => JSON.stringify(story.memberIds)),
          texts,
        ],
      );
      await client.query(
        `INSERT INTO story_summaries
           (cut_ms, date, slug, topic, published_at, summary, story_sha256)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
           $7::text[])`,
        [
          edition.cutMs,
          stories.map((story) => story.date),
          stories.map((story) => story.slug),
          stories.map((story) => story.topic),
          stories.map((story) => story.publishedAt),
          stories.map((story) => story.summaryJson ?? null),
          texts.map(storySha256),
        ],
      );
    });
  }

  async listEditionStories(
    fromMs: number,
    toMs: number,
  ): Promise<Array<ArchivedStory & { cutMs: number }>> {
    const rows = await this.#query<StoryRow>(
      `SELECT cut_ms, date, slug, topic, published_at, member_ids, story FROM edition_stories
       WHERE cut_ms >= $1 AND cut_ms < $2 ORDER BY cut_ms, date, slug`,
      [fromMs, toMs],
    );
    return rows.map(storyFromRow);
  }

  async listStorySlugs(date: string, exceptCutMs: number): Promise<string[]> {
    const rows = await this.#query<{ slug: string }>(
      "SELECT DISTINCT slug FROM edition_stories WHERE date = $1 AND cut_ms <> $2 ORDER BY slug",
      [date, exceptCutMs],
    );
    return rows.map((row) => row.slug);
  }

  async getEdition(cutMs: number): Promise<EditionRecord | undefined> {
    const rows = await this.#query<{ roundups: string }>(
      "SELECT roundups FROM editions WHERE cut_ms = $1",
      [cutMs],
    );
    const edition = rows[0];
    if (!edition) return undefined;
    return editionFromRows(
      cutMs,
      edition.roundups,
      await this.listEditionStories(cutMs, cutMs + 1),
    );
  }

  async latestEdition(atMs = Number.MAX_SAFE_INTEGER): Promise<EditionSummary | undefined> {
    const rows = await this.#query<{ cut_ms: string; story_count: number }>(
      "SELECT cut_ms, story_count FROM editions WHERE cut_ms <= $1 ORDER BY cut_ms DESC LIMIT 1",
      [atMs],
    );
    const row = rows[0];
    return row ? { cutMs: Number(row.cut_ms), storyCount: row.story_count } : undefined;
  }

  async listPublishedStories(fromMs: number, toMs: number): Promise<PublishedStory[]> {
    const rows = await this.#query<PublishedStoryRow>(publishedStoriesSql(["$1", "$2", "$2"]), [
      fromMs,
      toMs,
    ]);
    return rows.map(publishedStoryFromRow);
  }

  async getStoryTexts(keys: readonly StoryKey[]): Promise<Array<string | undefined>> {
    if (keys.length === 0) return [];
    const rows = await this.#query<{ n: number; story: string }>(
      `SELECT k.n, s.story
       FROM unnest($1::bigint[], $2::text[], $3::text[]) WITH ORDINALITY AS k (cut_ms, date, slug, n)
       JOIN edition_stories s USING (cut_ms, date, slug)`,
      [keys.map((key) => key.cutMs), keys.map((key) => key.date), keys.map((key) => key.slug)],
    );
    const texts = new Array<string | undefined>(keys.length);
    for (const row of rows) texts[Number(row.n) - 1] = row.story;
    return texts;
  }

  /** Drops the whole schema: for tests that made their own. */
  async dropSchema(): Promise<void> {
    await this.#query(`DROP SCHEMA IF EXISTS "${this.#schema}" CASCADE`);
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
