// svc_latest (the stories of the latest edition, optionally of one topic) and svc_topics (the
// newsrooms), both read from the edition's latest.json.
import type { CallToolResult, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { DateTime, TopicSlug } from "../../api/common.js";
import { NewsroomSchema, type LatestStories } from "../../api/story-lists.js";
import { type StorySummary, StorySummarySchema } from "../../api/story.js";
import { storyKeyOf } from "../../query/story-index.js";
import { ListDetail, storyAtDetail } from "./story-listing.js";
import { noEditionYet, type ToolContext, unknownTopicError } from "./tool-context.js";
import { cachedSchema, READ_ONLY, toolArguments, toolError, toolResult } from "./tool-kit.js";

export const LatestToolInput = z.object({
  topic: TopicSlug.optional().describe("Only this topic (an `id` from svc_topics)."),
  limit: z.int().min(1).max(50).default(20).describe("Most stories to return, newest first."),
  cursor: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe(
      "`next_cursor` of your previous svc_latest call (same topic) for the next page; leave out for the first.",
    ),
  detail: ListDetail,
});

export const LatestToolOutput = z.object({
  generated_at: DateTime.describe("The cut time of the latest edition."),
  topic: z.string().nullable(),
  story_count: z.int().min(0).describe("Stories in the edition (of the topic), before `limit`."),
  stories: z.array(StorySummarySchema),
  has_more: z.boolean().describe("True when more stories follow: call again with next_cursor."),
  next_cursor: z
    .string()
    .optional()
    .describe("With has_more: send it as `cursor` (with the same topic) for the next page."),
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

const FIRST_PAGE = "Call svc_latest without a cursor for the first page of the latest edition.";

/** Where the page after `cursor` starts in `all`, or the tool error of a cursor that fails. */
function pageStart(
  all: readonly StorySummary[],
  cutMs: number,
  cursor: string,
  context: ToolContext,
): number | CallToolResult {
  const position = context.pageCursors.decode(cursor);
  if ("problem" in position) {
    return toolError("invalid_cursor", `\`cursor\` is not valid: ${position.problem}.`, FIRST_PAGE);
  }
  if (position.updatedMs !== cutMs) {
    return toolError(
      "invalid_cursor",
      "`cursor` belongs to an earlier edition: a new one has been published since.",
      FIRST_PAGE,
    );
  }
  const after = all.findIndex((story) => storyKeyOf(story.url) === position.key);
  if (after === -1) {
    return toolError(
      "invalid_cursor",
      "`cursor` does not point into this list (was the same `topic` sent?).",
      `Send the same \`topic\` as the call that gave the cursor. ${FIRST_PAGE}`,
    );
  }
  return after + 1;
}

function latestStories(
  latest: LatestStories,
  args: z.output<typeof LatestToolInput>,
  context: ToolContext,
) {
  const all = latest.stories.filter(
    (story) => args.topic === undefined || topicOf(story) === args.topic,
  );
  const cutMs = Date.parse(latest.generated_at);
  let start = 0;
  if (args.cursor !== undefined) {
    const after = pageStart(all, cutMs, args.cursor, context);
    if (typeof after !== "number") return after;
    start = after;
  }
  const stories = all.slice(start, start + args.limit);
  const last = stories.at(-1);
  const hasMore = start + stories.length < all.length;
  return toolResult({
    generated_at: latest.generated_at,
    topic: args.topic ?? null,
    story_count: all.length,
    stories: stories.map((story) => storyAtDetail(story, args.detail)),
    has_more: hasMore,
    ...(hasMore && last !== undefined
      ? {
          next_cursor: context.pageCursors.encode({
            updatedMs: cutMs,
            key: storyKeyOf(last.url) ?? "",
          }),
        }
      : {}),
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
