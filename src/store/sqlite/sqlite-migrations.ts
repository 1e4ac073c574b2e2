// SQLite schema, step by step (see ../migrations.ts).
import type { Migration } from "../migrations.js";

export const SQLITE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "manifests",
    sql: `
      CREATE TABLE manifests (
        id TEXT PRIMARY KEY,
        topic TEXT NOT NULL,
        published_ms INTEGER NOT NULL,
        record TEXT NOT NULL,
        ingested_at TEXT NOT NULL
      );
      CREATE INDEX manifests_topic_published ON manifests (topic, published_ms);
      CREATE TABLE manifest_topics (topic TEXT PRIMARY KEY);
      CREATE TABLE manifest_conflicts (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL,
        stored_sha256 TEXT NOT NULL,
        incoming_sha256 TEXT NOT NULL,
        incoming_record TEXT NOT NULL,
        source TEXT NOT NULL,
        detected_at TEXT NOT NULL,
        UNIQUE (id, incoming_sha256)
      );
    `,
  },
  {
    version: 2,
    name: "story archive",
    sql: `
      CREATE TABLE editions (
        cut_ms INTEGER PRIMARY KEY,
        story_count INTEGER NOT NULL,
        roundups TEXT NOT NULL
      );
      CREATE TABLE edition_stories (
        cut_ms INTEGER NOT NULL REFERENCES editions (cut_ms) ON DELETE CASCADE,
        date TEXT NOT NULL,
        slug TEXT NOT NULL,
        topic TEXT NOT NULL,
        published_at TEXT NOT NULL,
        member_ids TEXT NOT NULL,
        story TEXT NOT NULL,
        PRIMARY KEY (cut_ms, date, slug)
      );
      CREATE INDEX edition_stories_date ON edition_stories (date, slug);
    `,
  },
  {
    version: 3,
    name: "story summaries",
    // What publishing reads for every story of the archive, in a narrow table of its own: the
    // lists need the summary and the file writer the hash, never the story text (reading
    // columns stored after a large text cost SQLite an overflow-page walk per row).
    // Stories saved before this step get NULLs; the publisher computes them from the text.
    sql: `
      CREATE TABLE story_summaries (
        cut_ms INTEGER NOT NULL,
        date TEXT NOT NULL,
        slug TEXT NOT NULL,
        topic TEXT NOT NULL,
        published_at TEXT NOT NULL,
        summary TEXT,
        story_sha256 TEXT,
        PRIMARY KEY (date, slug, cut_ms),
        FOREIGN KEY (cut_ms) REFERENCES editions (cut_ms) ON DELETE CASCADE
      );
      CREATE INDEX story_summaries_cut ON story_summaries (cut_ms);
      INSERT INTO story_summaries (cut_ms, date, slug, topic, published_at)
        SELECT cut_ms, date, slug, topic, published_at FROM edition_stories;
    `,
  },
  {
    version: 4,
    name: "feed poller state",
    // svc poll (docs/poll.md): per feed its HTTP validators and health, per item the newest
    // stored revision, so an unchanged item is never stored twice and an edited one becomes
    // a new revision.
    sql: `
      CREATE TABLE feeds (
        feed_key TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        etag TEXT,
        last_modified TEXT,
        last_polled_at TEXT,
        last_success_at TEXT,
        last_outcome TEXT,
        last_error TEXT,
        consecutive_failures INTEGER NOT NULL DEFAULT 0,
        next_due_at TEXT,
        items_stored INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE feed_items (
        feed_key TEXT NOT NULL,
        item_key TEXT NOT NULL,
        revision INTEGER NOT NULL,
        digest TEXT NOT NULL,
        manifest_id TEXT NOT NULL,
        PRIMARY KEY (feed_key, item_key)
      );
    `,
  },
];
