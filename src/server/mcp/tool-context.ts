// What a tool handler reads, built once per process and shared by every request's server.
import { packageVersion } from "../../config/package-root.js";
import { type SiteLinks, siteLinks } from "../../tree/site-links.js";
import { type CursorCodec, cursorCodec } from "./cursor.js";
import { type EditionCatalog, editionCatalogs } from "./edition-catalog.js";
import type { McpDeps } from "./mcp-deps.js";
import { unknownTopicMessage } from "./story-listing.js";
import { toolError } from "./tool-kit.js";

export interface ToolContext {
  deps: McpDeps;
  /** The base URL without a trailing slash. */
  baseUrl: string;
  links: SiteLinks;
  serverVersion: string;
  serviceName: string;
  cursors: CursorCodec;
  /** svc_latest's page cursors: the edition's cut and the last story given. */
  pageCursors: CursorCodec;
  catalog: () => Promise<EditionCatalog | undefined>;
}

export function toolContext(deps: McpDeps): ToolContext {
  const baseUrl = deps.baseUrl.replace(/\/+$/, "");
  return {
    deps,
    baseUrl,
    links: siteLinks(baseUrl),
    serverVersion: deps.serverVersion ?? packageVersion(),
    serviceName: deps.serviceName ?? "SVC",
    cursors: cursorCodec(baseUrl, deps.cursorSecret),
    pageCursors: cursorCodec(baseUrl, deps.cursorSecret, "latest page"),
    catalog: editionCatalogs(deps.tree),
  };
}

/** The tool error of a server with no edition yet. */
export function noEditionYet(context: ToolContext) {
  return toolError(
    "no_edition",
    "No edition is published yet, so there are no stories to read.",
    `Try again after the next rebuild (00:00 and 12:00 UTC); ${context.links.file("editions/latest.json")} shows when one is out.`,
  );
}

/** The tool error of a `topic` argument that names no published topic; undefined when fine. */
export function unknownTopicError(context: ToolContext, topic: string | undefined) {
  const topics = context.deps.topics();
  if (topic === undefined || topics.has(topic)) return undefined;
  return toolError(
    "unknown_topic",
    unknownTopicMessage(topic, topics),
    "Call svc_topics for the topics.",
  );
}
