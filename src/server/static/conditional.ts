// Conditional GET (RFC 9110 §13.1): `If-None-Match` first, `If-Modified-Since` only without it.
import type { IncomingHttpHeaders } from "node:http";
import type { StaticFile } from "./static-file.js";

/** The file part of an entity tag: `W/"abc-gz"` -> `abc` (any encoding of the same bytes). */
function tagOf(entityTag: string): string {
  const bare = entityTag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
  return bare.replace(/-(gz|br)$/, "");
}

/** True when the client's copy is current: answer 304 without a body. */
export function isNotModified(headers: IncomingHttpHeaders, file: StaticFile): boolean {
  const noneMatch = headers["if-none-match"];
  if (noneMatch !== undefined) {
    if (noneMatch.trim() === "*") return true;
    return noneMatch.split(",").some((entityTag) => tagOf(entityTag) === file.tag);
  }
  const modifiedSince = headers["if-modified-since"];
  if (modifiedSince === undefined) return false;
  const since = Date.parse(modifiedSince);
  return !Number.isNaN(since) && file.modifiedMs <= since;
}
