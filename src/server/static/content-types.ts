// The exact media type of each published file, by path (spec "Endpoints"; the server card's
// type comes from the MCP server-card draft, docs/api.md).
import { SERVER_CARD_MEDIA_TYPE } from "../../api/mcp-server-card.js";
import { TREE_PATHS } from "../../tree/site-links.js";

const BY_PATH: Readonly<Record<string, string>> = {
  [TREE_PATHS.jsonFeed]: "application/feed+json",
  [TREE_PATHS.rssFeed]: "application/rss+xml",
  [TREE_PATHS.atomFeed]: "application/atom+xml",
  [TREE_PATHS.serverCard]: SERVER_CARD_MEDIA_TYPE,
  [TREE_PATHS.serverCardAtMcp]: SERVER_CARD_MEDIA_TYPE,
};

/** The type of JSON files and replies, as the spec writes it. */
export const JSON_TYPE = "application/json";
/** What Fastify sets when it serializes an object (http/app.ts turns it into JSON_TYPE). */
export const FASTIFY_JSON_TYPE = "application/json; charset=utf-8";

const BY_EXTENSION: Readonly<Record<string, string>> = {
  json: JSON_TYPE,
  md: "text/markdown; charset=utf-8",
  html: "text/html; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  xml: "application/xml",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
};

/** The media type of a tree file (`path` relative to the tree root, no leading slash). */
export function contentTypeOf(path: string): string {
  const exact = BY_PATH[path];
  if (exact !== undefined) return exact;
  const extension = path.slice(path.lastIndexOf(".") + 1);
  return BY_EXTENSION[extension] ?? "application/octet-stream";
}

/** JSON replies carry `SVC-API-Version` (spec "Versioning"): `application/json` and `+json`. */
export function isJsonType(contentType: string): boolean {
  const type = contentType.split(";", 1)[0]?.trim() ?? "";
  return type === "application/json" || type.endsWith("+json");
}
