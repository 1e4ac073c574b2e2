// Entity-like terms of a text: runs of capitalised words ("Max Verstappen", "Port Ellis") and
// numbers ("108", "2,600" → "2600"). Two reports of one event name the same people, places and
// figures, while two events on one subject usually differ in them, so these get a field of
// their own in the document vector.

// Two or more capitalised words in a row on one line, starting a word ("$1B Mega" is not "B Mega").
// It reads a title (at most 2,000 characters) and a lead (LEAD_CHARACTERS), never a whole text:
// tried from inside a long run of letters it would be quadratic.
// eslint-disable-next-line regexp/no-super-linear-move -- bounded input, see above
const NAME_RUN = /\p{Lu}[\p{L}\p{M}’'-]*(?:[ \t]+\p{Lu}[\p{L}\p{M}’'-]*)+/gu;
// A letter, mark or digit just before a run: the run starts inside a word ("$1B Mega").
const INSIDE_WORD = /[\p{L}\p{M}\p{N}]/u;
/**
 * English function words: at the start of a run they are capitalised because they open a
 * sentence or a headline ("As Mega Millions hits…", "No Mega Millions jackpot…") or by a
 * name's own style ("The Hague", which other reports write "the Hague"): either way the name
 * is what follows. A closed grammatical class, not words of any event.
 */
const OPENING_FUNCTION_WORDS = new Set(
  "a an the as at by for from in into no not of on or so to with and but if when while after before over under this that these those it its he she they we our his her their there here what why how who where which".split(
    " ",
  ),
);
const SPACES = /[ \t]+/gu;
// A possessive "'s" at the end of a word of the run ("Trump's Tower" → "trump tower").
const POSSESSIVE = /['’]s(?= |$)/gu;
const NUMBER = /\p{Nd}+(?:[.,]\p{Nd}+)*/gu;
// Words long enough that title case capitalises them and sentence case does not (unless a
// name): style guides leave "a", "of", "and", "for", "the" lower case in titles.
const LONG_WORD = /\p{L}[\p{L}\p{M}’'-]{3,}/gu;
const UPPER_START = /^\p{Lu}/u;
/** A part is in title case when at least this share of its long words start with a capital. */
const TITLE_CASE_SHARE = 0.8;
/** ...and it has at least this many long words (a short name-only line is not judged). */
const TITLE_CASE_MIN_WORDS = 4;
/** Parts longer than this are body text, never judged (a headline or a dek is shorter). */
const TITLE_CASE_MAX_LENGTH = 300;

/**
 * True when `part` is written in title case ("Manchin, Schumer Announce Deal For Energy And
 * Health Care Bill"): its capitals mark every word, not names, so its runs of capitalised
 * words are not names (the whole headline would be one "name" no other report shares).
 */
export function isTitleCase(part: string): boolean {
  if (part.length > TITLE_CASE_MAX_LENGTH) return false;
  let words = 0;
  let capitalised = 0;
  for (let match = firstMatch(LONG_WORD, part); match; match = LONG_WORD.exec(part)) {
    words += 1;
    if (UPPER_START.test(match[0])) capitalised += 1;
  }
  return words >= TITLE_CASE_MIN_WORDS && capitalised >= TITLE_CASE_SHARE * words;
}

/**
 * The first match of a global `pattern` (none of whose matches is empty) in `text`, as
 * matchAll would start: the next one is pattern.exec(text). A loop over exec, not a generator
 * nor matchAll (which copies the pattern at every call): this runs six times for each
 * document of a topic, and each step of a generator was an object.
 */
function firstMatch(pattern: RegExp, text: string): RegExpExecArray | null {
  pattern.lastIndex = 0;
  return pattern.exec(text);
}

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
    if (isTitleCase(part)) continue;
    for (let match = firstMatch(NAME_RUN, part); match; match = NAME_RUN.exec(part)) {
      if (match.index > 0 && INSIDE_WORD.test(part[match.index - 1]!)) {
        // Not a run of words: what follows its first capital may still be one ("B Mega
        // Millions" in "$1B Mega Millions" holds "Mega Millions").
        const rest = match[0].slice(match[0].search(/[ \t]/u)).trimStart();
        if (!/[ \t]/u.test(rest)) continue;
        pushName(found, rest);
        continue;
      }
      pushName(found, match[0]);
    }
  }
  for (const part of parts) {
    for (let match = firstMatch(NUMBER, part); match; match = NUMBER.exec(part)) {
      found.push(match[0].includes(",") ? match[0].replace(/,/gu, "") : match[0]);
    }
  }
  return found;
}

/** Adds a name run, normalised: spaces, lower case, an opening function word and "'s" dropped. */
function pushName(found: string[], run: string): void {
  let name = run.replace(SPACES, " ").toLowerCase();
  const space = name.indexOf(" ");
  if (OPENING_FUNCTION_WORDS.has(name.slice(0, space))) name = name.slice(space + 1);
  if (name.includes("'") || name.includes("’")) name = name.replace(POSSESSIVE, "");
  found.push(name);
}
