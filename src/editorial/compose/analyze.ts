// What composition needs of each Manifest of a cluster, from its reading (shared with
// clustering, ../text/manifest-reading.ts): its sentences with their comparison keys and
// content words, and the content words of the whole Manifest. Words are term ids of one
// dictionary, so comparing them is comparing integers.
import type { Manifest } from "../../manifests/schema.js";
import { countVerdicts } from "../hygiene/judge-sentences.js";
import type { HygieneCounts } from "../hygiene/drop-reasons.js";
import { type ManifestReading, readManifest } from "../text/manifest-reading.js";
import { continuesQuotation } from "../text/open-quotation.js";
import { TermDictionary } from "../text/term-dictionary.js";
import { type SentenceKey, sentenceKey } from "./sentence-keys.js";
import { sliceOf } from "../../text/string-builtins.js";
import { intArena } from "../../text/typed-arena.js";

export interface AnalyzedSentence {
  text: string;
  /** exactKey(text): equal for the same sentence whatever its case and punctuation. */
  key: string;
  wordCount: number;
  /** Its numbers, sorted and joined by spaces (SentenceKey). */
  numbers: string;
  /** Its words: term ids (stemmed, no stop words, numbers included) terms[first, end). */
  first: number;
  end: number;
  /**
   * It leaves a quotation open at the end of its paragraph and the next paragraph opens with
   * a quote mark: the quotation goes on by the convention (../text/open-quotation.ts).
   */
  continuesQuotation: boolean;
}

export interface AnalyzedManifest {
  sentences: AnalyzedSentence[];
  /** The term ids that the sentences' ranges point into. */
  terms: Int32Array;
  /** Distinct content words of the title and text (term ids, no numbers), in order of use. */
  words: Int32Array;
  /** Distinct content words of the title alone (term ids, no numbers). */
  titleWords: Int32Array;
  /** The dictionary of the term ids (which of them are numbers). */
  dictionary: TermDictionary;
}

/**
 * Distinct content words in order of first use, collected without a Set: a term is marked
 * with the number of the Manifest being read (`stamp`) when first seen.
 */
class WordCollector {
  private marks = new Int32Array(1024);
  private stamp = 0;
  private ids = new Int32Array(256);
  private count = 0;

  start(dictionary: TermDictionary): void {
    if (this.marks.length < dictionary.size) {
      this.marks = new Int32Array(2 * dictionary.size);
      this.stamp = 0;
    }
    this.stamp++;
    this.count = 0;
  }

  add(ids: Int32Array, from: number, to: number, dictionary: TermDictionary): void {
    for (let at = from; at < to; at++) {
      const id = ids[at]!;
      if (this.marks[id] === this.stamp || dictionary.isNumber(id)) continue;
      this.marks[id] = this.stamp;
      if (this.count === this.ids.length) {
        const grown = new Int32Array(2 * this.count);
        grown.set(this.ids);
        this.ids = grown;
      }
      this.ids[this.count++] = id;
    }
  }

  collected(): Int32Array {
    return intArena.copy(this.ids, this.count);
  }
}

const collector = new WordCollector();

/**
 * Analyses a Manifest from its reading. `keys` holds the keys of sentences met already: the
 * reports of one event repeat many sentences word for word, and a sentence is keyed once.
 */
export function analyze(
  manifest: Manifest,
  reading: ManifestReading,
  keys = new Map<string, SentenceKey>(),
): AnalyzedManifest {
  const { dictionary, sentences: bounds, words: terms } = reading;
  const sentences: AnalyzedSentence[] = [];
  collector.start(dictionary);
  collector.add(reading.title, 0, reading.title.length, dictionary);
  const titleWords = collector.collected();
  for (let i = 0; i < bounds.length; i += 4) {
    // A sentence the hygiene stage dropped is never a fact, a dek or a source's summary.
    if (reading.verdicts[i / 4] !== 0) continue;
    const text = sliceOf(manifest.text, bounds[i]!, bounds[i + 1]);
    let keyed = keys.get(text);
    if (keyed === undefined) keys.set(text, (keyed = sentenceKey(text)));
    const { key, wordCount, numbers } = keyed;
    const [first, end] = [bounds[i + 2]!, bounds[i + 3]!];
    const continues = continuesQuotation(text, manifest.text, bounds[i + 1]!);
    sentences.push({ text, key, wordCount, numbers, first, end, continuesQuotation: continues });
    collector.add(terms, first, end, dictionary);
  }
  return { sentences, terms, words: collector.collected(), titleWords, dictionary };
}

/**
 * Analyses of a cluster's Manifests, from the builder's readings when it gives them (one per
 * Manifest, all from one dictionary), else from readings made here with the lines each
 * Manifest's publisher repeats (`boilerplate`, same order). Hygiene verdicts are added to
 * `counts` when given.
 */
export function analyzeCluster(
  manifests: readonly Manifest[],
  readings?: readonly ManifestReading[],
  boilerplate?: readonly (readonly string[])[],
  counts?: HygieneCounts,
): AnalyzedManifest[] {
  // Made only when a Manifest has no reading of the builder's (not on the builder's path).
  let dictionary: TermDictionary | undefined;
  const keys = new Map<string, SentenceKey>();
  return manifests.map((manifest, i) => {
    const reading =
      readings?.[i] ??
      readManifest(manifest, (dictionary ??= new TermDictionary()), boilerplate?.[i]);
    if (counts) countVerdicts(reading.verdicts, counts);
    return analyze(manifest, reading, keys);
  });
}
