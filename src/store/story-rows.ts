// Rows of the story archive, as both backends return them.
import type { ArchivedStory, EditionRecord } from "./manifest-store.js";

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

/** An edition record from its roundups and its story rows. */
export function editionFromRows(
  cutMs: number,
  roundupsJson: string,
  rows: ReadonlyArray<ArchivedStory & { cutMs: number }>,
): EditionRecord {
  return { cutMs, roundupsJson, stories: rows.map(({ cutMs: _cut, ...story }) => story) };
}
