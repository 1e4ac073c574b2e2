// Roundups: related stories of an edition across topics (`/roundups/index.json`). The spec
// leaves the body's fields "not shown"; this is the shape we publish (docs/api.md).
import { z } from "zod";
import { DateTime, SLUG_PATTERN, TOPIC_SLUG_PATTERN, Uri } from "./common.js";

export const RoundupStorySchema = z
  .looseObject({
    slug: z.string().regex(SLUG_PATTERN),
    url: Uri.meta({ description: "Address of the story page." }),
    json: Uri.meta({ description: "Address of the story as JSON." }),
    headline: z.string(),
    topic: z.string().regex(TOPIC_SLUG_PATTERN).meta({ description: "The story's topic slug." }),
    published_at: DateTime,
  })
  .meta({ id: "RoundupStory", description: "A story as listed in a roundup." });

export const RoundupSchema = z
  .looseObject({
    id: z.string().meta({ description: "Stable id of the roundup (its beat)." }),
    title: z.string(),
    beat: z.string().meta({ description: "The beat (commonest tag) its stories share." }),
    story_count: z.int().min(0),
    topics: z.array(z.string()).meta({ description: "Topic slugs of its stories, sorted." }),
    stories: z.array(RoundupStorySchema),
  })
  .meta({ id: "Roundup", description: "Related stories that share a beat, across topics." });

export const RoundupsSchema = z
  .looseObject({
    generated_at: DateTime,
    edition: z.string().meta({ description: "The edition the roundups belong to." }),
    roundups: z.array(RoundupSchema).meta({ description: "Largest roundups first." }),
  })
  .meta({ id: "Roundups", description: "The roundups of the latest edition." });

export type RoundupStory = z.infer<typeof RoundupStorySchema>;
export type Roundup = z.infer<typeof RoundupSchema>;
export type Roundups = z.infer<typeof RoundupsSchema>;
