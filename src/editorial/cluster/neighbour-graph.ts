// A sparse k-nearest-neighbour graph without comparing all pairs: documents meet through an
// inverted index over each one's strongest terms. A term held by more documents than a cap is
// dense (a common word, or a block of 10,000 copies of one wire story): through it a document
// only meets the few that were published just before and after it. Work and memory stay about
// n × (indexed terms × cap + candidates × terms), whatever the input.
import { largestPositions, type SparseVector } from "./sparse-vector.js";

export interface NeighbourGraphOptions {
  /** Strongest terms of each document that are indexed and looked up. */
  indexTerms: number;
  /** A term indexed for more documents than this is dense. */
  denseTerms: number;
  /** Through a dense term, a document meets this many documents nearest in index order. */
  denseWindow: number;
  /** Candidates (best by partial score over shared indexed terms) scored exactly. */
  candidates: number;
  /** Neighbours kept per document. */
  neighbours: number;
}

export const DEFAULT_GRAPH_OPTIONS: NeighbourGraphOptions = {
  indexTerms: 16,
  denseTerms: 64,
  denseWindow: 16,
  candidates: 12,
  neighbours: 8,
};

/** Undirected edges (from < to), each once, with the dot product of their ends. */
export interface NeighbourEdges {
  from: Int32Array;
  to: Int32Array;
  similarity: Float64Array;
}

/** Posting lists in CSR form; documents are added in index order, so each list ascends. */
interface Postings {
  offsets: Int32Array;
  documents: Int32Array;
  weights: Float64Array;
  /** Term slots of document d: slots[d × indexTerms ..], -1 where it has fewer terms. */
  slots: Int32Array;
}

function buildPostings(vectors: readonly SparseVector[], indexTerms: number): Postings {
  const slotOfTerm = new Map<number, number>();
  const slots = new Int32Array(vectors.length * indexTerms).fill(-1);
  const slotWeights = new Float64Array(slots.length);
  vectors.forEach((vector, d) => {
    const picked = largestPositions(vector.weights, indexTerms, vector.start, vector.end);
    picked.forEach((position, k) => {
      const term = vector.ids[vector.start + position]!;
      let slot = slotOfTerm.get(term);
      if (slot === undefined) {
        slot = slotOfTerm.size;
        slotOfTerm.set(term, slot);
      }
      slots[d * indexTerms + k] = slot;
      slotWeights[d * indexTerms + k] = vector.weights[vector.start + position]!;
    });
  });
  const offsets = new Int32Array(slotOfTerm.size + 1);
  for (const slot of slots) if (slot >= 0) offsets[slot + 1]!++;
  for (let slot = 0; slot < slotOfTerm.size; slot++) offsets[slot + 1]! += offsets[slot]!;
  const fill = offsets.slice(0, slotOfTerm.size);
  const documents = new Int32Array(offsets[slotOfTerm.size]!);
  const weights = new Float64Array(documents.length);
  for (let i = 0; i < slots.length; i++) {
    if (slots[i]! < 0) continue;
    const at = fill[slots[i]!]!++;
    documents[at] = Math.floor(i / indexTerms);
    weights[at] = slotWeights[i]!;
  }
  return { offsets, documents, weights, slots };
}

