// What a cluster is about: for each content word (a term id), the share of its Manifests that
// use it. Sentences and Manifests made of widely shared words are "central".
import { intArena } from "../../text/typed-arena.js";

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
 * Cluster-local numbers for term ids, in arrays shared by every ReportWords of this thread
 * and grown as needed (term ids run up to the size of a topic's dictionary; a cluster uses
 * a few hundred of them): `local[id]` is valid while `owner[id]` is the current index's
 * generation. One index is in use at a time (a story is composed synchronously).
 */
const LOCAL = { owner: new Int32Array(0), local: new Int32Array(0), generation: 0 };

function growLocal(size: number): void {
  if (LOCAL.owner.length >= size) return;
  LOCAL.owner = new Int32Array(Math.max(size, 2 * LOCAL.owner.length));
  LOCAL.local = new Int32Array(LOCAL.owner.length);
  // The generation goes on counting: an index built before the arrays grew must not match.
}

/**
 * Which reports of a cluster use each word: an inverted index in typed arrays over the
 * cluster's own words (postings of local word w at [starts[w], starts[w + 1]), report
 * indexes ascending), built once per cluster when first needed. A Set per report, or arrays
 * as long as the dictionary per cluster, cost 3-4% of a 10,000-Manifest build.
 */
export class ReportWords {
  readonly #reports: readonly Int32Array[];
  #generation = 0;
  #starts = new Int32Array(0);
  #postings = new Int32Array(0);
  /** Per report: how many of the sentence's words it uses, and a stamp for "states it". */
  readonly #hits: Int32Array;
  readonly #own: Int32Array;
  #stamp = 0;

  /** `reports`: each report's distinct words (AnalyzedManifest.words). */
  constructor(reports: readonly Int32Array[]) {
    this.#reports = reports;
    this.#hits = intArena.take(reports.length);
    this.#own = intArena.take(reports.length);
    this.#index();
  }

  // Indexed loops throughout: this runs over every word of every report of every cluster.
  #index(): void {
    const reports = this.#reports;
    let [max, total] = [-1, 0];
    for (const words of reports) {
      for (let at = 0; at < words.length; at++) if (words[at]! > max) max = words[at]!;
      total += words.length;
    }
    growLocal(max + 1);
    const generation = ++LOCAL.generation;
    const { owner, local } = LOCAL;
    let distinct = 0;
    for (const words of reports) {
      for (let at = 0; at < words.length; at++) {
        const word = words[at]!;
        if (owner[word] === generation) continue;
        owner[word] = generation;
        local[word] = distinct++;
      }
    }
    const starts = intArena.take(distinct + 1);
    for (const words of reports)
      for (let at = 0; at < words.length; at++) starts[local[words[at]!]! + 1]!++;
    for (let at = 1; at <= distinct; at++) starts[at]! += starts[at - 1]!;
    const next = intArena.copy(starts, distinct);
    const postings = intArena.take(total);
    for (let index = 0; index < reports.length; index++) {
      const words = reports[index]!;
      for (let at = 0; at < words.length; at++) postings[next[local[words[at]!]!]!++] = index;
    }
    [this.#generation, this.#starts, this.#postings] = [generation, starts, postings];
  }

  /** The cluster-local number of a term id, or -1 when no report uses it. */
  #localOf(word: number): number {
    if (this.#generation !== LOCAL.generation) this.#index();
    return word >= 0 && word < LOCAL.owner.length && LOCAL.owner[word] === this.#generation
      ? LOCAL.local[word]!
      : -1;
  }

  /**
   * The largest share of a sentence's words that a single other report of the cluster uses:
   * whether any report besides the ones stating it touches the claim at all. Unlike
   * centralityBeyond, a mean over every other report, one report is enough: a claim told by
   * one of three reports is supported when another covers it, however far the third strays;
   * a roundup's aside, or one report's account of a different event in a mixed cluster,
   * finds no report that shares its words. `own`: indexes of the reports stating it; only
   * words of the first of them count (numbers are not among a report's words). 1 when no
   * other report is left.
   */
  supportBeyond(words: Iterable<number>, own: readonly number[]): number {
    const reports = this.#reports.length;
    if (own.length >= reports) return 1;
    const stamp = ++this.#stamp;
    for (const index of own) if (index >= 0 && index < reports) this.#own[index] = stamp;
    const stating = own[0] ?? -1;
    const touched: number[] = [];
    let used = 0;
    for (const word of words) {
      const local = this.#localOf(word);
      if (local < 0) continue;
      const [from, to] = [this.#starts[local]!, this.#starts[local + 1]!];
      let counted = stating < 0;
      for (let at = from; at < to && !counted; at++) counted = this.#postings[at] === stating;
      if (!counted) continue;
      used++;
      for (let at = from; at < to; at++) {
        const report = this.#postings[at]!;
        if (this.#own[report] === stamp) continue;
        if (this.#hits[report]!++ === 0) touched.push(report);
      }
    }
    let best = 0;
    for (const report of touched) {
      best = Math.max(best, this.#hits[report]!);
      this.#hits[report] = 0;
    }
    return used === 0 ? 0 : best / used;
  }
}
