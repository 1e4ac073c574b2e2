// Facts of a story: sentences copied word for word from the Manifests' texts. The same
// sentence, or a near-duplicate of it, stated by several Manifests is one fact citing all
// of them; facts are ranked by how many distinct publishers state them.
import type { Manifest } from "../../manifests/schema.js";
import type { AnalyzedManifest } from "./analyze.js";
import { type Centroid, centralityBeyond } from "./centroid.js";
import { type SentenceShape, sentenceShape } from "./sentence-keys.js";
import { wordJaccard } from "./word-ids.js";
import { intArena } from "../../text/typed-arena.js";

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
  /** exactKey(text) (sentence-keys.ts). */
  key: string;
  /** Every Manifest stating it (or a near-duplicate), in cluster order. */
  manifestIds: string[];
  /** Distinct publisher domains stating it. */
  publishers: string[];
  /** Index (in cluster order) of the first Manifest stating it. */
  firstIndex: number;
  /** Position of the sentence in that Manifest's text (0: the lede). */
  position: number;
  /** Its earliest position in any Manifest stating it (or a near-duplicate). */
  leadPosition: number;
  /** Words of the sentence (exactKey). */
  wordCount: number;
  /** How typical its words are of the cluster's other Manifests (centroid.ts, centralityBeyond). */
  centrality: number;
  shape: SentenceShape;
  /**
   * A Manifest writing it this way leaves its quotation open at the end of a paragraph that
   * the next one goes on from (AnalyzedSentence.continuesQuotation): not a scrap of a quote.
   */
  continuesQuotation: boolean;
}

interface Variant {
  text: string;
  key: string;
  wordCount: number;
  shape: SentenceShape;
  /** Any occurrence of this very text continues its quotation (Fact.continuesQuotation). */
  continuesQuotation: boolean;
  /** [manifest index, sentence position] of every occurrence. */
  occurrences: Array<[number, number]>;
}

function collectVariants(analyses: readonly AnalyzedManifest[]): Variant[] {
  const byKey = new Map<string, Variant>();
  analyses.forEach(({ sentences, terms, dictionary }, index) => {
    sentences.forEach((sentence, position) => {
      if (sentence.wordCount < MIN_FACT_WORDS) return;
      let variant = byKey.get(sentence.key);
      if (!variant) {
        const range = [sentence.first, sentence.end] as const;
        const shape = sentenceShape(sentence.numbers, terms, range, dictionary);
        const { text, key, wordCount } = sentence;
        variant = { text, key, wordCount, shape, continuesQuotation: false, occurrences: [] };
        byKey.set(sentence.key, variant);
      }
      // Sentences of one key may differ in their marks: only this wording's flag counts.
      if (sentence.continuesQuotation && sentence.text === variant.text)
        variant.continuesQuotation = true;
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
  const postings = new Map<number, number[]>();
  variants.forEach((variant, index) => {
    const { words } = variant.shape;
    for (let at = 0; at < words.length; at++) {
      // A word's list is stored once, when the word is first met, and grown in place.
      const list = postings.get(words[at]!);
      if (list) list.push(index);
      else postings.set(words[at]!, [index]);
    }
  });
  const sets = unionFind(variants.length);
  // Only the partition matters (a group's root is its smallest index), so a pair already in
  // one group needs no comparison, and neither does one whose sizes rule the threshold out.
  const seenBy = intArena.take(variants.length).fill(-1);
  const candidates: number[] = [];
  variants.forEach((variant, index) => {
    candidates.length = 0;
    const { words } = variant.shape;
    for (let at = 0; at < words.length; at++) {
      const list = postings.get(words[at]!) as number[];
      if (list.length > COMMON_WORD_POSTINGS) continue;
      for (const other of list) {
        if (other > index && seenBy[other] !== index) {
          seenBy[other] = index;
          candidates.push(other);
        }
      }
    }
    const size = words.length;
    for (const other of candidates) {
      const peer = variants[other] as Variant;
      if (peer.shape.numbers !== variant.shape.numbers) continue;
      const peerSize = peer.shape.words.length;
      if (Math.min(size, peerSize) / Math.max(size, peerSize) < NEAR_DUPLICATE) continue;
      if (sets.find(index) === sets.find(other)) continue;
      if (wordJaccard(words, peer.shape.words) >= NEAR_DUPLICATE) sets.union(index, other);
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

/** Most occurrences, then earliest: the wording a fact shows. */
function representativeOf(group: readonly Variant[]): Variant {
  let best = group[0] as Variant;
  for (const variant of group) {
    const [first, bestFirst] = [variant.occurrences[0]!, best.occurrences[0]!];
    const better =
      variant.occurrences.length - best.occurrences.length ||
      bestFirst[0] - first[0] ||
      bestFirst[1] - first[1];
    if (better > 0) best = variant;
  }
  return best;
}

function earliestPosition(group: readonly Variant[]): number {
  let earliest = Infinity;
  for (const variant of group) {
    for (const [, position] of variant.occurrences) earliest = Math.min(earliest, position);
  }
  return earliest;
}

function factOf(
  group: readonly Variant[],
  manifests: readonly Manifest[],
  centroid: Centroid,
): Fact {
  const representative = representativeOf(group);
  // A variant's occurrences are in cluster order already; a group of several is merged.
  let indexes: number[];
  let first: [number, number];
  if (group.length === 1) {
    const occurrences = representative.occurrences;
    indexes = occurrences
      .map(([index]) => index)
      .filter((index, at, all) => at === 0 || all[at - 1] !== index);
    first = occurrences[0]!;
  } else {
    const all = group.flatMap((variant) => variant.occurrences);
    indexes = [...new Set(all.map(([index]) => index))].sort((a, b) => a - b);
    first = all.sort((a, b) => a[0] - b[0] || a[1] - b[1])[0]!;
  }
  return {
    text: representative.text,
    key: representative.key,
    manifestIds: indexes.map((index) => (manifests[index] as Manifest).id),
    publishers: [
      ...new Set(indexes.map((index) => (manifests[index] as Manifest).publisher.domain)),
    ],
    firstIndex: first[0],
    position: first[1],
    leadPosition: earliestPosition(group),
    wordCount: representative.wordCount,
    centrality: centralityBeyond(
      representative.shape.words,
      centroid,
      manifests.length,
      indexes.length,
    ),
    shape: representative.shape,
    continuesQuotation: representative.continuesQuotation,
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

/**
 * Every fact of a cluster (Manifests in cluster order: published_at, then id, with their
 * analyses), ranked.
 */
export function collectFacts(
  manifests: readonly Manifest[],
  analyses: readonly AnalyzedManifest[],
  centroid: Centroid,
): Fact[] {
  const variants = collectVariants(analyses);
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
