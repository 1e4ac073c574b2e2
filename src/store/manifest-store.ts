// The manifest store: what both backends (SQLite by default, PostgreSQL) implement, in the
// slices each stage uses. A stage takes only its slice (ingest a ManifestWriter, the builder a
// ManifestWindowReader and a StoryArchiveWriter, ...); only the CLI holds the whole store.

import type { Manifest } from "../manifests/schema.js";
import type { FeedStateStore } from "./feed-states.js";
import type { StoryArchive } from "./story-archive.js";

/** A validated Manifest on its way into the store (see normalizeManifest). */
export interface ManifestToStore {
  id: string;
  topic: string;
  /** `published_at` in epoch milliseconds. */
  publishedAtMs: number;
  /** The canonical JSON of the record: equal records have equal text. */
  json: string;
  /** `file:line` or `stdin:line` of the record, for conflict reports. */
  source: string;
}

/** What happened to one record of a batch; batches never throw halfway. */
export type InsertOutcome =
  | { id: string; status: "stored" }
  | { id: string; status: "duplicate" }
  | { id: string; status: "conflict"; storedSha256: string; incomingSha256: string };

/** The same id arrived with content different from what is stored. Nothing was overwritten. */
export interface ManifestConflict {
  id: string;
  storedSha256: string;
  incomingSha256: string;
  /** The record that was refused, as canonical JSON. */
  incomingJson: string;
  source: string;
  detectedAt: string;
}

/** A half-open time window `(after, until]`, optionally one topic. */
export interface ManifestWindow {
  after: Date;
  until: Date;
  topic?: string;
}

export interface TopicCount {
  topic: string;
  manifests: number;
  oldestPublishedAt: string;
  newestPublishedAt: string;
}

export interface StoreSummary {
  backend: "sqlite" | "postgres";
  /** Where the data lives: a file path, or the PostgreSQL database and schema (no password). */
  location: string;
  manifests: number;
  conflicts: number;
  topics: TopicCount[];
}

export interface ManifestFilter {
  topic?: string;
  idPrefix?: string;
  /** Only Manifests published after this instant. */
  publishedAfter?: Date;
}

/** Topics seen in stored Manifests. */
export interface TopicLister {
  /** Topics seen in stored Manifests, in slug order. */
  listTopics(): Promise<string[]>;
}

/** What ingest writes through: batches of Manifests, and the topics known before it. */
export interface ManifestWriter extends TopicLister {
  /**
   * Stores a batch in one transaction: new ids are stored, the same record again is a
   * duplicate, the same id with other content is a conflict (recorded, never overwritten).
   * Returns one outcome per input record, in input order.
   */
  insertManifests(batch: readonly ManifestToStore[]): Promise<InsertOutcome[]>;
}

/** What the edition builder reads: the Manifests of a topic in a time window, and topics. */
export interface ManifestWindowReader extends TopicLister {
  /** Manifests published in `(after, until]`, oldest first (ties by id). */
  listManifests(window: ManifestWindow): Promise<Manifest[]>;
}

/** What the store holds: for `svc stats`, `svc conflicts`, `svc status` and `svc start`. */
export interface StoreInventory {
  /** Manifests stored, optionally only those that match every part of `filter`. */
  countManifests(filter?: ManifestFilter): Promise<number>;
  /** The Manifests with these ids that exist, in the order asked. */
  getManifests(ids: readonly string[]): Promise<Manifest[]>;
  /** Recorded conflicts, newest first. */
  listConflicts(limit: number): Promise<ManifestConflict[]>;
  summarize(): Promise<StoreSummary>;
}

/** Taking Manifests out again: `svc demo --remove`. */
export interface ManifestRemover {
  /**
   * Removes, in one transaction, the Manifests whose id starts with `idPrefix` (and their
   * recorded conflicts) and every stored edition (they were built with those Manifests; the
   * next build makes the current one again); topics left without Manifests are forgotten.
   */
  removeManifests(idPrefix: string): Promise<{ manifests: number; editions: number }>;
}

/** The whole store, every slice: what the backends implement and the CLI opens. */
export interface ManifestStore
  extends
    ManifestWriter,
    ManifestWindowReader,
    StoreInventory,
    ManifestRemover,
    StoryArchive,
    FeedStateStore {
  readonly backend: "sqlite" | "postgres";
  close(): Promise<void>;
}
