// What a cluster is about: for each content word (a term id), the share of its Manifests that
// use it. Sentences and Manifests made of widely shared words are "central".

export type Centroid = ReadonlyMap<number, number>;

/** Distinct words: a Set, or an array without repeats. */
export type WordSet = ReadonlySet<number> | Int32Array;

function sizeOf(words: WordSet): number {
  return words instanceof Int32Array ? words.length : words.size;
}

export function buildCentroid(wordSets: readonly WordSet[]): Centroid {
  const counts = new Map<number, number>();
  for (const words of wordSets)
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  const total = Math.max(1, wordSets.length);
  const centroid = new Map<number, number>();
  for (const [word, count] of counts) centroid.set(word, count / total);
  return centroid;
}

/** Mean centroid weight of a set of words: how typical they are of the cluster (0..1). */
export function centrality(words: WordSet, centroid: Centroid): number {
  const size = sizeOf(words);
  if (size === 0) return 0;
  let sum = 0;
  for (const word of words) sum += centroid.get(word) ?? 0;
  return sum / size;
}

/**
 * Centrality of a sentence stated by `own` of the cluster's `total` Manifests, counting only
 * the other Manifests: the mean share of them that use its words. A sentence of a roundup
 * about another event ("Twenty-six people were killed in a church in Sutherland Springs" in a
 * story on a Las Vegas shooting) is made of its own report's words, which the plain
 * centrality counts once for that report; here they count for nothing. When no other
 * Manifest is left (one report, or every report states it) it is the plain centrality.
 */
export function centralityBeyond(
  words: WordSet,
  centroid: Centroid,
  total: number,
  own: number,
): number {
  const others = total - own;
  if (others <= 0) return centrality(words, centroid);
  const size = sizeOf(words);
  if (size === 0) return 0;
  let sum = 0;
  for (const word of words) sum += Math.max(0, (centroid.get(word) ?? 0) * total - own) / others;
  return sum / size;
}

/**
 * The largest share of a sentence's words that a single other report of the cluster uses:
 * whether any report besides the ones stating it touches the claim at all. Unlike
 * centralityBeyond, a mean over every other report, one report is enough: a claim told by
 * one of three reports is supported when another covers it, however far the third strays;
 * a roundup's aside, or one report's account of a different event in a mixed cluster, finds
 * no report that shares its words. `reports`: each report's distinct words; `own`: indexes
 * of the reports stating the sentence. Only words of a report count (numbers are not among
 * them). 1 when no other report is left.
 */
export function supportBeyond(
  words: Iterable<number>,
  own: readonly number[],
  reports: readonly ReadonlySet<number>[],
): number {
  if (own.length >= reports.length) return 1;
  const stating = reports[own[0] ?? -1];
  const used = [...words].filter((word) => stating === undefined || stating.has(word));
  if (used.length === 0) return 0;
  let best = 0;
  for (let index = 0; index < reports.length && best < 1; index++) {
    if (own.includes(index)) continue;
    const report = reports[index] as ReadonlySet<number>;
    let found = 0;
    for (const word of used) if (report.has(word)) found++;
    best = Math.max(best, found / used.length);
  }
  return best;
}
