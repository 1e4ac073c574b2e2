// The manifest store: one interface for SQLite (default) and PostgreSQL. Everything else in
// SVC talks to this interface only.

import type { Manifest } from "../manifests/schema.js";
import type { FeedStateStore } from "./feed-states.js";

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

/** A story as one edition published it. */
export interface ArchivedStory {
  date: string;
  slug: string;
  topic: string;
  /** When the story was first published (ISO). */
  publishedAt: string;
  /** Every Manifest of the story's cluster in that edition. */
  memberIds: string[];
  /** The Story, as JSON text. */
  json: string;
  /**
   * The story as lists show it (StorySummary plus `topic` and `updated_at`), as JSON text.
   * Given when saving; not read back with the story.
   */
  summaryJson?: string;
}

/** One version of a story: the edition that published it, and its date and slug. */
export interface StoryKey {
  cutMs: number;
  date: string;
  slug: string;
}

/**
 * The newest version of a published story, without its text: what the publisher needs to
 * list it and to tell whether its files changed (`sha256` of the story's JSON text).
 */
export interface PublishedStory {
  cutMs: number;
  date: string;
  slug: string;
  topic: string;
  publishedAt: string;
  /** Null for stories saved before summaries were stored (computed from the text then). */
  summaryJson: string | null;
  sha256: string | null;
}

/** One built edition: its cut and its stories. */
export interface EditionRecord {
  cutMs: number;
  stories: ArchivedStory[];
  /** The roundups of the edition, as JSON text. */
  roundupsJson: string;
}

export interface EditionSummary {
  cutMs: number;
  storyCount: number;
}

/** Stored stories, edition by edition (the story archive). */
export interface StoryArchive {
  /** Stores an edition, replacing any earlier build of the same cut (so a rebuild is exact). */
  saveEdition(edition: EditionRecord): Promise<void>;
  /** Stories of the editions cut in `[fromMs, toMs)`, each with the cut that published it. */
  listEditionStories(
    fromMs: number,
    toMs: number,
  ): Promise<Array<ArchivedStory & { cutMs: number }>>;
  /** Slugs used on a date by editions other than `exceptCutMs`. */
  listStorySlugs(date: string, exceptCutMs: number): Promise<string[]>;
  getEdition(cutMs: number): Promise<EditionRecord | undefined>;
  /** The newest edition cut at or before `atMs` (default: any). */
  latestEdition(atMs?: number): Promise<EditionSummary | undefined>;
  /**
   * The newest version (up to the cut `toMs`) of every story whose newest version was
   * published by an edition cut in `(fromMs, toMs]`, newest first (then by date and slug).
   */
  listPublishedStories(fromMs: number, toMs: number): Promise<PublishedStory[]>;
  /** The JSON text of stories as the edition `cutMs` published them, in the order asked. */
  getStoryTexts(keys: readonly StoryKey[]): Promise<Array<string | undefined>>;
}

export interface ManifestFilter {
  topic?: string;
  idPrefix?: string;
  /** Only Manifests published after this instant. */
  publishedAfter?: Date;
}

export interface ManifestStore extends StoryArchive, FeedStateStore {
  readonly backend: "sqlite" | "postgres";
  /**
   * Stores a batch in one transaction: new ids are stored, the same record again is a
   * duplicate, the same id with other content is a conflict (recorded, never overwritten).
   * Returns one outcome per input record, in input order.
   */
  insertManifests(batch: readonly ManifestToStore[]): Promise<InsertOutcome[]>;
  /** The Manifests with these ids that exist, in the order asked. */
  getManifests(ids: readonly string[]): Promise<Manifest[]>;
  /** Manifests published in `(after, until]`, oldest first (ties by id). */
  listManifests(window: ManifestWindow): Promise<Manifest[]>;
  /** Manifests stored, optionally only those that match every part of `filter`. */
  countManifests(filter?: ManifestFilter): Promise<number>;
  /**
   * Removes, in one transaction, the Manifests whose id starts with `idPrefix` (and their
   * recorded conflicts) and every stored edition (they were built with those Manifests; the
   * next build makes the current one again); topics left without Manifests are forgotten.
   * For `svc demo --remove`.
   */
  removeManifests(idPrefix: string): Promise<{ manifests: number; editions: number }>;
  /** Recorded conflicts, newest first. */
  listConflicts(limit: number): Promise<ManifestConflict[]>;
  /** Topics seen in stored Manifests, in slug order. */
  listTopics(): Promise<string[]>;
  summarize(): Promise<StoreSummary>;
  close(): Promise<void>;
}
