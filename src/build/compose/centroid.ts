// What a cluster is about: for each content word, the share of its Manifests that use it.
// Sentences and Manifests made of widely shared words are "central".
import type { Manifest } from "../../manifests/schema.js";
import { analyze } from "./analyze.js";

export type Centroid = ReadonlyMap<string, number>;

export function manifestWords(manifest: Manifest): ReadonlySet<string> {
  return analyze(manifest).words;
}

export function buildCentroid(wordSets: readonly ReadonlySet<string>[]): Centroid {
  const counts = new Map<string, number>();
  for (const words of wordSets)
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  const total = Math.max(1, wordSets.length);
  const centroid = new Map<string, number>();
  for (const [word, count] of counts) centroid.set(word, count / total);
  return centroid;
}

/** Mean centroid weight of a set of words: how typical they are of the cluster (0..1). */
export function centrality(words: ReadonlySet<string>, centroid: Centroid): number {
  if (words.size === 0) return 0;
  let sum = 0;
  for (const word of words) sum += centroid.get(word) ?? 0;
  return sum / words.size;
}
