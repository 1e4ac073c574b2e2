// PostgreSQL schema, step by step (see ../migrations.ts).
import type { Migration } from "../migrations.js";

export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "manifests",
    sql: `
      CREATE TABLE manifests (
        id TEXT PRIMARY KEY,
        topic TEXT NOT NULL,
        published_ms BIGINT NOT NULL,
        record TEXT NOT NULL,
        ingested_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX manifests_published ON manifests (published_ms);
      CREATE INDEX manifests_topic_published ON manifests (topic, published_ms);
      CREATE TABLE manifest_topics (topic TEXT PRIMARY KEY);
      CREATE TABLE manifest_conflicts (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL,
        stored_sha256 TEXT NOT NULL,
        incoming_sha256 TEXT NOT NULL,
        incoming_record TEXT NOT NULL,
        source TEXT NOT NULL,
        detected_at TIMESTAMPTZ NOT NULL,
        UNIQUE (id, incoming_sha256)
      );
    `,
  },
  {
    version: 2,
    name: "story archive",
    sql: `
      CREATE TABLE editions (
        cut_ms BIGINT PRIMARY KEY,
        story_count INTEGER NOT NULL,
        roundups TEXT NOT NULL
      );
      CREATE TABLE edition_stories (
        cut_ms BIGINT NOT NULL REFERENCES editions (cut_ms) ON DELETE CASCADE,
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
    name: "story summaries and hashes",
    // Rows saved before this step have NULLs; the publisher computes them from the story text.
    sql: `
      ALTER TABLE edition_stories ADD COLUMN summary TEXT;
      ALTER TABLE edition_stories ADD COLUMN story_sha256 TEXT;
    `,
  },
];
