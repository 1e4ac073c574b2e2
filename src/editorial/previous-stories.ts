// The stories a new edition may continue: those of the editions of the previous 24 hours,
// one per (date, slug) with every Manifest any of its versions held, grouped by topic. Pure.
import type { ArchivedStory } from "../store/story-archive.js";
import type { PreviousStory } from "./identity/continue-stories.js";

/** Stories of the editions of the previous 24 hours, one per (date, slug), by topic. */
export function previousByTopic(rows: ReadonlyArray<ArchivedStory>): Map<string, PreviousStory[]> {
  const merged = new Map<string, PreviousStory & { topic: string; members: Set<string> }>();
  for (const row of rows) {
    const key = `${row.date}/${row.slug}`;
    const known = merged.get(key);
    if (known) {
      for (const id of row.memberIds) known.members.add(id);
      continue;
    }
    const members = new Set(row.memberIds);
    merged.set(key, {
      date: row.date,
      slug: row.slug,
      publishedAt: row.publishedAt,
      topic: row.topic,
      members,
      memberIds: [],
    });
  }
  const byTopic = new Map<string, PreviousStory[]>();
  for (const story of merged.values()) {
    const list = byTopic.get(story.topic) ?? [];
    list.push({
      date: story.date,
      slug: story.slug,
      publishedAt: story.publishedAt,
      memberIds: [...story.members],
    });
    byTopic.set(story.topic, list);
  }
  return byTopic;
}
