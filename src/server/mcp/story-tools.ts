// svc_get_story (a whole Story, as its JSON file) and svc_sources (the Manifests a story
// cites, each with the link to its original source), found by url or by date + slug.
import type { CallToolResult, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { StoryDate, StorySlug } from "../../api/common.js";
import { type Story, StorySchema } from "../../api/story.js";
import { ManifestSchema } from "../../manifests/schema.js";
import { storyKeyOf } from "../../query/story-index.js";
import { noEditionYet, type ToolContext } from "./tool-context.js";
import { cachedSchema, READ_ONLY, toolArguments, toolError, toolResult } from "./tool-kit.js";

export const StoryRefInput = z.object({
  url: z
    .string()
    .max(500)
    .optional()
    .describe("The story's url (or its json address), as a list or an answer gives it."),
  date: StoryDate.optional().describe("The story's date, YYYY-MM-DD (with slug, instead of url)."),
  slug: StorySlug.optional().describe("The story's slug (with date, instead of url)."),
});

/** The Story, inlined at the root so clients see an object schema with its properties. */
export const GetStoryToolOutput = StorySchema.extend({});

export const SourcesToolOutput = z.object({
  story: z.object({ url: z.string(), headline: z.string() }),
  manifests: z
    .array(ManifestSchema)
    .describe("Each cited Manifest; `url` links the original source."),
  next_step: z.string(),
});

const refInput = toolArguments(
  StoryRefInput,
  "Give a story's `url` as svc_latest, svc_search or svc_ask return it, or its `date` (YYYY-MM-DD) and `slug`.",
);
const storyOutput = cachedSchema(GetStoryToolOutput, { rememberValid: true });
const sourcesOutput = cachedSchema(SourcesToolOutput);
/** The JSON text of a story, made once per story object (the catalog keeps the objects). */
const storyTexts = new WeakMap<object, string>();

type StoryRef = z.output<typeof StoryRefInput>;

function keyOf(ref: StoryRef): string | { problem: string } {
  if (ref.url !== undefined) {
    const key = storyKeyOf(ref.url.replace(/index\.(?:json|md|html)$/, ""));
    return (
      key ?? {
        problem: `\`url\` "${ref.url}" is not a story address (…/stories/YYYY-MM-DD/slug/).`,
      }
    );
  }
  if (ref.date !== undefined && ref.slug !== undefined) return `${ref.date}/${ref.slug}`;
  return { problem: "Give the story's `url`, or both `date` and `slug`." };
}

async function findStory(ref: StoryRef, context: ToolContext): Promise<Story | CallToolResult> {
  const key = keyOf(ref);
  if (typeof key !== "string") {
    return toolError(
      "invalid_story_address",
      key.problem,
      "Take a story's url from svc_latest, svc_search or svc_ask.",
    );
  }
  const catalog = await context.catalog();
  if (catalog === undefined) return noEditionYet(context);
  const [date = "", slug = ""] = key.split("/");
  const story = await catalog.story(date, slug);
  return (
    story ??
    toolError(
      "not_found",
      `No story ${key} is published (it may be older than the archive, or the address is mistyped).`,
      "Take a story's url from svc_latest, svc_search or svc_ask.",
    )
  );
}

const isResult = (value: Story | CallToolResult): value is CallToolResult =>
  "content" in value && Array.isArray(value.content);

export function registerStoryTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    "svc_get_story",
    {
      title: "Get a story",
      description:
        "Returns one whole story by its url (or date + slug): headline, dek, key facts, sections whose every paragraph cites Manifest ids, unresolved questions, the cited Manifests and the reuse terms. Facts are copied word for word from the sources.",
      inputSchema: refInput.schema,
      outputSchema: storyOutput,
      annotations: READ_ONLY,
    },
    refInput.handle(async (args) => {
      const story = await findStory(args, context);
      if (isResult(story)) return story;
      let text = storyTexts.get(story);
      if (text === undefined) {
        text = JSON.stringify(story);
        storyTexts.set(story, text);
      }
      return toolResult(story, text);
    }),
  );
  server.registerTool(
    "svc_sources",
    {
      title: "Sources of a story",
      description:
        "Returns the Manifests (provenance records) a story cites: for each, its id, the original source's url, publisher, title, text and times. Use it to check or quote a source; keep the Manifest ids when you reuse a fact.",
      inputSchema: refInput.schema,
      outputSchema: sourcesOutput,
      annotations: READ_ONLY,
    },
    refInput.handle(async (args) => {
      const story = await findStory(args, context);
      if (isResult(story)) return story;
      return toolResult({
        story: { url: story.url, headline: story.headline },
        manifests: story.manifests ?? [],
        next_step: `When you reuse a fact, credit the service, link ${story.url} and keep its Manifest ids (${context.links.file(".well-known/reuse.json")}).`,
      });
    }),
  );
}
