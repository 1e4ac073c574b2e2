// StorySummary and Story: a story as listed and as a whole (the spec's "Resources").
import { z } from "zod";
import { ManifestSchema } from "../manifests/schema.js";
import { DateTime, Uri } from "./common.js";
import { ReuseTermsSchema } from "./reuse-terms.js";

/** How far a story's facts are backed (DESIGN.md, "Story composition"). */
export const TrustSchema = z.enum(["corroborated", "single-source", "contested"]).meta({
  id: "Trust",
  description:
    "single-source: one publisher reports the event; corroborated: two or more independent publishers report it and none disagrees on its quantities; contested: publishers report different values of one quantity of the event (see unresolved).",
});

const ManifestIds = z.array(z.string()).meta({ description: "Manifest ids cited." });
const TopicSlug = z.string().meta({ description: "The story's topic (newsroom) slug." });
const UpdatedAt = DateTime.meta({
  description:
    "When the story last changed: the cut of the edition that last rebuilt it (published_at when it never changed).",
});

export const StorySummarySchema = z
  .looseObject({
    slug: z.string(),
    url: Uri.meta({ description: "Address of the story page." }),
    json: Uri.optional().meta({ description: "Address of the story as JSON." }),
    markdown: Uri.optional().meta({ description: "Address of the story as Markdown." }),
    headline: z.string(),
    dek: z.string().optional().meta({ description: "One-sentence summary." }),
    beat: z.string().nullable().optional(),
    published_at: DateTime,
    trust: TrustSchema.optional(),
    source_count: z.int().min(0).optional(),
    cited_manifest_ids: ManifestIds.optional(),
    topic: TopicSlug.optional(),
    updated_at: UpdatedAt.optional(),
  })
  .meta({ id: "StorySummary", description: "A story as it appears in a list of stories." });

/**
 * A story as every list publishes it (latest.json, topic indexes, feeds): a StorySummary with
 * its links, topic and update time always filled (src/tree/story-summary.ts computes it).
 */
export const ListedStorySchema = StorySummarySchema.required({
  json: true,
  markdown: true,
  topic: true,
  updated_at: true,
});

export const CitedTextSchema = z
  .looseObject({
    text: z.string(),
    manifest_ids: ManifestIds,
    unresolved_index: z.int().min(0).optional().meta({
      description:
        "Present when the sentence states a value of a quantity that sources report differently: the index, in the story's `unresolved`, of that disagreement.",
    }),
    corroborated_by: z.int().min(1).optional().meta({
      description:
        "How many publishers state its claim, in these words or others (same numbers, names and most words).",
    }),
    publisher: z.string().optional().meta({
      description:
        'In "What each source reports" and the timeline: the name of the publisher whose words these are.',
    }),
    source_url: Uri.optional().meta({
      description: 'In "What each source reports": the address of that publisher\'s original.',
    }),
    published_at: DateTime.optional().meta({
      description: 'In "What each source reports" and the timeline: when the source was published.',
    }),
  })
  .meta({
    id: "CitedText",
    description: "A sentence copied word for word, with the Manifests that state it.",
  });

export const KeyFactSchema = CitedTextSchema.extend({
  stated_by: z.int().min(1).optional().meta({
    description: "How many Manifests state it; manifest_ids may list fewer (at most 20).",
  }),
}).meta({ id: "KeyFact", description: "A key fact: copied word for word, citing its Manifests." });

/** The headings of a story's sections, in the order a story shows them (docs/stories.md). */
export const SECTION_HEADINGS = {
  /** Further facts of the event, by relevance. */
  facts: "What we know",
  /** Each publisher's summary and its most informative further sentences. */
  sources: "What each source reports",
  /** The reports' titles, in order of publication. */
  timeline: "Timeline",
} as const;

export const SectionSchema = z
  .looseObject({
    heading: z.string(),
    paragraphs: z.array(CitedTextSchema),
  })
  .meta({ id: "Section", description: "A titled part of a story; every paragraph cites." });

export const StorySchema = z
  .looseObject({
    slug: z.string(),
    url: Uri,
    headline: z.string(),
    dek: z.string().optional(),
    published_at: DateTime,
    sections: z.array(SectionSchema),
    cited_manifest_ids: ManifestIds,
    key_facts: z.array(KeyFactSchema).optional(),
    unresolved: z.array(z.string()).optional(),
    manifests: z.array(ManifestSchema).optional(),
    reuse: ReuseTermsSchema.optional(),
    beat: z.string().nullable().optional(),
    trust: TrustSchema.optional(),
    source_count: z.int().min(0).optional(),
    json: Uri.optional().meta({ description: "Address of the story as JSON (this file)." }),
    markdown: Uri.optional().meta({ description: "Address of the story as Markdown." }),
    topic: TopicSlug.optional(),
    updated_at: UpdatedAt.optional(),
    headline_manifest_id: z.string().optional().meta({
      description:
        "The Manifest whose title holds the headline, word for word (a site or section suffix such as ' | Opinion' left out).",
    }),
    dek_manifest_ids: ManifestIds.optional().meta({
      description: "The Manifests that state the dek, word for word.",
    }),
    manifest_count: z
      .int()
      .min(0)
      .optional()
      .meta({ description: "Manifests grouped into the story (cited or not)." }),
  })
  .meta({ id: "Story", description: "A whole story: every claim cites Manifest ids." });

export type Trust = z.infer<typeof TrustSchema>;
export type StorySummary = z.infer<typeof StorySummarySchema>;
export type ListedStory = z.infer<typeof ListedStorySchema>;
export type CitedText = z.infer<typeof CitedTextSchema>;
export type KeyFact = z.infer<typeof KeyFactSchema>;
export type Section = z.infer<typeof SectionSchema>;
export type Story = z.infer<typeof StorySchema>;
