// Corroboration that counts paraphrases: outlets rarely write one sentence word for word, so
// a claim is supported by every publisher that states it in any wording. Two facts state one
// claim when they share most of their content words, or share the claim's anchors (numbers,
// names, dates) and a good part of the words around them, and no number of one contradicts
// the other. Facts (facts.ts) already merge near-verbatim copies; this links the rest.
import type { Fact } from "./facts.js";
import { charCodeAt, lowerCase, sliceOf } from "../../text/string-builtins.js";
import { hasNonAscii, isAsciiDigit, isAsciiLetter, isAsciiUpper } from "../../text/ascii.js";
import { intArena } from "../../text/typed-arena.js";
import { sharedWords } from "./word-ids.js";

/** Content words shared (Dice) for two sentences to say the same thing outright. */
export const PARAPHRASE_WORDS = 0.5;
/**
 * Share of the shorter sentence's words found in the longer (overlap coefficient) that makes
 * two sentences one claim when they also share a number: a longer report often adds a
 * second claim to the same one ("ordered four cranes for $48 million and will hire 60").
 */
export const PARAPHRASE_CONTAINED = 0.6;
/** With a distinctive shared number ("312,000") or two shared names, this overlap suffices. */
export const PARAPHRASE_ANCHORED = 0.3;
/** Words held by more facts than this are too common to find paraphrases through. */
const COMMON_WORD_POSTINGS = 200;

const NAME = /(?<=[\s,;(-])[\p{Lu}][\p{L}'’-]+/gu;
const NUMBER = /\p{N}[\p{N},.:]*/gu;

/**
 * anchorsOf for the sentences of one story, each text read once: a story reads most of its
 * sentences more than once (as a fact candidate and among its source's sentences). Kept for
 * one story: a memo of the whole build held 27,000 texts of a 10,000-Manifest build, and
 * finding a sentence in it cost about as much as reading its anchors again. A set is shared
 * by every caller asking about the same text: read it, never change it.
 */
export class StoryAnchors {
  readonly #byText = new Map<string, ReadonlySet<string>>();

  of(text: string): ReadonlySet<string> {
    let anchors = this.#byText.get(text);
    if (anchors === undefined) this.#byText.set(text, (anchors = anchorsOf(text)));
    return anchors;
  }
}

/** The names (capitalised words after the first) and numbers of a sentence, lower-cased. */
export function anchorsOf(text: string): Set<string> {
  if (!hasNonAscii(text)) return asciiAnchorsOf(text);
  const anchors = new Set<string>();
  for (const match of text.match(NAME) ?? []) anchors.add(match.toLowerCase());
  for (const match of text.match(NUMBER) ?? []) anchors.add(match.replace(/[.,:]$/u, ""));
  return anchors;
}

/** NAME's lookbehind in ASCII: \s , ; ( - */
const opensName = (code: number) =>
  (code >= 9 && code <= 13) ||
  code === 32 ||
  code === 44 ||
  code === 59 ||
  code === 40 ||
  code === 45;
/** NAME's letters after the first in ASCII: letters, ' and -. */
const inName = (code: number) => isAsciiLetter(code) || code === 39 || code === 45;
/** NUMBER's characters after the first digit: digits , . : */
const inNumber = (code: number) => isAsciiDigit(code) || code === 44 || code === 46 || code === 58;

/**
 * anchorsOf for ASCII text (most news copy), by NAME's and NUMBER's rules written out: the
 * same set in the same order, several times faster than the two Unicode patterns. Why by hand:
 * the patterns' lookbehind and Unicode classes made anchorsOf a visible share of a build.
 */
function asciiAnchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const length = text.length;
  for (let i = 1; i < length; i++) {
    if (!isAsciiUpper(charCodeAt(text, i)) || !opensName(charCodeAt(text, i - 1))) continue;
    let end = i + 1;
    while (end < length && inName(charCodeAt(text, end))) end++;
    if (end === i + 1) continue;
    anchors.add(lowerCase(sliceOf(text, i, end)));
    i = end - 1;
  }
  for (let i = 0; i < length; i++) {
    if (!isAsciiDigit(charCodeAt(text, i))) continue;
    let end = i + 1;
    while (end < length && inNumber(charCodeAt(text, end))) end++;
    const last = charCodeAt(text, end - 1);
    const trimmed = last === 44 || last === 46 || last === 58 ? end - 1 : end;
    anchors.add(sliceOf(text, i, trimmed));
    i = end - 1;
  }
  return anchors;
}

function shared<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  let count = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const item of small) if (large.has(item)) count++;
  return count;
}

/** Content-word overlap of two facts (Dice, 0..1). */
export function similarity(a: Fact, b: Fact): number {
  const total = a.shape.words.length + b.shape.words.length;
  return total === 0 ? 0 : (2 * sharedWords(a.shape.words, b.shape.words)) / total;
}

const NO_NUMBERS: ReadonlySet<string> = new Set();

/** A fact's numbers as a set, made once on its shape: facts are compared many times. */
function numbersOf(fact: Fact): ReadonlySet<string> {
  const { shape } = fact;
  if (shape.numbers === "") return NO_NUMBERS;
  return (shape.numberSet ??= new Set(shape.numbers.split(" ")));
}

/** A number that rarely recurs by chance: three or more digits, not a year. */
function isDistinctive(number: string): boolean {
  const digits = number.replace(/\D/g, "");
  if (digits.length < 3) return false;
  const value = Number(number);
  return !(Number.isInteger(value) && value >= 1900 && value <= 2100);
}

