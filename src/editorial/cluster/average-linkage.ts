// Agglomerative clustering with average linkage over a sparse candidate graph. For unit
// vectors the mean cosine over all cross pairs of two clusters is dot(sum A, sum B) / (|A| |B|),
// so it is exact without visiting the pairs; the graph only says which clusters to compare.
// Merges run best-first from a max-heap. A merge never raises an average cosine above the
// larger of its parts, so a stale key is (but for the time and publisher factors) an upper
// bound: a stale entry that surfaces is re-scored and merged at once if it is within a
// tolerance of the top of the heap, else queued again. The tolerance (10%) only reorders
// merges that are nearly tied, and it spares most re-scoring in large events, where every
// merge makes the entries of its neighbours stale.
import { attachSingletons } from "./attach-singletons.js";
import { MaxHeap } from "./max-heap.js";
import { LinkageClusters, type LinkageUnit, type ScoreOptions } from "./linkage-clusters.js";
import type { NeighbourEdges } from "./neighbour-graph.js";
import { PairTable } from "./pair-table.js";

export type { LinkageUnit } from "./linkage-clusters.js";

export interface LinkageOptions extends ScoreOptions {
  /** Clusters merge while their score is at least this. */
  threshold: number;
  /** Afterwards a lone document joins its best cluster at this score (0: never; attach-singletons.ts). */
  attachThreshold: number;
}

/** A re-scored merge is taken when its score is at least (1 - this) × the best queued key. */
const REORDER_TOLERANCE = 0.1;

/** Candidate merges; each entry remembers the two roots and their versions when scored. */
class Candidates {
  private readonly heap = new MaxHeap();
  private entries = new Int32Array(4096);
  private count = 0;
  // Latest entry per pair of roots: many graph edges can join the same two clusters, and one
  // score per pair and version is enough.
  private latest = new PairTable();

  constructor(private readonly clusters: LinkageClusters) {}

  /** Empties the queue for the next component, sized for about `edges` entries. */
  reset(edges: number): void {
    this.heap.clear();
    this.count = 0;
    this.latest = new PairTable(2 * edges);
  }

  get bestScore(): number {
    return this.heap.peekKey();
  }

  push(score: number, a: number, b: number): void {
    this.heap.push(score, this.record(a, b));
  }

  /** Notes that (a, b) scored below the threshold at their current versions. */
  reject(a: number, b: number): void {
    this.record(a, b);
  }

  /** True when (a, b) was already scored at their current versions. */
  isScored(a: number, b: number): boolean {
    const index = this.latest.get(a, b);
    return (
      index >= 0 &&
      this.entries[4 * index + 2] === this.clusters.version[a] &&
      this.entries[4 * index + 3] === this.clusters.version[b]
    );
  }

  /** Index of the best entry, removed from the queue (-1 when empty). */
  pop(): number {
    return this.heap.pop();
  }

  first(index: number): number {
    return this.entries[4 * index]!;
  }

  second(index: number): number {
    return this.entries[4 * index + 1]!;
  }

  /** True when both ends of the entry are still roots at the versions it was scored with. */
  isFresh(index: number): boolean {
    const at = 4 * index;
    const a = this.entries[at]!;
    const b = this.entries[at + 1]!;
    const { parent, version } = this.clusters;
    return (
      parent[a] === a &&
      parent[b] === b &&
      version[a] === this.entries[at + 2] &&
      version[b] === this.entries[at + 3]
    );
  }

  private record(a: number, b: number): number {
    if (4 * this.count === this.entries.length) {
      const grown = new Int32Array(this.entries.length * 2);
      grown.set(this.entries);
      this.entries = grown;
    }
    const at = 4 * this.count;
    this.entries[at] = a;
    this.entries[at + 1] = b;
    this.entries[at + 2] = this.clusters.version[a]!;
    this.entries[at + 3] = this.clusters.version[b]!;
    this.latest.set(a, b, this.count);
    return this.count++;
  }
}

// Merges only follow entries that start from a graph edge scoring at least the threshold, so
// the components of those edges never interact: each is clustered on its own, with a small
// heap and its clusters' data close together in memory.
function componentsOf(units: number, from: number[], to: number[]): number[][] {
  const parent = Int32Array.from({ length: units }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!;
    return x;
  };
  for (let e = 0; e < from.length; e++) {
    const a = find(from[e]!);
    const b = find(to[e]!);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  const edgesOf = new Map<number, number[]>();
  for (let e = 0; e < from.length; e++) {
    const root = find(from[e]!);
    const list = edgesOf.get(root);
    if (list) list.push(e);
    else edgesOf.set(root, [e]);
  }
  return [...edgesOf.keys()].sort((a, b) => a - b).map((root) => edgesOf.get(root)!);
}

/** Clusters `units` along `edges` (from < to); returns the root unit of each unit's cluster. */
export function averageLinkage(
  units: readonly LinkageUnit[],
  edges: NeighbourEdges,
  options: LinkageOptions,
): Int32Array {
  const clusters = new LinkageClusters(units, options);
  const from: number[] = [];
  const to: number[] = [];
  const scores: number[] = [];
  for (let e = 0; e < edges.from.length; e++) {
    const score = clusters.score(edges.from[e]!, edges.to[e]!, edges.similarity[e]);
    if (score < options.threshold) continue;
    from.push(edges.from[e]!);
    to.push(edges.to[e]!);
    scores.push(score);
  }
  const candidates = new Candidates(clusters);
  for (const component of componentsOf(units.length, from, to)) {
    candidates.reset(component.length);
    for (const e of component) candidates.push(scores[e]!, from[e]!, to[e]!);
    mergeComponent(clusters, candidates, options.threshold);
  }
  if (options.attachThreshold > 0) attachSingletons(clusters, edges, options.attachThreshold);
  return Int32Array.from(units.keys(), (unit) => clusters.find(unit));
}

function mergeComponent(
  clusters: LinkageClusters,
  candidates: Candidates,
  threshold: number,
): void {
  while (candidates.bestScore >= threshold) {
    const entry = candidates.pop();
    if (candidates.isFresh(entry)) {
      clusters.merge(candidates.first(entry), candidates.second(entry));
      continue;
    }
    const rootA = clusters.find(candidates.first(entry));
    const rootB = clusters.find(candidates.second(entry));
    const [a, b] = rootA < rootB ? [rootA, rootB] : [rootB, rootA];
    if (a === b || candidates.isScored(a, b)) continue;
    const score = clusters.score(a, b);
    if (score < threshold) candidates.reject(a, b);
    else if (score >= (1 - REORDER_TOLERANCE) * candidates.bestScore) clusters.merge(a, b);
    else candidates.push(score, a, b);
  }
}
