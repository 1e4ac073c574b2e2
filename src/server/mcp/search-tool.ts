// svc_search: whole stories whose headline, dek and key facts match the query
// (src/query/search-stories.ts), where svc_ask returns single facts.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { ASK_LIMITS, AskRequestSchema } from "../../api/ask.js";
import { searchStories } from "../../query/search-stories.js";
import { ListDetail, ListedStorySchema, listedStory } from "./story-listing.js";
import { noEditionYet, type ToolContext, unknownTopicError } from "./tool-context.js";
import { cachedSchema, READ_ONLY, toolArguments, toolResult } from "./tool-kit.js";

/** /ask's fields (AskRequestSchema), described for stories rather than facts. */
export const SearchToolInput = z.object({
  query: AskRequestSchema.shape.query.describe(
    "Words to find in headlines and facts: names, places, things.",
  ),
  topic: AskRequestSchema.shape.topic.describe("Only this topic (an `id` from svc_topics)."),
  days: AskRequestSchema.shape.days.describe("Only stories refreshed in this many recent days."),
  limit: AskRequestSchema.shape.limit.describe("Most stories to return."),
  detail: ListDetail,
});

export const SearchToolOutput = z.object({
  query: z.string(),
  results: z.array(
    ListedStorySchema.extend({ score: z.number().describe("Relevance; higher is better.") }),
  ),
  no_match: z.boolean().optional(),
  next_step: z.string(),
});

const input = toolArguments(
  SearchToolInput,
  "Fix the argument and call svc_search again; svc_topics lists the topics.",
);
const output = cachedSchema(SearchToolOutput);

export function registerSearchTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    "svc_search",
    {
      title: "Search stories",
      description:
        "Finds whole stories by words in their headline, summary and key facts, best match first, optionally in one topic and within the last `days`. Use it to find stories about a name, place or event; use svc_ask instead for a direct answer to a question.",
      inputSchema: input.schema,
      outputSchema: output,
      annotations: READ_ONLY,
    },
    input.handle(async (args) => {
      const catalog = await context.catalog();
      if (catalog === undefined) return noEditionYet(context);
      const refused = unknownTopicError(context, args.topic);
      if (refused !== undefined) return refused;
      const found = searchStories(catalog.stories, { ...args, now: context.deps.clock() });
      const results = found.map(({ entry, score }) => ({
        ...listedStory(entry, args.detail),
        score: Math.round(score * 1000) / 1000,
      }));
      if (results.length === 0) {
        return toolResult({
          query: args.query,
          results,
          no_match: true,
          next_step: `No story matches. Try other or fewer words${args.topic === undefined ? "" : ", leave out `topic`"}${args.days < ASK_LIMITS.days.max ? ", or `days: 30`" : ""}; svc_latest lists the latest stories.`,
        });
      }
      return toolResult({
        query: args.query,
        results,
        next_step:
          "Call svc_get_story with a result's url for the whole story, svc_sources for its sources.",
      });
    }),
  );
}
