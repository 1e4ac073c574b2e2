// openapi.json paths of the static files: the JSON, Markdown and feed files of each edition
// and the discovery files (OpenAPI, llms.txt, MCP server card, reuse terms).
import {
  bodyOf,
  type OpenApiObject,
  ref,
  staticFileHeaders,
  textBody,
} from "./openapi-components.js";
import { SERVER_CARD_MEDIA_TYPE } from "./mcp-server-card.js";

interface StaticFile {
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  mediaType: string;
  body: OpenApiObject;
  /** The reply is JSON (it carries SVC-API-Version). */
  json: boolean;
  parameters?: OpenApiObject[];
}

const STORY_PATH_PARAMETERS = [ref("parameters", "StoryDate"), ref("parameters", "StorySlug")];
const NEWEST_FIRST = "Holds every story of its window, newest first; no cursor and no pages.";

const STATIC_FILES: StaticFile[] = [
  {
    path: "/editions/latest.json",
    operationId: "getLatestEdition",
    tag: "Stories",
    summary: "Latest stories",
    description:
      "The stories of the latest edition (the last 12 hours) and of the last 24 hours, the topics (`newsrooms`) and the feeds. Start here. Rebuilt at 00:00 and 12:00 UTC.",
    mediaType: "application/json",
    body: bodyOf("LatestStories"),
    json: true,
  },
  {
    path: "/n/{topic}/index.json",
    operationId: "listTopicStories",
    tag: "Stories",
    summary: "Stories of one topic",
    description: `The stories of one topic. ${NEWEST_FIRST} Take the topic slugs from the \`id\` of each \`newsrooms\` element of latest.json.`,
    mediaType: "application/json",
    body: bodyOf("StoryList"),
    json: true,
    parameters: [ref("parameters", "Topic")],
  },
  {
    path: "/stories/{date}/{slug}/index.json",
    operationId: "getStory",
    tag: "Stories",
    summary: "One story as JSON",
    description:
      "A whole story: sections, key facts copied word for word, unresolved disagreements and the cited Manifests. Every claim cites Manifest ids. Story files stay published after their edition.",
    mediaType: "application/json",
    body: bodyOf("Story"),
    json: true,
    parameters: STORY_PATH_PARAMETERS,
  },
  {
    path: "/stories/{date}/{slug}/index.md",
    operationId: "getStoryMarkdown",
    tag: "Stories",
    summary: "One story as Markdown",
    description: "The same story as Markdown; each paragraph cites its Manifest ids.",
    mediaType: "text/markdown",
    body: textBody("The story as Markdown."),
    json: false,
    parameters: STORY_PATH_PARAMETERS,
  },
  {
    path: "/roundups/index.json",
    operationId: "listRoundups",
    tag: "Stories",
    summary: "Roundups of related stories",
    description:
      "Groups of related stories across topics: stories of the latest edition that share a beat, largest groups first.",
    mediaType: "application/json",
    body: bodyOf("Roundups"),
    json: true,
  },
  {
    path: "/editions/feed.json",
    operationId: "getJsonFeed",
    tag: "Feeds",
    summary: "JSON Feed",
    description: `A JSON Feed 1.1 of all stories. ${NEWEST_FIRST}`,
    mediaType: "application/feed+json",
    body: bodyOf("JsonFeed"),
    json: true,
  },
  {
    path: "/editions/feed.xml",
    operationId: "getRssFeed",
    tag: "Feeds",
    summary: "RSS feed",
    description: `An RSS 2.0 feed of all stories. ${NEWEST_FIRST}`,
    mediaType: "application/rss+xml",
    body: textBody("An RSS 2.0 document."),
    json: false,
  },
  {
    path: "/editions/atom.xml",
    operationId: "getAtomFeed",
    tag: "Feeds",
    summary: "Atom feed",
    description: `An Atom 1.0 feed of all stories. ${NEWEST_FIRST}`,
    mediaType: "application/atom+xml",
    body: textBody("An Atom 1.0 document."),
    json: false,
  },
  {
    path: "/.well-known/reuse.json",
    operationId: "getReuseTerms",
    tag: "Reuse",
    summary: "Reuse terms",
    description:
      "Machine-readable reuse terms: reuse is allowed, including commercial use, if you show the credit line (`attribution`), link to the story and keep the cited Manifest ids.",
    mediaType: "application/json",
    body: bodyOf("ReuseTerms"),
    json: true,
  },
  {
    path: "/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Discovery",
    summary: "This API description",
    description: "This document: OpenAPI 3.1.0, with JSON Schema 2020-12 for every body.",
    mediaType: "application/json",
    body: { schema: { type: "object", description: "An OpenAPI 3.1.0 document." } },
    json: true,
  },
  {
    path: "/llms.txt",
    operationId: "getLlmsTxt",
    tag: "Discovery",
    summary: "Guide for language-model agents",
    description:
      "A short plain-text guide (llms.txt) to the service: what it publishes, where to start, how to ask and how to credit.",
    mediaType: "text/plain",
    body: textBody("The guide as plain text (Markdown)."),
    json: false,
  },
  {
    path: "/.well-known/mcp/server-card.json",
    operationId: "getServerCard",
    tag: "Discovery",
    summary: "MCP server card",
    description:
      "The MCP server card (draft extension SEP-2127): name, version and how to connect to /mcp, readable before connecting. The same card as /mcp/server-card.",
    mediaType: SERVER_CARD_MEDIA_TYPE,
    body: bodyOf("ServerCard"),
    json: true,
  },
  {
    path: "/.well-known/mcp/catalog.json",
    operationId: "getMcpCatalog",
    tag: "Discovery",
    summary: "MCP catalog",
    description:
      "The domain's MCP catalog (draft extension SEP-2127): one entry, this service's server card at /mcp/server-card.",
    mediaType: "application/json",
    body: bodyOf("McpCatalog"),
    json: true,
  },
  {
    path: "/mcp/server-card",
    operationId: "getMcpServerCard",
    tag: "Discovery",
    summary: "MCP server card (MCP location)",
    description:
      "The MCP server card at the location the draft extension recommends (`<MCP endpoint>/server-card`). The same card as /.well-known/mcp/server-card.json.",
    mediaType: SERVER_CARD_MEDIA_TYPE,
    body: bodyOf("ServerCard"),
    json: true,
  },
];

function staticFileOperation(file: StaticFile): OpenApiObject {
  return {
    get: {
      operationId: file.operationId,
      tags: [file.tag],
      summary: file.summary,
      description: file.description,
      parameters: [...(file.parameters ?? []), ref("parameters", "IfNoneMatch")],
      responses: {
        "200": {
          description: `${file.summary} (\`${file.mediaType}\`).`,
          headers: staticFileHeaders(file.json),
          content: { [file.mediaType]: file.body },
        },
        "304": ref("responses", "NotModified"),
        "404": ref("responses", "NotFound"),
      },
    },
  };
}

/** The paths of every static file we publish. */
export function staticFilePaths(): Record<string, OpenApiObject> {
  return Object.fromEntries(STATIC_FILES.map((file) => [file.path, staticFileOperation(file)]));
}

/** Paths of the static files, in document order. */
export const STATIC_FILE_PATHS: readonly string[] = STATIC_FILES.map((file) => file.path);
