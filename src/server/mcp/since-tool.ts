// svc_since: the stories published or refreshed after a cursor, oldest first, in pages of
// `limit` (spec rule 7: `next_cursor` and `has_more`). Without a cursor: the stories of the
// latest edition and a cursor. Following next_cursor from call to call returns every new or
// refreshed story exactly once; the cursor is stateless (cursor.ts), so any replica answers.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { DateTime, TopicSlug } from "../../api/common.js";
import { storiesAfter } from "../../query/story-index.js";
import type { CursorPosition } from "./cursor.js";
import { ListDetail, ListedStorySchema, listedStory } from "./story-listing.js";
import { noEditionYet, type ToolContext, unknownTopicError } from "./tool-context.js";
import { cachedSchema, READ_ONLY, toolArguments, toolError, toolResult } from "./tool-kit.js";

export const SinceToolInput = z.object({
  cursor: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe("`next_cursor` of your previous svc_since call; leave out on the first call."),
  topic: TopicSlug.optional().describe(
    "Only stories of this topic (an `id` from svc_topics). Keep the same topic along a chain of cursors: a cursor is a point in time, and stories of other topics before it are passed over.",
  ),
  limit: z.int().min(1).max(50).default(20).describe("Most stories to return."),
  detail: ListDetail,
});

export const SinceToolOutput = z.object({
  stories: z.array(ListedStorySchema).describe("New or refreshed stories, oldest first."),
  next_cursor: z.string().describe("Send this as `cursor` next time for what is newer."),
  has_more: z.boolean().describe("True when more stories follow now: call again with next_cursor."),
  generated_at: DateTime.describe("The cut time of the edition answering."),
  next_step: z.string(),
});

const input = toolArguments(
  SinceToolInput,
  "Fix the argument and call svc_since again: `cursor` as the last `next_cursor`, `limit` 1 to 50.",
);
const output = cachedSchema(SinceToolOutput);

export function registerSinceTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    "svc_since",
    {
      title: "Stories since a cursor",
      description:
        "Returns the stories published or refreshed since your last call, oldest first, so you can follow the news without repeats. First call: no cursor; you get the latest edition's stories and a `next_cursor`. Later calls: pass that `next_cursor` as `cursor`; while `has_more` is true, call again at once. Pass `topic` to follow one topic. The cursor is opaque: keep it as it is.",
      inputSchema: input.schema,
      outputSchema: output,
      annotations: READ_ONLY,
    },
    input.handle(async (args) => {
      const catalog = await context.catalog();
      if (catalog === undefined) return noEditionYet(context);
      const refused = unknownTopicError(context, args.topic);
      if (refused !== undefined) return refused;
      let start: CursorPosition = { updatedMs: catalog.cutMs, key: "" };
      if (args.cursor !== undefined) {
        const decoded = context.cursors.decode(args.cursor);
        if ("problem" in decoded) {
          return toolError(
            "invalid_cursor",
            `\`cursor\` is not valid: ${decoded.problem}.`,
            "Send the `next_cursor` of your last svc_since call exactly as it was, or call svc_since without a cursor to start again from the latest edition.",
          );
        }
        start = decoded;
      }
      const page = storiesAfter(catalog.stories, start, args.limit, args.topic);
      const { last } = page;
      return toolResult({
        stories: page.entries.map((entry) => listedStory(entry, args.detail)),
        next_cursor: context.cursors.encode(last ?? start),
        has_more: page.hasMore,
        generated_at: new Date(catalog.cutMs).toISOString(),
        next_step: page.hasMore
          ? "More stories follow: call svc_since again with next_cursor now."
          : "You are up to date. Call svc_since with next_cursor after the next rebuild (00:00 and 12:00 UTC).",
      });
    }),
  );
}
