// MCP resources: the files of the edition being served, under their public addresses, so a
// host can attach a story or a topic's list to a conversation without a tool call. The latest
// edition (latest.json), each topic's list (a template, listed from latest.json, topic ids
// completed) and each story as JSON and as Markdown (templates by date and slug; the JSON one
// lists the latest edition's stories). Reads come from the same loaded tree the static server
// serves (memory for recent dates, else disk); listing never reads more than latest.json.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type McpServer,
  type ReadResourceResult,
  ResourceNotFoundError,
  ResourceTemplate,
} from "@modelcontextprotocol/server";
import { storyDirectory, storyLinksOf, TREE_PATHS, topicIndexPath } from "../../tree/site-links.js";
import type { LoadedTree } from "../static/load-tree.js";
import type { ToolContext } from "./tool-context.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SLUG = /^[a-z0-9-]{3,80}$/;
const TOPIC = /^[a-z0-9-]{1,80}$/;

/** A file of the tree by its path under the root: from memory when the server holds it. */
async function treeFile(tree: LoadedTree, path: string): Promise<string | undefined> {
  const held = tree.files.get(`/${path}`);
  if (held !== undefined) return held.identity.body.toString("utf8");
  try {
    return await readFile(join(tree.root, path), "utf8");
  } catch {
    return undefined;
  }
}

/** The contents of `path` as one resource at `uri`, or ResourceNotFoundError. */
async function fileResource(
  context: ToolContext,
  uri: URL,
  path: string | undefined,
  mimeType: string,
): Promise<ReadResourceResult> {
  const tree = context.deps.tree();
  const text = tree === undefined || path === undefined ? undefined : await treeFile(tree, path);
  if (text === undefined) throw new ResourceNotFoundError(uri.href);
  return { contents: [{ uri: uri.href, mimeType, text }] };
}

/** One string of a template variable (a variable may come as a list). */
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function storyPath(date: string | undefined, slug: string | undefined, file: string) {
  return date !== undefined && slug !== undefined && DATE.test(date) && SLUG.test(slug)
    ? `${storyDirectory(date, slug)}/${file}`
    : undefined;
}

export function registerResources(server: McpServer, context: ToolContext): void {
  const { links } = context;
  const latestOf = async () => (await context.catalog())?.latest;

  server.registerResource(
    "latest-edition",
    links.file(TREE_PATHS.latest),
    {
      title: "Latest edition",
      description:
        "The stories of the latest edition (rebuilt at 00:00 and 12:00 UTC), newest first, with the topics: LatestStories of the API.",
      mimeType: "application/json",
    },
    (uri) => fileResource(context, uri, TREE_PATHS.latest, "application/json"),
  );

  server.registerResource(
    "topic",
    new ResourceTemplate(links.file("n/{topic}/index.json"), {
      list: async () => ({
        resources: ((await latestOf())?.newsrooms ?? []).map((newsroom) => ({
          uri: links.topicJson(newsroom.id),
          name: newsroom.id,
          title: newsroom.title,
          mimeType: "application/json",
        })),
      }),
      complete: {
        topic: async (value) =>
          ((await latestOf())?.newsrooms ?? [])
            .map((newsroom) => newsroom.id)
            .filter((id) => id.startsWith(value)),
      },
    }),
    {
      title: "A topic's stories",
      description: "Every story of one topic in its window, newest first (StoryList of the API).",
      mimeType: "application/json",
    },
    (uri, variables) => {
      const topic = one(variables["topic"]);
      const path = topic !== undefined && TOPIC.test(topic) ? topicIndexPath(topic) : undefined;
      return fileResource(context, uri, path, "application/json");
    },
  );

  server.registerResource(
    "story",
    new ResourceTemplate(links.file("stories/{date}/{slug}/index.json"), {
      list: async () => ({
        resources: ((await latestOf())?.stories ?? []).map((story) => ({
          uri: storyLinksOf(story.url).json,
          name: story.url.replace(/\/$/, "").split("/").slice(-2).join("/"),
          title: story.headline,
          mimeType: "application/json",
        })),
      }),
    }),
    {
      title: "A story (JSON)",
      description:
        "One whole story as its JSON file: headline, dek, key facts, sections whose every paragraph cites Manifest ids, the cited Manifests, the reuse terms.",
      mimeType: "application/json",
    },
    (uri, variables) =>
      fileResource(
        context,
        uri,
        storyPath(one(variables["date"]), one(variables["slug"]), "index.json"),
        "application/json",
      ),
  );

  server.registerResource(
    "story-markdown",
    new ResourceTemplate(links.file("stories/{date}/{slug}/index.md"), { list: undefined }),
    {
      title: "A story (Markdown)",
      description: "One whole story as Markdown; each paragraph cites its Manifest ids.",
      mimeType: "text/markdown",
    },
    (uri, variables) =>
      fileResource(
        context,
        uri,
        storyPath(one(variables["date"]), one(variables["slug"]), "index.md"),
        "text/markdown",
      ),
  );
}
