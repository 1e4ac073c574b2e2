// Amounts, shares and counts: "$310 million", "9 percent", "37 wedding guests". A count is
// named by the head of the noun phrase after it: its last plural noun ("wedding guests" →
// guest), else its first word ("people evacuated" → people).
import { stemEnglish, tokenize } from "../../../text/tokens.js";
import { FUNCTION_WORDS, PERCENT_WORDS, SCALES } from "../../text/english-words.js";
import { isYear } from "./event-time.js";
import type { Figure, FigureKind, ReadOptions } from "./figure.js";
import { numberValue } from "./qualifiers.js";
import type { Token } from "./sentence-tokens.js";

const CURRENCY = /[$£€¥₹]$/u;
const LETTERS = /^\p{L}{2,}$/u;
const CAPITALISED = /^\p{Lu}/u;
const PLURAL = /[^s]s$/u;
/** Words of a noun phrase after a count, at most. */
const PHRASE_WORDS = 3;
/** Words between a count and its noun that say which ones ("14 more nurses"). */
const LEADING_MODIFIERS = new Set(["more", "other", "further", "additional", "extra"]);
const AGE_WORDS = new Set(["year", "years", "yr", "yrs"]);

function isJoined(token: Token | undefined): token is Token {
  return token !== undefined && (token.before === " " || token.before === "-");
}

/** The noun phrase after a count: up to PHRASE_WORDS words, names before it skipped. */
function phraseAfter(tokens: readonly Token[], from: number): Token[] {
  const phrase: Token[] = [];
  let names = 0;
  for (let at = from; at < tokens.length && phrase.length < PHRASE_WORDS; at++) {
    const token = tokens[at];
    if (!isJoined(token) || !LETTERS.test(token.text) || SCALES.has(token.lower)) break;
    if (phrase.length === 0 && LEADING_MODIFIERS.has(token.lower)) continue;
    if (FUNCTION_WORDS.has(token.lower)) break;
    if (CAPITALISED.test(token.text)) {
      // "1.8 million Telvara Mobile customers": the names say whose, the noun says what.
      if (phrase.length > 0 || ++names > 2) break;
      continue;
    }
    phrase.push(token);
  }
  return phrase;
}

function stemOf(word: string, language: string): string | undefined {
  if (language.startsWith("en")) return stemEnglish(word);
  return tokenize(word, language)[0];
}

/** An amount, a share or a count at number token `index`; null when it is none. */
export function readCount(
  tokens: readonly Token[],
  index: number,
  { language }: ReadOptions,
): Figure | null {
  const token = tokens[index] as Token;
  const currency = CURRENCY.exec(token.before)?.[0];
  if (isYear(token) && currency === undefined) return null;
  let value = numberValue(token.text);
  let last = index;
  const scale = tokens[index + 1];
  if (isJoined(scale) && SCALES.has(scale.lower)) {
    value *= SCALES.get(scale.lower) as number;
    last = index + 1;
  }
  const start = token.start - (currency?.length ?? 0);
  const figure = (kind: FigureKind, unit: string, end = (tokens[last] as Token).end): Figure => ({
    kind,
    unit,
    value,
    first: index,
    last,
    start,
    end,
  });
  if (currency !== undefined) return figure("money", currency);
  const next = tokens[last + 1];
  if (next?.before.startsWith("%"))
    return figure("percent", "percent", (tokens[last] as Token).end + 1);
  if (isJoined(next) && PERCENT_WORDS.has(next.lower)) {
    last += 1;
    return figure("percent", "percent");
  }
  if (next?.lower === "per" && tokens[last + 2]?.lower === "cent") {
    last += 2;
    return figure("percent", "percent");
  }
  const phrase = phraseAfter(tokens, last + 1);
  const [head, second] = phrase;
  if (!head) return null;
  // "58-year-old", "16 to 24 year olds": an age, not a count of the event.
  if (AGE_WORDS.has(head.lower) && /^olds?$/.test(second?.lower ?? "")) return null;
  const noun = language.startsWith("en")
    ? ([...phrase].reverse().find((word) => PLURAL.test(word.lower)) ?? head)
    : head;
  const unit = stemOf(noun.lower, language);
  if (!unit) return null;
  last = tokens.indexOf(noun);
  return figure("count", unit);
}
