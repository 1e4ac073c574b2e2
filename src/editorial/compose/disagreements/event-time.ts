// Which parts of a sentence speak of the event itself. A figure in a sentence about a picture
// or another page, or in a clause set at another time ("in 2001", "last year", "19 years
// ago", "the previous record"), is not a figure of the event and is never compared.
import {
  OTHER_TIME_AFTER_NOUN,
  OTHER_TIME_BEFORE_NOUN,
  OTHER_TIME_WORDS,
  TIME_NOUNS,
} from "../../text/english-words.js";
import type { Token, TokenizedSentence } from "./sentence-tokens.js";

/** A year as written in running text: four digits, 1000 to 2100, no separator. */
export function isYear(token: Token): boolean {
  if (!token.isNumber || token.text.length !== 4 || !/^\d{4}$/.test(token.text)) return false;
  const year = Number(token.text);
  return year >= 1000 && year <= 2100;
}

/** Words that make a sentence a caption: it describes a picture, not the event. */
const PICTURE_WORDS = new Set(["photo", "photos", "photograph", "pictured", "caption"]);
/**
 * What every PICTURE_WORDS word holds, in any case: a sentence without any of these names no
 * picture, and one scan of its text tells that (most sentences) before a lookup per token.
 * A token's lower case is its letters lower-cased one by one, so a token that is a picture
 * word is one of these letter for letter in the text.
 */
const MAY_NAME_PICTURE = /photo|pictured|caption/i;
/** Tokens before a colon that make a label ("Related:", "READ MORE:"). */
const LABEL_TOKENS = 3;

/**
 * Whether the sentence is page furniture rather than a statement about the event: a caption
 * (it speaks of a photo, or starts with the wire services' "FILE"), or a label before a colon
 * at its start ("Related:", "READ MORE:", "Watch:"), which introduces a link to another page.
 */
export function isFurniture({ text, tokens }: TokenizedSentence): boolean {
  if (tokens[0]?.text === "FILE") return true;
  if (MAY_NAME_PICTURE.test(text) && tokens.some((token) => PICTURE_WORDS.has(token.lower)))
    return true;
  // What lies between tokens is cut from the text: without a colon in it, there is no label.
  if (!text.includes(":")) return false;
  const afterColon = tokens.findIndex((token) => token.before.includes(":"));
  if (afterColon < 1 || afterColon > LABEL_TOKENS) return false;
  for (let at = 0; at < afterColon; at++) if (tokens[at]!.isNumber) return false;
  return true;
}

/** Every word of the three lists below: most tokens are in none, which one lookup tells. */
const ANY_OTHER_TIME_WORD: ReadonlySet<string> = new Set([
  ...OTHER_TIME_WORDS,
  ...OTHER_TIME_AFTER_NOUN,
  ...OTHER_TIME_BEFORE_NOUN,
]);

/**
 * Whether token `index` points to another time: "ago", "previous", "last year", "the past
 * ten years", "a year earlier", "the day before" (not "earlier on Saturday").
 */
function pointsToAnotherTime(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index] as Token;
  if (!ANY_OTHER_TIME_WORD.has(token.lower)) return false;
  if (OTHER_TIME_WORDS.has(token.lower)) return true;
  if (OTHER_TIME_AFTER_NOUN.has(token.lower)) return TIME_NOUNS.has(tokens[index - 1]?.lower ?? "");
  if (!OTHER_TIME_BEFORE_NOUN.has(token.lower)) return false;
  for (let next = index + 1; next <= index + 3 && next < tokens.length; next++) {
    const word = tokens[next] as Token;
    if (word.clause !== token.clause) return false;
    if (TIME_NOUNS.has(word.lower)) return true;
  }
  return false;
}

/** Words before a year that make it a modifier ("the 2016 election"), not a time. */
const DETERMINERS = new Set([
  "the",
  "a",
  "an",
  "its",
  "this",
  "that",
  "his",
  "her",
  "their",
  "our",
]);

/**
 * The clauses of a sentence set at another time than the event: those naming a year ("in
 * 2001 and 2004", "Sept. 30, 2016", not "the 2016 election") or pointing to another time ("a
 * year earlier", "last season", "two years ago", "the previous record"). A time at the head
 * of the sentence ("In 2012, a tram carrying 100 passengers…") sets all of it at that time.
 */
export function otherTimeClauses(tokens: readonly Token[]): Set<number> {
  const clauses = new Set<number>();
  tokens.forEach((token, index) => {
    const isTime = isYear(token) && !DETERMINERS.has(tokens[index - 1]?.lower ?? "");
    if (isTime || pointsToAnotherTime(tokens, index)) clauses.add(token.clause);
  });
  if (clauses.has(0)) for (const token of tokens) clauses.add(token.clause);
  return clauses;
}
