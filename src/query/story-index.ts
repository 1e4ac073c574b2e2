// A story-level index of the published stories (the MCP tools svc_since and svc_search):
// every story once, as lists show it (its StorySummary), in the order it was last refreshed,
// and searchable by the words of its headline, dek and key facts (the same terms as the fact
// index, query-terms.ts). Holds summaries, not whole stories, so 30 days fit in little memory.
// Built whole for each edition and never changed.
import type { ListedStory } from "../api/story.js";
import { textTerms } from "./query-terms.js";

/** What the index takes of a story: its summary and the texts of its key facts. */
export interface StoryDigest {
  summary: ListedStory;
  factTexts: readonly string[];
}

const STORY_ADDRESS = /\/stories\/(\d{4}-\d{2}-\d{2})\/([a-z0-9-]{3,80})\/?$/;

/** A story and where it sits in the order of refreshes. */
export interface StoryEntry {
  summary: ListedStory;
  /** `YYYY-MM-DD/slug`, from the story's address. */
  key: string;
  /** When the story was last refreshed (`updated_at`, else `published_at`), ms. */
  updatedMs: number;
  topic: string | undefined;
  /** Term → weight (headline words count more than dek and fact words). */
  terms: ReadonlyMap<string, number>;
}

export interface StoryIndex {
  /** Oldest refresh first; ties by key. */
  readonly ordered: readonly StoryEntry[];
  readonly byKey: ReadonlyMap<string, StoryEntry>;
  /** How many stories each term occurs in. */
  readonly storiesWithTerm: ReadonlyMap<string, number>;
}

/** `date/slug` of a story address (`…/stories/2026-11-21/slug/`), or undefined. */
export function storyKeyOf(url: string): string | undefined {
  const match = STORY_ADDRESS.exec(url);
  return match === null ? undefined : `${match[1]}/${match[2]}`;
}

/** Compares positions in the refresh order: by time, then key. */
export function comparePositions(
  a: { updatedMs: number; key: string },
  b: { updatedMs: number; key: string },
): number {
  return a.updatedMs - b.updatedMs || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

const HEADLINE_WEIGHT = 3;
const DEK_WEIGHT = 2;

function weightedTerms(digest: StoryDigest): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (text: string | undefined, weight: number) => {
    for (const term of textTerms(text ?? "")) terms.set(term, (terms.get(term) ?? 0) + weight);
  };
  add(digest.summary.headline, HEADLINE_WEIGHT);
  add(digest.summary.dek, DEK_WEIGHT);
  for (const text of digest.factTexts) add(text, 1);
  return terms;
}

function entryOf(digest: StoryDigest): StoryEntry | undefined {
  const { summary } = digest;
  const key = storyKeyOf(summary.url);
  if (key === undefined) return undefined;
  const updatedMs = Date.parse(summary.updated_at);
  if (Number.isNaN(updatedMs)) return undefined;
  const topic = summary.topic === "" ? undefined : summary.topic;
  return { summary, key, updatedMs, topic, terms: weightedTerms(digest) };
}

/** Indexes `stories`; a story without a story address is left out, a repeated one kept once. */
export function buildStoryIndex(stories: readonly StoryDigest[]): StoryIndex {
  const byKey = new Map<string, StoryEntry>();
  for (const story of stories) {
    const entry = entryOf(story);
    const known = entry === undefined ? undefined : byKey.get(entry.key);
    if (entry !== undefined && (known === undefined || known.updatedMs < entry.updatedMs)) {
      byKey.set(entry.key, entry);
    }
  }
  const storiesWithTerm = new Map<string, number>();
  for (const entry of byKey.values()) {
    for (const term of entry.terms.keys()) {
      storiesWithTerm.set(term, (storiesWithTerm.get(term) ?? 0) + 1);
    }
  }
  const ordered = [...byKey.values()].sort(comparePositions);
  return { ordered, byKey, storiesWithTerm };
}

/** A page of storiesAfter. */
export interface StoriesAfter {
  entries: StoryEntry[];
  /** True when more entries (of the topic) follow the page. */
  hasMore: boolean;
  /**
   * The last entry the page covers: its last entry while more follow, else the newest entry
   * looked at (with a topic, entries of other topics are passed over, not returned later).
   */
  last: StoryEntry | undefined;
}

/**
 * The entries after `position` in refresh order (all of them without one), of `topic` when
 * given: the first `limit`, and whether more follow.
 */
export function storiesAfter(
  index: StoryIndex,
  position: { updatedMs: number; key: string } | undefined,
  limit: number,
  topic?: string,
): StoriesAfter {
  const { ordered } = index;
  let low = 0;
  if (position !== undefined) {
    let high = ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (comparePositions(ordered[middle] as StoryEntry, position) <= 0) low = middle + 1;
      else high = middle;
    }
  }
  const entries: StoryEntry[] = [];
  for (let at = low; at < ordered.length; at++) {
    const entry = ordered[at] as StoryEntry;
    if (topic !== undefined && entry.topic !== topic) continue;
    if (entries.length === limit) return { entries, hasMore: true, last: entries.at(-1) };
    entries.push(entry);
  }
  // Nothing after the position: no entry, so the caller keeps its position.
  return { entries, hasMore: false, last: low < ordered.length ? ordered.at(-1) : undefined };
}
