// People a sentence calls by their surname alone ("Mr. Rother said…", "Goelman told CNN…"),
// without the given name or the role that tells a reader who they are. Newspapers name a
// person in full once and by surname after, so such a sentence read alone, as a key fact or a
// dek is, leaves its reader asking who is speaking. A surname the reader can place is no
// problem: one the story's headline holds, or one the news of the day names in other stories
// too (a president, a party leader). A blind audit on news no rule here was written on
// counted these among the commonest junk key facts (docs/stories.md, "Whom a key fact
// speaks of").
// English only: the honorifics and verbs of speech are English.
import { isPlainVerb } from "../hygiene/finite-verbs.js";
import { escapeRegExp } from "../../text/escape-regexp.js";

/**
 * A courtesy title before a surname alone: "Mr. Rother", "Ms. Page"; not before a full name
 * ("Dr Eduardo Guerras").
 */
const HONORIFIC_SURNAME =
  /(?<![\p{L}.])(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+(\p{Lu}[\p{L}'’-]*)(?![\p{L}'’-]|\s+\p{Lu})/gu;
/**
 * A capitalised word opening the sentence or a clause before a verb of speech: "Goelman
 * said…", "…, Shields told Fox News", "“…,” Halvard added". The verbs are the attribution
 * verbs of news copy, a closed class; whether the word is a surname is the caller's test
 * (someone in the story is named in full by it).
 */
const SURNAME_SPEAKING =
  /(?:^|(?<=[,;:—–]["”’']?\s))[\s"“‘'(]*(\p{Lu}[\p{L}'’-]+)(?=\s+(?:said|says|told|tells|added|adds|wrote|writes|noted|argued|explained|insisted|acknowledged|warned|replied|responded)\b)/gu;

/**
 * A capitalised word alone as the subject of the sentence's first clause, before a verb of any
 * kind: "Braley apologized for the remarks…", "Murray, a Democrat who is openly gay, issued…",
 * "At a January fundraiser in Texas, Braley urged…", "Gowdy also asked…". An opening phrase
 * of time, place or circumstance may come first, up to its comma. Not a possessive ("Kim's
 * overtures…": the subject is the overtures). The verb is read by its form (subjectVerb).
 * Whether the word is a surname is the caller's test: the report names someone in full by it
 * before this sentence (introducedBefore).
 */
const SURNAME_SUBJECT =
  /^(?:(?:In|On|At|After|Before|Since|As|When|While|Although|Though|Despite|During|Following|By|With|Without|Under|Asked|Earlier|Later|Last)\b[^,]{0,80},\s+)?["“‘'(]*(\p{Lu}\p{Ll}*(?:['’]\p{Lu}\p{Ll}+|-\p{Lu}?\p{Ll}+)*)(?!['’\p{L}])(?:,\s[^,]{1,80},)?\s+(?:(?:\p{Ll}+ly|also|then|later|now|still|again|once)\s+)?(\p{Ll}+)\b(?:\s+(\p{Ll}+))?/u;

/** Capitalised words that open sentences and are no one's name: articles and pronouns. */
const NO_NAME = new Set(
  "The A An It He She They We I You This That These Those There Here Its His Her Their".split(" "),
);

/**
 * A finite verb by its form after a name: an auxiliary, an irregular past, a form in -ed, or
 * a present in -s ("Braley urges…"), unless a verb follows it, which makes it a plural noun
 * ("Harbour officials closed…").
 */
function subjectVerb(word: string, next = ""): boolean {
  if (isPlainVerb(word)) return true;
  return /^\p{Ll}{3,}s$/u.test(word) && !/(?:ss|us|is)$/u.test(word) && !isPlainVerb(next);
}

/** "Halvard's" → "Halvard"; "O’Rourke" stays whole. */
function withoutPossessive(word: string): string {
  return word.replace(/['’]s?$/u, "");
}

/**
 * Whether `text` names `surname` in full: a capitalised given name (or an initial) before
 * it, as in "Theodore J. Boutrous", "J. Boutrous" or "Peter Strzok". A word that ends a
 * sentence or a line is no given name: "…at the Cincinnati Zoo. Authorities said…" and a
 * caption's "…in Brownsville, Texas" over a paragraph opening "Authorities said…" name no one.
 */
export function namedInFull(text: string, surname: string): boolean {
  const full = new RegExp(
    `(?<![\\p{L}.])(?!(?:Mr|Mrs|Ms|Miss|Dr)\\b)\\p{Lu}(?:\\.|[\\p{L}'’-]*(?![\\p{L}'’.-]))[^\\S\\r\\n]+(?:\\p{Lu}\\.[^\\S\\r\\n]+)?${escapeRegExp(surname)}(?![\\p{L}])`,
    "u",
  );
  return full.test(text);
}

/** Whether `headline` holds `surname` as a word ("Etheridge, Caught on Video, Apologizes"). */
function inHeadline(headline: string, surname: string): boolean {
  return new RegExp(`(?<![\\p{L}])${escapeRegExp(surname)}(?![\\p{L}])`, "u").test(headline);
}

export interface ShortReference {
  surname: string;
  /** Called by a courtesy title ("Mr. Rother"): a person, whatever else the text says. */
  titled: boolean;
  /**
   * The subject of the sentence before a verb other than one of speech ("Braley apologized…"):
   * a person the reader cannot place only where the sentence's report introduced them before
   * it (introducedBefore), the caller's test.
   */
  subject: boolean;
}

/**
 * The people `text` calls by surname alone, that it does not name in full and `headline`
 * does not hold: those a reader of the sentence alone cannot place, unless the news names
 * them widely (the caller's test). A capitalised word before a verb of speech ("Goelman
 * said") is a surname only where the story names someone in full by it (the caller's test
 * too: "Officials said" is no one's). In first-seen order, each once.
 */
export function shortReferences(text: string, headline: string, language = "en"): ShortReference[] {
  if (language !== "en" && !language.startsWith("en-")) return [];
  const found = new Map<string, ShortReference>();
  const add = (surname: string, titled: boolean, subject: boolean) => {
    if (!found.has(surname)) found.set(surname, { surname, titled, subject });
  };
  for (const match of text.matchAll(HONORIFIC_SURNAME))
    add(withoutPossessive(match[1]!), true, false);
  for (const match of text.matchAll(SURNAME_SPEAKING))
    add(withoutPossessive(match[1]!), false, false);
  const subject = SURNAME_SUBJECT.exec(text.trim());
  if (subject && !NO_NAME.has(subject[1]!) && subjectVerb(subject[2]!, subject[3]))
    add(subject[1]!, false, true);
  return [...found.values()].filter(
    ({ surname }) => !namedInFull(text, surname) && !inHeadline(headline, surname),
  );
}

/**
 * Whether a report introduces a person by `surname` before `sentence`: its title or its text
 * up to the sentence names someone in full by it ("Iowa Democratic Rep. Bruce Braley is under
 * fire…" before "Braley apologized…"; a given name, an initial or a courtesy title before the
 * surname counts, a possessive does not: "Japan's Sony"), and its text never writes the word
 * in lower case (a common noun: "bitcoin"). Read alone, as a key fact is, such a sentence
 * leans on that introduction. A sentence the report does not hold word for word is not read.
 */
export function introducedBefore(
  title: string,
  text: string,
  sentence: string,
  surname: string,
): boolean {
  const at = text.indexOf(sentence);
  if (at < 0) return false;
  return (
    (namesInFullAt(title, surname, title.length) || namesInFullAt(text, surname, at)) &&
    !writesInLowerCase(text, surname.toLowerCase())
  );
}

/**
 * A given name, an initial or a title and its stop, then spaces, ending a stretch of text:
 * what stands before a surname named in full. Read on the few characters before each
 * occurrence of the surname, never across the whole text: tried from every capital of a long
 * text, a pattern this loose was quadratic ("A-A-A-…").
 */
const BEFORE_SURNAME = /(?:^|[^\p{L}.'’-])\p{Lu}[\p{L}-]*\.?\s+(?:\p{Lu}\.\s+)?$/u;
/** How far before a surname its given name may start. */
const GIVEN_NAME_REACH = 60;

/** Whether `text` before `end` names someone in full by `surname` (introducedBefore). */
function namesInFullAt(text: string, surname: string, end: number): boolean {
  for (let at = text.indexOf(surname); at >= 0 && at < end; at = text.indexOf(surname, at + 1)) {
    if (/\p{L}/u.test(text.charAt(at + surname.length))) continue;
    if (BEFORE_SURNAME.test(text.slice(Math.max(0, at - GIVEN_NAME_REACH), at))) return true;
  }
  return false;
}

/** Whether `text` holds `word` (lower case) as a whole word. */
export function writesInLowerCase(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = at === 0 ? "" : text.charAt(at - 1);
    const after = text.charAt(at + word.length);
    if (!/\p{L}/u.test(before) && !/\p{L}/u.test(after)) return true;
  }
  return false;
}
