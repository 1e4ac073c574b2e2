// Reads a Manifest once for composition: its sentences (with their comparison keys) and its
// content words. Facts, disagreements and the headline choice share this reading, cached per
// Manifest object for the duration of a build.
import type { Manifest } from "../../manifests/schema.js";
import { splitSentences } from "../text/sentences.js";
import { tokenize } from "../text/tokens.js";
import { exactKey, NUMBER } from "./sentence-keys.js";

export interface AnalyzedSentence {
  text: string;
  /** exactKey(text): equal for the same sentence whatever its case and punctuation. */
  key: string;
  wordCount: number;
  /** Content words (tokenize): stemmed, no stop words, numbers included. */
  tokens: string[];
}

export interface AnalyzedManifest {
  sentences: AnalyzedSentence[];
  /** Content words of the title and text (no numbers). */
  words: Set<string>;
}

const analyses = new WeakMap<Manifest, AnalyzedManifest>();

/** Drops the cached readings of a cluster once its story is composed (stories keep the
 * Manifests alive until the edition is written; their readings are not needed that long). */
export function forgetAnalyses(manifests: readonly Manifest[]): void {
  for (const manifest of manifests) analyses.delete(manifest);
}

export function analyze(manifest: Manifest): AnalyzedManifest {
  const known = analyses.get(manifest);
  if (known) return known;
  const sentences = splitSentences(manifest.text, manifest.language).map((text) => {
    const key = exactKey(text);
    const tokens = tokenize(text, manifest.language);
    return { text, key, wordCount: key === "" ? 0 : key.split(" ").length, tokens };
  });
  const words = new Set<string>();
  for (const token of tokenize(manifest.title, manifest.language)) {
    if (!NUMBER.test(token)) words.add(token);
  }
  for (const sentence of sentences) {
    for (const token of sentence.tokens) if (!NUMBER.test(token)) words.add(token);
  }
  const analysis = { sentences, words };
  analyses.set(manifest, analysis);
  return analysis;
}