/** Whether a number of `a` that `b` also holds is distinctive. */
function sharesDistinctiveNumber(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const number of a) if (b.has(number) && isDistinctive(number)) return true;
  return false;
}

/**
 * Do two facts state one claim (in other words)? Never when their numbers disagree. The
 * test is symmetric: isParaphrase(a, b) === isParaphrase(b, a).
 */
export function isParaphrase(
  a: Fact,
  b: Fact,
  anchorsA: ReadonlySet<string>,
  anchorsB: ReadonlySet<string>,
) {
  return paraphrased(a, b, numbersOf(a), numbersOf(b), anchorsA, anchorsB);
}

/**
 * isParaphrase, given each fact's numbers (numbersOf) and anchors (anchorsOf), and the count
 * of their shared words when the caller has counted them. Called for every candidate pair of
 * every story: its arguments are passed one by one, not in arrays made per pair.
 */
function paraphrased(
  a: Fact,
  b: Fact,
  numbersA: ReadonlySet<string>,
  numbersB: ReadonlySet<string>,
  anchorsA: ReadonlySet<string>,
  anchorsB: ReadonlySet<string>,
  common = sharedWords(a.shape.words, b.shape.words),
): boolean {
  const sharedNumbers = shared(numbersA, numbersB);
  if (numbersA.size > 0 && numbersB.size > 0 && sharedNumbers === 0) return false;
  const sizeA = a.shape.words.length;
  const sizeB = b.shape.words.length;
  if (sizeA + sizeB > 0 && (2 * common) / (sizeA + sizeB) >= PARAPHRASE_WORDS) return true;
  const smaller = Math.min(sizeA, sizeB);
  const contained = smaller === 0 ? 0 : common / smaller;
  if (sharedNumbers > 0 && contained >= PARAPHRASE_CONTAINED) return true;
  if (contained < PARAPHRASE_ANCHORED) return false;
  return sharesDistinctiveNumber(numbersA, numbersB) || shared(anchorsA, anchorsB) >= 2;
}

/**
 * Does `fact` add nothing to `shown`? Its numbers are all in `shown` and at least `contained`
 * of its words too, most of them by default (directional: a longer sentence that adds a
 * claim, "Brandt scored twice as the Mariners won 3-1", is not a restatement of "The
 * Mariners won 3-1").
 */
export function restates(fact: Fact, shown: Fact, contained = PARAPHRASE_CONTAINED): boolean {
  const shownNumbers = numbersOf(shown);
  for (const number of numbersOf(fact)) if (!shownNumbers.has(number)) return false;
  const size = fact.shape.words.length;
  return size > 0 && sharedWords(fact.shape.words, shown.shape.words) / size >= contained;
}

/**
 * For each fact, every publisher that states the same claim among `facts`, in these words or
 * others. `anchors`: anchorsOf each fact's text (same order), when the caller has them.
 */
export function paraphraseSupport(
  facts: readonly Fact[],
  anchors: readonly ReadonlySet<string>[] = facts.map((fact) => anchorsOf(fact.text)),
): Map<Fact, Set<string>> {
  const postings = new Map<number, number[]>();
  facts.forEach((fact, index) => {
    const { words } = fact.shape;
    for (let at = 0; at < words.length; at++) {
      const list = postings.get(words[at]!);
      if (list) list.push(index);
      else postings.set(words[at]!, [index]);
    }
  });
  const support = facts.map((fact) => new Set(fact.publishers));
  const numbers = facts.map(numbersOf);
  // Shared words are counted through the postings; only a pair sharing enough of the
  // smaller fact's words (PARAPHRASE_ANCHORED, the loosest rule) is checked in full.
  // isParaphrase is symmetric, so each pair is counted and checked once, from its first
  // fact, and a paraphrase gives each fact the other's publishers.
  const common = intArena.take(facts.length);
  const touched: number[] = [];
  facts.forEach((fact, index) => {
    // A common word left out of the count: the pair's shared words are counted again in full.
    let skipped = false;
    const { words } = fact.shape;
    for (let at = 0; at < words.length; at++) {
      const list = postings.get(words[at]!)!;
      if (list.length > COMMON_WORD_POSTINGS) {
        skipped = true;
        continue;
      }
      // Postings are in fact order: the facts after this one are at the end of the list.
      for (let at = list.length - 1; at >= 0 && list[at]! > index; at--) {
        const other = list[at]!;
        if (common[other] === 0) touched.push(other);
        common[other]! += 1;
      }
    }
    for (const other of touched) {
      const peer = facts[other]!;
      const smaller = Math.min(words.length, peer.shape.words.length);
      const counted = common[other]!;
      common[other] = 0;
      if (counted < PARAPHRASE_ANCHORED * smaller) continue;
      // One by one, not destructured from arrays: V8 kept those arrays, two per pair.
      const numbersA = numbers[index]!;
      const numbersB = numbers[other]!;
      const anchorsA = anchors[index]!;
      const anchorsB = anchors[other]!;
      const sharedWords = skipped ? undefined : counted;
      if (paraphrased(fact, peer, numbersA, numbersB, anchorsA, anchorsB, sharedWords)) {
        for (const publisher of peer.publishers) support[index]!.add(publisher);
        for (const publisher of fact.publishers) support[other]!.add(publisher);
      }
    }
    touched.length = 0;
  });
  return new Map(facts.map((fact, index) => [fact, support[index]!]));
}
