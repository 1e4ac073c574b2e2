// svc_latest (the stories of the latest edition, optionally of one topic) and svc_topics (the
// newsrooms), both read from the edition's latest.json.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { DateTime, TopicSlug } from "../../api/common.js";
import { NewsroomSchema, type LatestStories } from "../../api/story-lists.js";
import { StorySummarySchema } from "../../api/story.js";
import { noEditionYet, type ToolContext, unknownTopicError } from "./tool-context.js";
import { cachedSchema, READ_ONLY, toolArguments, toolResult } from "./tool-kit.js";

export const LatestToolInput = z.object({
  topic: TopicSlug.optional().describe("Only this topic (an `id` from svc_topics)."),
  limit: z.int().min(1).max(50).default(20).describe("Most stories to return, newest first."),
});

export const LatestToolOutput = z.object({
  generated_at: DateTime.describe("The cut time of the latest edition."),
  topic: z.string().nullable(),
  story_count: z.int().min(0).describe("Stories in the edition (of the topic), before `limit`."),
  stories: z.array(StorySummarySchema),
  has_more: z.boolean().describe("True when `limit` left stories out."),
  next_step: z.string(),
});

export const TopicsToolOutput = z.object({
  generated_at: DateTime,
  topics: z.array(
    NewsroomSchema.extend({
      story_count: z.int().min(0).describe("Stories of this topic in the latest edition."),
    }),
  ),
  next_step: z.string(),
});

const latestInput = toolArguments(
  LatestToolInput,
  "Fix the argument and call svc_latest again; svc_topics lists the topics.",
);
const latestOutput = cachedSchema(LatestToolOutput);
const topicsOutput = cachedSchema(TopicsToolOutput);

const topicOf = (story: Record<string, unknown>) =>
  typeof story.topic === "string" ? story.topic : undefined;

function latestStories(
  latest: LatestStories,
  args: z.output<typeof LatestToolInput>,
  context: ToolContext,
) {
  const all = latest.stories.filter(
    (story) => args.topic === undefined || topicOf(story) === args.topic,
  );
  const stories = all.slice(0, args.limit);
  return toolResult({
    generated_at: latest.generated_at,
    topic: args.topic ?? null,
    story_count: all.length,
    stories,
    has_more: all.length > stories.length,
    next_step: `Call svc_get_story with a story's url for the whole story. For what is new since now, call svc_since without a cursor and keep its next_cursor. Feeds: ${context.links.feeds.json_feed}.`,
  });
}

export function registerLatestTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    "svc_latest",
    {
      title: "Latest stories",
      description:
        "Lists the stories of the latest edition (the last 12 hours; editions are rebuilt at 00:00 and 12:00 UTC), newest first, optionally of one topic. Each item is a summary: headline, one-sentence dek, url, trust and the cited Manifest ids.",
      inputSchema: latestInput.schema,
      outputSchema: latestOutput,
      annotations: READ_ONLY,
    },
    latestInput.handle(async (args) => {
      const catalog = await context.catalog();
      if (catalog?.latest === undefined) return noEditionYet(context);
      const refused = unknownTopicError(context, args.topic);
      if (refused !== undefined) return refused;
      return latestStories(catalog.latest, args, context);
    }),
  );
  server.registerTool(
    "svc_topics",
    {
      title: "Topics",
      description:
        "Lists the topics (newsrooms) with their ids, titles, descriptions and how many stories each has in the latest edition. Pass an `id` as `topic` to svc_ask, svc_latest or svc_search.",
      outputSchema: topicsOutput,
      annotations: READ_ONLY,
    },
    async () => {
      const latest = (await context.catalog())?.latest;
      if (latest === undefined) return noEditionYet(context);
      const topics = (latest.newsrooms ?? []).map((newsroom) => ({
        ...newsroom,
        story_count: latest.stories.filter((story) => topicOf(story) === newsroom.id).length,
      }));
      return toolResult({
        generated_at: latest.generated_at,
        topics,
        next_step: "Pass a topic's `id` as `topic` to svc_latest, svc_search or svc_ask.",
      });
    },
  );
}
