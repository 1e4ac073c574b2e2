// How the tools show a story in a list: the spec's StorySummary (with `topic` and
// `updated_at`), computed when the index is built by the same function the publisher uses for
// latest.json (summarizeStory).
import { z } from "zod";
import { type StorySummary, StorySummarySchema } from "../../api/story.js";
import type { StoryEntry } from "../../query/story-index.js";

/**
 * A StorySummary as the tools list it: every field at `full` detail, fewer at `brief`, so
 * the published fields stay optional here (src/api/story.ts declares them once).
 */
export const ListedStorySchema = StorySummarySchema;

export type ListedStory = StorySummary;

/** How much of each story a list gives: `brief` (the default) or the whole StorySummary. */
export const ListDetail = z
  .enum(["brief", "full"])
  .default("brief")
  .describe(
    "`brief` (default): url, headline, dek, dates, topic and Manifest ids of each story; `full`: its whole summary (json and markdown addresses, beat, trust, source count).",
  );

/** The fields of a brief listing: enough to choose a story and cite it. */
const BRIEF_FIELDS = [
  "slug",
  "url",
  "headline",
  "dek",
  "topic",
  "published_at",
  "updated_at",
  "cited_manifest_ids",
] as const;

/** `summary` as a list gives it at `detail`. */
export function storyAtDetail<T extends ListedStory>(summary: T, detail: "brief" | "full"): T {
  if (detail === "full") return summary;
  const brief: Record<string, unknown> = {};
  for (const field of BRIEF_FIELDS) {
    if (summary[field] !== undefined) brief[field] = summary[field];
  }
  return brief as T;
}

export function listedStory(entry: StoryEntry, detail: "brief" | "full" = "full"): ListedStory {
  return storyAtDetail(entry.summary, detail);
}

/** A topic argument that names no topic: what the topics are. */
export function unknownTopicMessage(topic: string, known: Iterable<string>): string {
  const list = [...known].sort().join(", ");
  return `\`topic\` "${topic}" is not a published topic; the topics are: ${list || "(none yet)"}.`;
}
