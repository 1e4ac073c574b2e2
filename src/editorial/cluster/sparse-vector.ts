// Sparse vectors over interned term ids: a range of sorted ids with parallel weights, usually
// inside buffers shared by many vectors (one allocation for 100,000 documents, laid out in
// publication order), so a vector is a small plain object and neighbours sit close in memory.
import { floatArena, intArena } from "../../text/typed-arena.js";

export interface SparseVector {
  /** Term ids; those in [start, end) belong to this vector, strictly ascending. */
  readonly ids: Int32Array;
  /** Weights, parallel to `ids`. */
  readonly weights: Float64Array;
  readonly start: number;
  readonly end: number;
}

/** A vector owning its arrays. */
export function ownVector(ids: Int32Array, weights: Float64Array): SparseVector {
  return { ids, weights, start: 0, end: ids.length };
}

export const EMPTY_VECTOR: SparseVector = ownVector(new Int32Array(0), new Float64Array(0));

/** Number of terms. */
export function termCount(a: SparseVector): number {
  return a.end - a.start;
}

/** The dot product, by walking both sorted id ranges once. */
export function dot(a: SparseVector, b: SparseVector): number {
  const aIds = a.ids;
  const bIds = b.ids;
  let i = a.start;
  let j = b.start;
  let sum = 0;
  while (i < a.end && j < b.end) {
    const x = aIds[i]!;
    const y = bIds[j]!;
    if (x === y) sum += a.weights[i++]! * b.weights[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return sum;
}

let mergeIds = new Int32Array(1024);
let mergeWeights = new Float64Array(1024);

/**
 * `scaleA × a + scaleB × b`, as a vector owning its arrays: those of `reuse` when it owns
 * arrays long enough (the caller gives up `reuse`; a and b may be it), else new ones with
 * room to grow, so that a cluster's sum is not reallocated at every merge.
 */
export function addScaled(
  a: SparseVector,
  scaleA: number,
  b: SparseVector,
  scaleB: number,
  reuse?: SparseVector,
): SparseVector {
  const capacity = termCount(a) + termCount(b);
  if (mergeIds.length < capacity) {
    mergeIds = new Int32Array(2 * capacity);
    mergeWeights = new Float64Array(2 * capacity);
  }
  let i = a.start;
  let j = b.start;
  let n = 0;
  while (i < a.end || j < b.end) {
    const x = i < a.end ? a.ids[i]! : 0x7fffffff;
    const y = j < b.end ? b.ids[j]! : 0x7fffffff;
    if (x === y) {
      mergeIds[n] = x;
      mergeWeights[n++] = scaleA * a.weights[i++]! + scaleB * b.weights[j++]!;
    } else if (x < y) {
      mergeIds[n] = x;
      mergeWeights[n++] = scaleA * a.weights[i++]!;
    } else {
      mergeIds[n] = y;
      mergeWeights[n++] = scaleB * b.weights[j++]!;
    }
  }
  if (reuse === undefined) return ownVector(mergeIds.slice(0, n), mergeWeights.slice(0, n));
  const fits = reuse.start === 0 && reuse.ids.length >= n;
  const ids = fits ? reuse.ids : new Int32Array(Math.max(2 * n, 64));
  const weights = fits ? reuse.weights : new Float64Array(ids.length);
  ids.set(mergeIds.subarray(0, n));
  weights.set(mergeWeights.subarray(0, n));
  return { ids, weights, start: 0, end: n };
}

// The k-th largest of values[0..length) by quickselect on a scratch copy: linear time, where
// a sort per document would dominate building vectors and the neighbour graph.
function kthLargest(
  values: Float64Array,
  start: number,
  length: number,
  k: number,
  scratch: Float64Array,
): number {
  for (let i = 0; i < length; i++) scratch[i] = values[start + i]!;
  let low = 0;
  let high = length - 1;
  const target = k - 1;
  while (low < high) {
    const pivot = scratch[(low + high) >> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (scratch[i]! > pivot) i++;
      while (scratch[j]! < pivot) j--;
      if (i <= j) {
        const swap = scratch[i]!;
        scratch[i++] = scratch[j]!;
        scratch[j--] = swap;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  return scratch[target]!;
}

let selectScratch = new Float64Array(1024);

/**
 * Positions (counted from `start`) of the `limit` largest of values[start..end), ascending;
 * among equal values at the cut the earliest positions win, so the choice never depends on
 * the order of a sort.
 */
export function largestPositions(
  values: Float64Array,
  limit: number,
  start = 0,
  end = values.length,
): Int32Array {
  const length = end - start;
  if (length <= limit) {
    const all = intArena.take(length);
    for (let p = 0; p < length; p++) all[p] = p;
    return all;
  }
  if (selectScratch.length < length) selectScratch = new Float64Array(2 * length);
  const cutoff = kthLargest(values, start, length, limit, selectScratch);
  let above = 0;
  for (let p = 0; p < length; p++) if (values[start + p]! > cutoff) above++;
  let tiesLeft = limit - above;
  const kept = intArena.take(limit);
  let n = 0;
  for (let p = 0; p < length; p++) {
    const value = values[start + p]!;
    if (value > cutoff || (value === cutoff && tiesLeft-- > 0)) kept[n++] = p;
  }
  return kept;
}

/** The `limit` largest weights of `a`, still sorted by id (a itself when it is small enough). */
export function keepLargest(a: SparseVector, limit: number): SparseVector {
  const count = termCount(a);
  if (count <= limit) return a;
  const kept = largestPositions(a.weights, limit, a.start, a.end);
  const ids = intArena.take(limit);
  const weights = floatArena.take(limit);
  for (let i = 0; i < limit; i++) {
    const p = kept[i]!;
    ids[i] = a.ids[a.start + p]!;
    weights[i] = a.weights[a.start + p]!;
  }
  return ownVector(ids, weights);
}
