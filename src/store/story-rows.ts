// Rows of the story archive, as both backends return them.
import { createHash } from "node:crypto";
import type { ArchivedStory, EditionRecord, PublishedStory } from "./story-archive.js";

export interface StoryRow {
  cut_ms: number | string;
  date: string;
  slug: string;
  topic: string;
  published_at: string;
  member_ids: string;
  story: string;
}

export function storyFromRow(row: StoryRow): ArchivedStory & { cutMs: number } {
  return {
    cutMs: Number(row.cut_ms),
    date: row.date,
    slug: row.slug,
    topic: row.topic,
    publishedAt: row.published_at,
    memberIds: JSON.parse(row.member_ids) as string[],
    json: row.story,
  };
}

export interface PublishedStoryRow {
  cut_ms: number | string;
  date: string;
  slug: string;
  topic: string;
  published_at: string;
  summary: string | null;
  story_sha256: string | null;
}

export function publishedStoryFromRow(row: PublishedStoryRow): PublishedStory {
  return {
    cutMs: Number(row.cut_ms),
    date: row.date,
    slug: row.slug,
    topic: row.topic,
    publishedAt: row.published_at,
    summaryJson: row.summary,
    sha256: row.story_sha256,
  };
}

/** The hash the archive keeps of a story's JSON text (the publisher compares it). */
export function storySha256(json: string): string {
  return createHash("sha256").update(json).digest("hex");
}

/**
 * Newest version per (date, slug) up to a cut, for versions published in (from, to]. Both
 * backends run it with their own placeholders (`?` or `$n`).
 */
export function publishedStoriesSql(placeholders: readonly [string, string, string]): string {
  const [from, to, toAgain] = placeholders;
  return `SELECT cut_ms, date, slug, topic, published_at, summary, story_sha256
    FROM story_summaries s
    WHERE cut_ms > ${from} AND cut_ms <= ${to}
      AND cut_ms = (SELECT MAX(cut_ms) FROM story_summaries t
                    WHERE t.date = s.date AND t.slug = s.slug AND t.cut_ms <= ${toAgain})
    ORDER BY cut_ms DESC, published_at DESC, date DESC, slug`;
}

/** An edition record from its roundups and its story rows. */
export function editionFromRows(
  cutMs: number,
  roundupsJson: string,
  rows: ReadonlyArray<ArchivedStory & { cutMs: number }>,
): EditionRecord {
  return { cutMs, roundupsJson, stories: rows.map(({ cutMs: _cut, ...story }) => story) };
}
