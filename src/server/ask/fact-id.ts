// The `@id` of an /ask result: the fact's own address, so that clients that de-duplicate
// results by `@id` (NLWeb's React UI) show every fact, even five of one story.
import { createHash } from "node:crypto";

/**
 * The story's url (without any fragment) + `#fact-` + the first 12 hex digits of the SHA-256
 * of the fact's text (UTF-8). A story holds each text once, so the id is unique in a story,
 * the same for the same sentence in every edition of it, and does not move when other
 * sentences are added or removed.
 */
export function factId(url: string, text: string): string {
  const hash = createHash("sha256").update(text, "utf8").digest("hex").slice(0, 12);
  return `${url.replace(/#.*$/s, "")}#fact-${hash}`;
}
