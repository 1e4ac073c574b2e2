// The part of a published story file that the fact index reads (docs/stories.md): a narrow
// view of the Story schema, so that the index needs nothing else from the builder.
import { z } from "zod";
import { DateTime } from "../api/common.js";
import { CitedTextSchema, KeyFactSchema, SECTION_HEADINGS, StorySchema } from "../api/story.js";

/** A Manifest as far as the index needs it: its id and its publisher's domain. */
const CitedManifestSchema = z.looseObject({
  id: z.string(),
  publisher: z.looseObject({ domain: z.string() }),
});

export const IndexedStorySchema = StorySchema.pick({
  url: true,
  headline: true,
  published_at: true,
  sections: true,
  unresolved: true,
}).extend({
  /** The cut of the edition that last refreshed the story (absent: published_at). */
  updated_at: DateTime.optional(),
  topic: z.string().optional(),
  key_facts: z
    .array(CitedTextSchema.extend(KeyFactSchema.pick({ corroborated_by: true }).shape))
    .optional(),
  manifests: z.array(CitedManifestSchema).optional(),
});

export type IndexedStory = z.infer<typeof IndexedStorySchema>;

/**
 * The sections whose paragraphs /ask answers from: the event's further facts, each source's
 * own sentences and the timeline's titles. A title is its publisher's one-line statement of
 * the event ("Tourist ship strikes highway bridge in Germany; 27 hurt") and often the only
 * place a figure or a name is said plainly (docs/ask.md, "What is indexed").
 */
export const ANSWER_SECTION_HEADINGS: ReadonlySet<string> = new Set([
  SECTION_HEADINGS.facts,
  SECTION_HEADINGS.sources,
  SECTION_HEADINGS.timeline,
]);
