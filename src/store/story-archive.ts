// The story archive: stored editions and their stories, in the two slices that use it: the
// builder (earlier stories to continue, slugs taken, saving its edition) and the publisher
// (the edition to publish, its stories' summaries and texts). Both backends implement both.

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

/** What the edition builder needs of the archive: earlier stories, their slugs, saving. */
export interface StoryArchiveWriter {
  /** Stores an edition, replacing any earlier build of the same cut (so a rebuild is exact). */
  saveEdition(edition: EditionRecord): Promise<void>;
  /** Stories of the editions cut in `[fromMs, toMs)`, each with the cut that published it. */
  listEditionStories(
    fromMs: number,
    toMs: number,
  ): Promise<Array<ArchivedStory & { cutMs: number }>>;
  /** Slugs used on a date by editions other than `exceptCutMs`. */
  listStorySlugs(date: string, exceptCutMs: number): Promise<string[]>;
}

/** What the publisher reads of the archive (and `svc status`, the newest edition). */
export interface StoryArchiveReader {
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

/** Stored stories, edition by edition: both slices. */
export interface StoryArchive extends StoryArchiveWriter, StoryArchiveReader {}
