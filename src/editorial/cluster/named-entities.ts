// Entity-like terms of a text: runs of capitalised words ("Max Verstappen", "Port Ellis") and
// numbers ("108", "2,600" → "2600"). Two reports of one event name the same people, places and
// figures, while two events on one subject usually differ in them, so these get a field of
// their own in the document vector.

// Two or more capitalised words in a row on one line.
const NAME_RUN = /\p{Lu}[\p{L}\p{M}’'-]*(?:[ \t]+\p{Lu}[\p{L}\p{M}’'-]*)+/gu;
const SPACES = /[ \t]+/gu;
// A possessive "'s" at the end of a word of the run ("Trump's Tower" → "trump tower").
const POSSESSIVE = /['’]s(?= |$)/gu;
const NUMBER = /\p{Nd}+(?:[.,]\p{Nd}+)*/gu;

/** Name runs and numbers of `text`, lower-cased and normalised, in order of appearance. */
export function namedEntities(text: string): string[] {
  return entitiesOfParts([text]);
}

/**
 * namedEntities of the parts joined by line breaks (names first, then numbers), without
 * joining them: neither a name run nor a number crosses a line.
 */
export function entitiesOfParts(parts: readonly string[]): string[] {
  const found: string[] = [];
  for (const part of parts) {
    for (const match of part.matchAll(NAME_RUN)) {
      let name = match[0].replace(SPACES, " ");
      if (name.includes("'") || name.includes("’")) name = name.replace(POSSESSIVE, "");
      found.push(name.toLowerCase());
    }
  }
  for (const part of parts) {
    for (const match of part.matchAll(NUMBER)) {
      found.push(match[0].includes(",") ? match[0].replace(/,/gu, "") : match[0]);
    }
  }
  return found;
}
