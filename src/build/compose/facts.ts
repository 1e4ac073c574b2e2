// Facts of a story: sentences copied word for word from the Manifests' texts. The same
// sentence, or a near-duplicate of it, stated by several Manifests is one fact citing all
// of them; facts are ranked by how many distinct publishers state them.
import type { Manifest } from "../../manifests/schema.js";
import { analyze } from "./analyze.js";
import { type Centroid, centrality } from "./centroid.js";
import { jaccard, type SentenceShape, sentenceShape } from "./sentence-keys.js";

/**
 * Two sentences are near-duplicates when they share this share of their content words
 * (Jaccard) and state the same numbers: a reworded wire copy, not a different claim.
 */
export const NEAR_DUPLICATE = 0.7;
/** Words used by more sentences than this are too common to suggest a near-duplicate. */
const COMMON_WORD_POSTINGS = 200;
/** Sentences shorter than this (in words) are fragments, not facts. */
const MIN_FACT_WORDS = 3;

export interface Fact {
  /** The sentence, exactly as one Manifest wrote it. */
  text: string;
  /** Every Manifest stating it (or a near-duplicate), in cluster order. */
  manifestIds: string[];
  /** Distinct publisher domains stating it. */
  publishers: string[];
  /** Index (in cluster order) of the first Manifest stating it. */
  firstIndex: number;
  /** Position of the sentence in that Manifest's text (0: the lede). */
  position: number;
  centrality: number;
  shape: SentenceShape;
}

interface Variant {
  text: string;
  shape: SentenceShape;
  /** [manifest index, sentence position] of every occurrence. */
  occurrences: Array<[number, number]>;
}

function collectVariants(manifests: readonly Manifest[]): Variant[] {
  const byKey = new Map<string, Variant>();
  manifests.forEach((manifest, index) => {
    analyze(manifest).sentences.forEach((sentence, position) => {
      if (sentence.wordCount < MIN_FACT_WORDS) return;
      let variant = byKey.get(sentence.key);
      if (!variant) {
        const shape = sentenceShape(sentence.text, sentence.tokens);
        variant = { text: sentence.text, shape, occurrences: [] };
        byKey.set(sentence.key, variant);
      }
      variant.occurrences.push([index, position]);
    });
  });
  return [...byKey.values()];
}

function unionFind(size: number) {
  const parent = Array.from({ length: size }, (_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] as number;
    let node = index;
    while (parent[node] !== root) [node, parent[node]] = [parent[node] as number, root];
    return root;
  };
  const union = (a: number, b: number) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  return { find, union };
}

/** Groups variants that are near-duplicates, using an inverted index (never all pairs). */
function mergeNearDuplicates(variants: readonly Variant[]): number[][] {
  const postings = new Map<string, number[]>();
  variants.forEach((variant, index) => {
    for (const word of variant.shape.words) {
      const list = postings.get(word) ?? [];
      list.push(index);
      postings.set(word, list);
    }
  });
  const sets = unionFind(variants.length);
  variants.forEach((variant, index) => {
    const candidates = new Set<number>();
    for (const word of variant.shape.words) {
      const list = postings.get(word) as number[];
      if (list.length > COMMON_WORD_POSTINGS) continue;
      for (const other of list) if (other > index) candidates.add(other);
    }
    for (const other of candidates) {
      const peer = variants[other] as Variant;
      if (peer.shape.numbers.join(" ") !== variant.shape.numbers.join(" ")) continue;
      if (jaccard(variant.shape.words, peer.shape.words) >= NEAR_DUPLICATE)
        sets.union(index, other);
    }
  });
  const groups = new Map<number, number[]>();
  variants.forEach((_, index) => {
    const root = sets.find(index);
    const group = groups.get(root);
    if (group) group.push(index);
    else groups.set(root, [index]);
  });
  return [...groups.values()];
}

function factOf(
  group: readonly Variant[],
  manifests: readonly Manifest[],
  centroid: Centroid,
): Fact {
  const representative = [...group].sort(
    (a, b) =>
      b.occurrences.length - a.occurrences.length ||
      (a.occurrences[0]?.[0] ?? 0) - (b.occurrences[0]?.[0] ?? 0) ||
      (a.occurrences[0]?.[1] ?? 0) - (b.occurrences[0]?.[1] ?? 0),
  )[0] as Variant;
  const indexes = [
    ...new Set(group.flatMap((variant) => variant.occurrences.map(([index]) => index))),
  ].sort((a, b) => a - b);
  const first = group
    .flatMap((variant) => variant.occurrences)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])[0] as [number, number];
  return {
    text: representative.text,
    manifestIds: indexes.map((index) => (manifests[index] as Manifest).id),
    publishers: [
      ...new Set(indexes.map((index) => (manifests[index] as Manifest).publisher.domain)),
    ],
    firstIndex: first[0],
    position: first[1],
    centrality: centrality(representative.shape.words, centroid),
    shape: representative.shape,
  };
}

/** Most publishers first, then most Manifests, most central, earliest, ledes first. */
export function compareFacts(a: Fact, b: Fact): number {
  return (
    b.publishers.length - a.publishers.length ||
    b.manifestIds.length - a.manifestIds.length ||
    b.centrality - a.centrality ||
    a.firstIndex - b.firstIndex ||
    a.position - b.position ||
    (a.text < b.text ? -1 : a.text > b.text ? 1 : 0)
  );
}

/** Every fact of a cluster (Manifests in cluster order: published_at, then id), ranked. */
export function collectFacts(manifests: readonly Manifest[], centroid: Centroid): Fact[] {
  const variants = collectVariants(manifests);
  return mergeNearDuplicates(variants)
    .map((indexes) =>
      factOf(
        indexes.map((index) => variants[index] as Variant),
        manifests,
        centroid,
      ),
    )
    .sort(compareFacts);
}
