// How sentences are compared when composing a story: an exact key (case, spacing and
// punctuation ignored) and a set of content words with the numbers kept apart.

import type { TermDictionary } from "../text/term-dictionary.js";
import { normalizeNfkc, NUMBER } from "../../text/tokens.js";
import { charCodeAt, sliceOf } from "../../text/string-builtins.js";
import { hasNonAscii, isAsciiDigit, isAsciiLetter } from "../../text/ascii.js";
import { distinctWords } from "./word-ids.js";

export { NUMBER };
export const WORD = /[\p{L}\p{N}]+(?:[.,:][\p{N}]+)*/gu;

/** NFKC form, skipped for plain ASCII (most news copy), where it changes nothing. */
export const normalized = normalizeNfkc;

/** Lower-cased words joined by single spaces: "The bridge, shut!" → "the bridge shut". */
export function exactKey(sentence: string): string {
  return (normalized(sentence).toLowerCase().match(WORD) ?? []).join(" ");
}

/** Numbers as written, without thousands separators: "2,300" → "2300". */
export function numbersOf(sentence: string): string[] {
  return (normalized(sentence).match(WORD) ?? [])
    .filter((word) => NUMBER.test(word))
    .map((word) => word.replace(/,(?=\d{3}\b)/g, ""));
}

/** What composition compares of a sentence: its exact key, word count and numbers. */
export interface SentenceKey {
  key: string;
  wordCount: number;
  /** numbersOf(sentence), sorted and joined by spaces. */
  numbers: string;
}

function isAsciiAlphanumeric(code: number): boolean {
  return isAsciiDigit(code) || isAsciiLetter(code);
}

/** `[.,:]`, which WORD lets join digits. */
function isNumberJoiner(code: number): boolean {
  return code === 46 || code === 44 || code === 58;
}

/** One WORD match: where it starts and ends, and whether it is a number (NUMBER). */
export type WordMatchVisitor = (start: number, end: number, isNumber: boolean) => void;

/**
 * Visits the WORD matches of `text` in order. ASCII text (most news copy) is scanned by the
 * rules of WORD and NUMBER written out, several times faster than matchAll, which builds a
 * match array per word; any other text goes through the patterns.
 */
export function forEachWordMatch(text: string, visit: WordMatchVisitor): void {
  if (hasNonAscii(text)) {
    for (const match of text.matchAll(WORD))
      visit(match.index, match.index + match[0].length, NUMBER.test(match[0]));
    return;
  }
  const length = text.length;
  for (let i = 0; i < length;) {
    if (!isAsciiAlphanumeric(charCodeAt(text, i))) {
      i++;
      continue;
    }
    const start = i;
    // A word that starts with a run of digits only is a number ("2,300", "4.2").
    let digits = true;
    for (; i < length && isAsciiAlphanumeric(charCodeAt(text, i)); i++) {
      if (!isAsciiDigit(charCodeAt(text, i))) digits = false;
    }
    while (
      i + 1 < length &&
      isNumberJoiner(charCodeAt(text, i)) &&
      isAsciiDigit(charCodeAt(text, i + 1))
    ) {
      for (i += 1; i < length && isAsciiDigit(charCodeAt(text, i)); i++);
    }
    visit(start, i, digits);
  }
}

/**
 * The key being written by sentenceKey, one byte per character (ASCII only), grown when a
 * sentence needs more. Why by hand: the key was the join of a slice per word, lower-cased,
 * three strings and an array per sentence for every sentence of a build; written here it is
 * one string, read out of the buffer at the end.
 */
let keyBytes = Buffer.allocUnsafe(1024);

/**
 * exactKey, its word count and numbersOf in one pass over an ASCII sentence (most news
 * copy), by the rules of WORD and NUMBER written out; any other sentence goes through them.
 */
export function sentenceKey(sentence: string): SentenceKey {
  const numbers: string[] = [];
  const length = sentence.length;
  // The key is never longer than the sentence.
  if (keyBytes.length < length) keyBytes = Buffer.allocUnsafe(2 * length);
  const bytes = keyBytes;
  let written = 0;
  let wordCount = 0;
  for (let i = 0; i < length;) {
    const code = charCodeAt(sentence, i);
    if (code > 127) return sentenceKeyByPattern(sentence);
    if (!isAsciiAlphanumeric(code)) {
      i++;
      continue;
    }
    const start = i;
    let digits = true;
    for (; i < length && isAsciiAlphanumeric(charCodeAt(sentence, i)); i++) {
      if (!isAsciiDigit(charCodeAt(sentence, i))) digits = false;
    }
    while (
      i + 1 < length &&
      isNumberJoiner(charCodeAt(sentence, i)) &&
      isAsciiDigit(charCodeAt(sentence, i + 1))
    ) {
      for (i += 1; i < length && isAsciiDigit(charCodeAt(sentence, i)); i++);
    }
    if (wordCount > 0) bytes[written++] = 32;
    for (let at = start; at < i; at++) {
      const letter = charCodeAt(sentence, at);
      // A-Z to a-z; every other character of a word (digits, . , :) as it is.
      bytes[written++] = letter >= 65 && letter <= 90 ? letter | 32 : letter;
    }
    wordCount++;
    if (digits) {
      const word = sliceOf(sentence, start, i);
      numbers.push(word.includes(",") ? word.replace(/,(?=\d{3}\b)/g, "") : word);
    }
  }
  return {
    key: bytes.toString("latin1", 0, written),
    wordCount,
    numbers:
      numbers.length === 0 ? "" : numbers.length === 1 ? numbers[0]! : numbers.sort().join(" "),
  };
}

function sentenceKeyByPattern(sentence: string): SentenceKey {
  const key = exactKey(sentence);
  return {
    key,
    wordCount: key === "" ? 0 : key.split(" ").length,
    numbers: numbersOf(sentence).sort().join(" "),
  };
}

export interface SentenceShape {
  /**
   * Content words (term ids: stemmed, no stop words), numbers excluded: each once, in order
   * of first use (word-ids.ts).
   */
  words: Int32Array;
  /** The numbers of the sentence, sorted and joined by spaces. */
  numbers: string;
  /**
   * The same numbers as a set, made when the sentence is first compared with another
   * (corroboration.ts): most sentences of a build never are.
   */
  numberSet: ReadonlySet<string> | undefined;
}

/** The shape of a sentence, from its numbers (SentenceKey) and its words, terms[first, end). */
export function sentenceShape(
  numbers: string,
  terms: Int32Array,
  [first, end]: readonly [number, number],
  dictionary: TermDictionary,
): SentenceShape {
  const words = distinctWords(terms, first, end, (id) => !dictionary.isNumber(id));
  return { words, numbers, numberSet: undefined };
}