function lowerBound(values: Int32Array, from: number, to: number, target: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

function largestTermId(vectors: readonly SparseVector[]): number {
  let largest = -1;
  for (const v of vectors) if (v.end > v.start) largest = Math.max(largest, v.ids[v.end - 1]!);
  return largest;
}

function hasNeighbour(chosen: Int32Array, d: number, neighbours: number, other: number): boolean {
  for (let i = d * neighbours; i < (d + 1) * neighbours; i++) if (chosen[i] === other) return true;
  return false;
}

/**
 * One document's candidates scored exactly, kept in rank order as they come (highest score
 * first, ties: lower index): a dozen at most, so an insertion costs less than a sort, and
 * the lists are reused from document to document.
 */
class RankedCandidates {
  readonly others: Int32Array;
  readonly scores: Float64Array;
  count = 0;

  constructor(capacity: number) {
    this.others = new Int32Array(capacity);
    this.scores = new Float64Array(capacity);
  }

  clear(): void {
    this.count = 0;
  }

  insert(other: number, score: number): void {
    let at = this.count++;
    for (; at > 0; at--) {
      const [before, beforeScore] = [this.others[at - 1]!, this.scores[at - 1]!];
      if (beforeScore > score || (beforeScore === score && before < other)) break;
      this.others[at] = before;
      this.scores[at] = beforeScore;
    }
    this.others[at] = other;
    this.scores[at] = score;
  }
}

/**
 * The search for each document's neighbours, one document per call of `add`, its scratch
 * arrays reused from document to document. A method per document rather than the body of
 * one loop over a topic: V8 optimizes a function called thousands of times early and keeps
 * the code for every topic, where a long loop ran in the interpreter until it was compiled on
 * the stack, and again in the next topic's call (the second topic's graph took 47 µs a
 * document, the last ones 7 µs).
 */
class NeighbourSearch {
  private readonly partial: Float64Array;
  private readonly touched: Int32Array;
  private scores = new Float64Array(1024);
  /**
   * The current document's weights scattered by term id: an exact dot product with a
   * candidate is then one pass over the candidate's terms.
   */
  private readonly dense: Float64Array;
  private readonly chosen: Int32Array;
  private readonly exact: RankedCandidates;
  private readonly half: number;
  readonly from: number[] = [];
  readonly to: number[] = [];
  readonly similarity: number[] = [];

  constructor(
    private readonly vectors: readonly SparseVector[],
    private readonly postings: Postings,
    private readonly options: NeighbourGraphOptions,
  ) {
    this.partial = new Float64Array(vectors.length);
    this.touched = new Int32Array(vectors.length);
    this.dense = new Float64Array(largestTermId(vectors) + 1);
    this.chosen = new Int32Array(vectors.length * options.neighbours).fill(-1);
    this.exact = new RankedCandidates(options.candidates);
    this.half = Math.floor(options.denseWindow / 2);
  }

  /** Finds the neighbours of document `d` and adds the edges not held yet. */
  add(d: number): void {
    const { vectors, postings, options, partial, touched, dense, chosen, exact, half } = this;
    const { indexTerms, neighbours } = options;
    let touchedCount = 0;
    for (let k = 0; k < indexTerms; k++) {
      const slot = postings.slots[d * indexTerms + k]!;
      if (slot < 0) break;
      const start = postings.offsets[slot]!;
      const end = postings.offsets[slot + 1]!;
      const at = lowerBound(postings.documents, start, end, d);
      const weight = postings.weights[at]!;
      const isDense = end - start > options.denseTerms;
      const first = isDense ? Math.max(start, at - half) : start;
      const last = isDense ? Math.min(end, at + half + 1) : end;
      for (let p = first; p < last; p++) {
        const other = postings.documents[p]!;
        if (other === d) continue;
        if (partial[other] === 0) touched[touchedCount++] = other;
        partial[other]! += weight * postings.weights[p]!;
      }
    }
    if (this.scores.length < touchedCount) this.scores = new Float64Array(2 * touchedCount);
    const scores = this.scores;
    for (let t = 0; t < touchedCount; t++) {
      scores[t] = partial[touched[t]!]!;
      partial[touched[t]!] = 0;
    }
    const own = vectors[d]!;
    for (let i = own.start; i < own.end; i++) dense[own.ids[i]!] = own.weights[i]!;
    exact.clear();
    const positions = largestPositions(scores, options.candidates, 0, touchedCount);
    for (let c = 0; c < positions.length; c++) {
      const other = touched[positions[c]!]!;
      const candidate = vectors[other]!;
      let sum = 0;
      for (let i = candidate.start; i < candidate.end; i++) {
        sum += dense[candidate.ids[i]!]! * candidate.weights[i]!;
      }
      if (sum > 0) exact.insert(other, sum);
    }
    for (let i = own.start; i < own.end; i++) dense[own.ids[i]!] = 0;
    for (let rank = 0; rank < Math.min(neighbours, exact.count); rank++) {
      const other = exact.others[rank]!;
      chosen[d * neighbours + rank] = other;
      // An earlier document that chose this one already holds the edge (dot is symmetric).
      if (other < d && hasNeighbour(chosen, other, neighbours, d)) continue;
      this.from.push(Math.min(d, other));
      this.to.push(Math.max(d, other));
      this.similarity.push(exact.scores[rank]!);
    }
  }
}

/** For each document, the neighbours with the highest dot product (ties: lower index). */
export function neighbourGraph(
  vectors: readonly SparseVector[],
  options: NeighbourGraphOptions = DEFAULT_GRAPH_OPTIONS,
): NeighbourEdges {
  const search = new NeighbourSearch(vectors, buildPostings(vectors, options.indexTerms), options);
  for (let d = 0; d < vectors.length; d++) search.add(d);
  return {
    from: Int32Array.from(search.from),
    to: Int32Array.from(search.to),
    similarity: Float64Array.from(search.similarity),
  };
}
