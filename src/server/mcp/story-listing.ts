// How the tools show a story in a list: the spec's StorySummary (with `topic` and
// `updated_at`), computed when the index is built by the same function the publisher uses for
// latest.json (summarizeStory).
import { z } from "zod";
import { StorySummarySchema } from "../../api/story.js";
import type { StoryEntry } from "../../query/story-index.js";

/** A StorySummary as the tools list it. */
export const ListedStorySchema = StorySummarySchema.extend({
  topic: z.string().optional().meta({ description: "The topic (newsroom id)." }),
  updated_at: z.string().optional().meta({ description: "When the story was last refreshed." }),
});

export function listedStory(entry: StoryEntry): z.infer<typeof ListedStorySchema> {
  return entry.summary;
}

/** A topic argument that names no topic: what the topics are. */
export function unknownTopicMessage(topic: string, known: Iterable<string>): string {
  const list = [...known].sort().join(", ");
  return `\`topic\` "${topic}" is not a published topic; the topics are: ${list || "(none yet)"}.`;
}
