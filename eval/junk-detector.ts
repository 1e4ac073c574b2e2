// An independent editor's checklist for what a story shows: is a key fact a statement, is a
// dek a declarative sentence stating the event, is a headline an article's title? Each check
// returns why the text is junk, or null. Deliberately separate from the builder's own hygiene.
import { hasFiniteVerb, sentenceWords } from "./finite-verb.js";
import { furnitureReason } from "./junk-patterns.js";
import { siteNameReason } from "./site-names.js";

const TERMINAL = /[.!?…]["'”’»)\]]*\s*$/;
const QUESTION = /\?["'”’»)\]]*\s*$|^\s*Q\s*(&|and)\s*A\b|^\s*Q\s*:/;
/** "… near scene of shooting The other four victims …": a caption or heading run into a sentence. */
const GLUED = /[a-z0-9]\s+(The|A|An)\s+[a-z]/;
/** Sentences longer than this are not judged by the verb heuristic. */
const MAX_VERBLESS_WORDS = 12;
const OPENING_PRONOUN = new Set(
  "he she it they this that these those we i you his her its their him them our my your".split(" "),
);
const OPENING_CONNECTIVE = new Set(
  (
    "and but so or yet nor also however still then meanwhile instead moreover furthermore " +
    "besides indeed thus therefore nonetheless nevertheless otherwise plus hence anyway"
  ).split(" "),
);
const ATTRIBUTION =
  /\b(said|says|say|told|tells|added|adds|wrote|writes|tweeted|posted|stated|explained|according|asked|replied|insisted|noted|warned|declared|announced|claimed|argued)\b/i;
const OPENS_WITH_QUOTE = /^\s*["“‘']/;

/** Share of capital letters among the letters, when there are enough letters to judge. */
function mostlyCapitals(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length < 6) return false;
  const capitals = letters.filter((letter) => letter !== letter.toLowerCase()).length;
  return capitals / letters.length >= 0.7;
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** Opening or closing quotation marks without their pair. */
function unbalancedQuotes(text: string): boolean {
  if (count(text, /"/g) % 2 === 1) return true;
  if (count(text, /“/g) !== count(text, /”/g)) return true;
  // A single quote that opens the sentence needs a closing one before a space or the end.
  return /^\s*['‘]/.test(text) && !/\S['’](?=[\s,.;:!?]|$)/.test(text.trimStart().slice(1));
}

/**
 * Why `text` is not a statement of fact (page furniture, a label, a question), or null.
 * `wholeTitle`: the text is the whole text of a headline-only item (its title), which has no
 * closing punctuation by nature; every other rule still holds.
 */
export function junkFactReason(text: string, wholeTitle = false): string | null {
  if (text.trim() === "") return "empty";
  const furniture = furnitureReason(text);
  if (furniture) return furniture;
  if (mostlyCapitals(text)) return "mostly capital letters (a label or heading)";
  if (QUESTION.test(text)) return "a question, not a statement";
  if (GLUED.test(text)) return "a caption or heading run into a sentence";
  if (sentenceWords(text).length < 4) return "too short to state anything";
  if (!wholeTitle && !TERMINAL.test(text)) {
    return "no closing punctuation (a heading, caption or label)";
  }
  // Labels and headings are short; in a longer sentence a missed verb is likelier than none.
  const short = sentenceWords(text).length <= MAX_VERBLESS_WORDS;
  if (short && !hasFiniteVerb(text)) return "no finite verb (a label or heading)";
  return null;
}

/**
 * Why `text` is not a dek: not a fact (junkFactReason), or not a declarative sentence that
 * stands alone: a quote scrap, an unattributed quote, an exclamation, an opening pronoun or
 * conjunction that needs the sentence before it, or too short to state an event.
 */
export function junkDekReason(text: string): string | null {
  const notFact = junkFactReason(text);
  if (notFact) return notFact;
  const words = sentenceWords(text);
  if (words.length < 6) return "too short to state the event";
  if (/!["'”’»)\]]*\s*$/.test(text)) return "an exclamation, not a report";
  if (unbalancedQuotes(text)) return "quote fragment (unbalanced quotation marks)";
  if (OPENS_WITH_QUOTE.test(text)) return ATTRIBUTION.test(text) ? null : "unattributed quote";
  // An attributed quote's opening words are the speaker's; otherwise they must stand alone.
  const first = (words[0] ?? "").replace(/['’].*$/, "");
  if (OPENING_PRONOUN.has(first)) return "opens on an unresolved pronoun";
  if (OPENING_CONNECTIVE.has(first)) return "opens on a conjunction or connective";
  return null;
}

/**
 * Why `title` is not an article's headline: a site or section name ("ABC News", "NPR Search :
 * NPR"), a title carrying one ("… - Hawaii News Now"), a truncated title, a link, or empty.
 */
export function junkHeadlineReason(
  title: string,
  publisherName?: string,
  publisherDomain?: string,
): string | null {
  if (title.trim() === "") return "empty";
  if (/\bhttps?:\/\/|\bwww\.\w|\S+@\S+\.\w/.test(title)) return "a link, not a title";
  const siteName = siteNameReason(title, publisherName, publisherDomain);
  if (siteName) return siteName;
  if (/(\.\.\.|…)\s*$/.test(title)) return "truncated title";
  return null;
}
