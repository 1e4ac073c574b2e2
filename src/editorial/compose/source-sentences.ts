// What each source reports: for each publisher's first report, its summary (the first
// statement not already shown) and then its most informative other sentences, so that a
// story carries the sentences an agent may ask about (who, where, how many) even when they
// are not among the event's key facts. Every sentence is the source's own, word for word;
// none repeats a sentence shown above it, and the section stays within a size budget
// (docs/stories.md, "What each source reports").
import type { Manifest } from "../../manifests/schema.js";
import type { AnalyzedManifest, AnalyzedSentence } from "./analyze.js";
import { StoryAnchors } from "./corroboration.js";
import { charCodeAt } from "../../text/string-builtins.js";
import { keyFactProblem, sourceSentenceProblem, withinWordCap } from "./sentence-grade.js";

/** Shared words (Jaccard of exact-key words) at which a sentence repeats one shown. */
const REPEATS_SHOWN = 0.7;

export interface SourceBudget {
  /** Sentences per source, its summary included. */
  perSource: number;
  /** Characters the further sentences of all sources may take (summaries are always shown). */
  chars: number;
  /** Words a sentence shown may hold, its summary's included (0: no cap; StoryLimits). */
  maxWords: number;
}

/**
 * Whether two word sets of these sizes can reach REPEATS_SHOWN: their Jaccard similarity is
 * at most the smaller size over the larger, so most pairs need no word counted.
 */
function sizesAllowRepeat(a: number, b: number): boolean {
  return (a === 0 && b === 0) || Math.min(a, b) / Math.max(a, b) >= REPEATS_SHOWN;
}

/** Words a key may hold before its scratch space grows. */
let scratch = new Float64Array(256);

/**
 * The distinct words of an exact key (words joined by single spaces), each as a 53-bit hash
 * of its characters, sorted. Why not a Set of the words: every story asks this of every
 * sentence it shows and of each source's candidates, and splitting the keys into strings
 * was a visible share of composing; read in place, a key costs one array. Two hashes of 32
 * and 21 bits make two different words of one story's sentences share a hash with a chance
 * far below one in a billion.
 */
export function keyWordHashes(key: string): readonly number[] {
  if (scratch.length < key.length + 1) scratch = new Float64Array(2 * key.length + 2);
  let count = 0;
  let first = 0x811c9dc5;
  let second = 5381;
  let inWord = false;
  for (let at = 0; at <= key.length; at++) {
    const code = at < key.length ? charCodeAt(key, at) : 32;
    if (code === 32) {
      if (inWord) scratch[count++] = (first >>> 0) * 2_097_152 + ((second >>> 0) & 0x1fffff);
      first = 0x811c9dc5;
      second = 5381;
      inWord = false;
      continue;
    }
    first = Math.imul(first ^ code, 16_777_619);
    second = (Math.imul(second, 33) + code) | 0;
    inWord = true;
  }
  // Sorted by insertion, dropping repeats (a key holds a few dozen words at most), into a
  // plain array: a typed array of more than 64 bytes is allocated outside V8's heap, which
  // cost more than reading the key.
  const sorted: number[] = [];
  for (let at = 0; at < count; at++) {
    const hash = scratch[at]!;
    let place = sorted.length;
    while (place > 0 && sorted[place - 1]! > hash) place--;
    if (place > 0 && sorted[place - 1] === hash) continue;
    sorted.push(hash);
    for (let move = sorted.length - 1; move > place; move--) sorted[move] = sorted[move - 1]!;
    sorted[place] = hash;
  }
  return sorted;
}

/** Jaccard similarity of two sorted sets of distinct word hashes (keyWordHashes). */
function hashJaccard(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared);
}

/** What the story shows already: exact keys (sentence-keys.ts) and their words. */
export class ShownSentences {
  readonly #keys = new Set<string>();
  readonly #words: Array<readonly number[]> = [];
  /** Words of the keys asked about, read once: a candidate is asked about twice. */
  readonly #wordSets = new Map<string, readonly number[]>();

  constructor(keys: Iterable<string>) {
    for (const key of keys) this.add(key);
  }

  #wordsOf(key: string): readonly number[] {
    let words = this.#wordSets.get(key);
    if (!words) this.#wordSets.set(key, (words = keyWordHashes(key)));
    return words;
  }

  add(key: string): void {
    if (this.#keys.has(key)) return;
    this.#keys.add(key);
    this.#words.push(this.#wordsOf(key));
  }

  has(key: string): boolean {
    return this.#keys.has(key);
  }

  /** The same sentence, or one sharing most of its words with a shown one. */
  repeats(key: string): boolean {
    if (this.#keys.has(key)) return true;
    const words = this.#wordsOf(key);
    return this.#words.some(
      (shown) =>
        sizesAllowRepeat(words.length, shown.length) && hashJaccard(words, shown) >= REPEATS_SHOWN,
    );
  }
}

/**
 * The sentences shown for one source: its summary (or its title when it has no statement
 * left to show), then up to `budget.perSource - 1` further sentences naming someone or
 * something or giving a number, the most informative first chosen, shown in text order.
 * `shown` gains every sentence returned; `budget.chars` is spent by the further sentences.
 * `supported`, when given, is the story's test that another report touches a sentence
 * (compose-story.ts): a further sentence must pass it. `anchors`: the story's sentences'
 * anchors, shared with its fact selection.
 */
export function sourceSentences(
  manifest: Manifest,
  analysis: AnalyzedManifest | undefined,
  shown: ShownSentences,
  budget: SourceBudget,
  supported?: (sentence: AnalyzedSentence) => boolean,
  anchors = new StoryAnchors(),
): string[] {
  const sentences = analysis?.sentences ?? [];
  const fits = (sentence: AnalyzedSentence) => withinWordCap(sentence.text, budget.maxWords);
  const summary = sentences.find(
    (sentence) =>
      !shown.has(sentence.key) &&
      fits(sentence) &&
      keyFactProblem(sentence.text, manifest.language, sentence.continuesQuotation) === null,
  );
  if (summary) shown.add(summary.key);
  // Ranked on the cheap tests; the dearer ones (grade, support) run from the best down, on
  // the few sentences that come up before the source's share is full. Each is pure, and
  // `shown` only grows, so a repeat is found as surely when it comes up as at the start.
  const candidates: Array<{ sentence: AnalyzedSentence; position: number; anchors: number }> = [];
  sentences.forEach((sentence, position) => {
    if (sentence === summary || !fits(sentence)) return;
    const count = anchors.of(sentence.text).size;
    if (count > 0) candidates.push({ sentence, position, anchors: count });
  });
  candidates.sort((a, b) => b.anchors - a.anchors || a.position - b.position);
  const further: typeof candidates = [];
  for (const candidate of candidates) {
    if (further.length >= budget.perSource - 1) break;
    const { text, key, continuesQuotation } = candidate.sentence;
    if (text.length > budget.chars || shown.repeats(key)) continue;
    if (sourceSentenceProblem(text, manifest.language, continuesQuotation) !== null) continue;
    if (supported !== undefined && !supported(candidate.sentence)) continue;
    budget.chars -= text.length;
    shown.add(key);
    further.push(candidate);
  }
  further.sort((a, b) => a.position - b.position);
  return [summary?.text ?? manifest.title, ...further.map(({ sentence }) => sentence.text)];
}
