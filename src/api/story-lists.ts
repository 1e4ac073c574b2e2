// StoryList (a topic's stories) and LatestStories (the latest edition).
import { z } from "zod";
import { DateTime, Uri } from "./common.js";
import { StorySummarySchema } from "./story.js";

export const StoryListSchema = z
  .looseObject({
    stories: z.array(StorySummarySchema),
    schema: z.string().optional(),
    type: z.string().optional(),
    id: z.string().nullable().optional(),
    title: z.string().nullable().optional(),
    generated_at: DateTime.optional(),
    story_count: z.int().min(0).optional(),
    url: Uri.optional().meta({ description: "Address of the topic's page." }),
    description: z.string().optional().meta({ description: "What the topic covers." }),
  })
  .meta({ id: "StoryList", description: "Every story of a topic's window, newest first." });

export const NewsroomSchema = z
  .looseObject({
    id: z.string().meta({ description: "The topic slug." }),
    title: z.string(),
    url: Uri,
    json: Uri,
    description: z.string(),
  })
  .meta({ id: "Newsroom", description: "A topic and where its stories are listed." });

export const LatestStoriesSchema = z
  .looseObject({
    stories: z.array(StorySummarySchema).meta({ description: "Stories of the last 12 hours." }),
    generated_at: DateTime,
    published_last_24h: z
      .array(StorySummarySchema)
      .optional()
      .meta({ description: "Stories of the last 24 hours." }),
    description: z.string().optional(),
    newsrooms: z.array(NewsroomSchema).optional(),
    feeds: z.record(z.string(), Uri).optional().meta({ description: "Feed name to feed address." }),
  })
  .meta({ id: "LatestStories", description: "The latest edition." });

export type StoryList = z.infer<typeof StoryListSchema>;
export type Newsroom = z.infer<typeof NewsroomSchema>;
export type LatestStories = z.infer<typeof LatestStoriesSchema>;
