// The state of the clusters during agglomeration: union-find parents, and for each root its
// size, summed vector, mean publication hour and publisher counts, from which the merge score
// of two clusters is computed exactly, without visiting their document pairs.
import { addScaled, dot, EMPTY_VECTOR, keepLargest, type SparseVector } from "./sparse-vector.js";

export interface LinkageUnit {
  /** Unit-length text vector. */
  vector: SparseVector;
  /** Documents the unit stands for (identical duplicates are one unit). */
  size: number;
  /** Mean publication time, in hours. */
  hour: number;
  /** Publisher id of each of its documents. */
  publishers: readonly number[];
}

export interface ScoreOptions {
  /** Time factor exp(-Δhours / timeScaleHours) between mean publication times. */
  timeScaleHours: number;
  /** A same-publisher cross pair counts (1 - penalty) of a pair from different publishers. */
  samePublisherPenalty: number;
  /**
   * Two clusters that each have two or more publishers lose this share of their score times
   * the share of the smaller one's publishers that the other one also has.
   */
  publisherOverlapPenalty: number;
  /** A cluster's summed vector keeps this many strongest terms (bounds cost per merge). */
  sumTerms: number;
}

/** Publisher counts as a flat list [id, count, id, count, ...] sorted by id. */
type PublisherCounts = number[];

function countPublishers(publishers: readonly number[]): PublisherCounts {
  const counts = new Map<number, number>();
  for (const publisher of publishers) counts.set(publisher, (counts.get(publisher) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]).flat();
}

function mergePublishers(a: PublisherCounts, b: PublisherCounts): PublisherCounts {
  const merged: PublisherCounts = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) merged.push(a[i++]!, a[i++]!);
    else if (i >= a.length || b[j]! < a[i]!) merged.push(b[j++]!, b[j++]!);
    else {
      merged.push(a[i]!, a[i + 1]! + b[j + 1]!);
      i += 2;
      j += 2;
    }
  }
  return merged;
}

/** Cross pairs (x in A, y in B) with the same publisher, and publishers A and B share. */
function publishersInCommon(
  a: PublisherCounts,
  b: PublisherCounts,
): [pairs: number, shared: number] {
  let pairs = 0;
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pairs += a[i + 1]! * b[j + 1]!;
      shared++;
      i += 2;
      j += 2;
    } else if (a[i]! < b[j]!) i += 2;
    else j += 2;
  }
  return [pairs, shared];
}

export class LinkageClusters {
  readonly parent: Int32Array;
  readonly version: Int32Array;
  private readonly size: Float64Array;
  private readonly hour: Float64Array;
  private readonly sum: SparseVector[];
  /** 1 when the root's sum owns its arrays (a unit's own vector is a view of shared ones). */
  private readonly ownsSum: Uint8Array;
  private readonly publishers: PublisherCounts[];

  constructor(
    units: readonly LinkageUnit[],
    private readonly options: ScoreOptions,
  ) {
    this.parent = Int32Array.from(units.keys());
    this.version = new Int32Array(units.length);
    this.size = Float64Array.from(units, (unit) => unit.size);
    this.hour = Float64Array.from(units, (unit) => unit.hour);
    // A unit of k identical documents starts as k times its vector.
    this.sum = units.map((unit) =>
      unit.size === 1 ? unit.vector : addScaled(unit.vector, unit.size, EMPTY_VECTOR, 0),
    );
    this.ownsSum = Uint8Array.from(units, (unit) => (unit.size === 1 ? 0 : 1));
    this.publishers = units.map((unit) => countPublishers(unit.publishers));
  }

  /** The root of `unit`'s cluster (with path compression). */
  find(unit: number): number {
    let root = unit;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[unit] !== root) {
      const next = this.parent[unit]!;
      this.parent[unit] = root;
      unit = next;
    }
    return root;
  }

  /** Documents in the cluster of root `root`. */
  sizeOf(root: number): number {
    return this.size[root]!;
  }

  /**
   * Merge score of roots a and b: average cosine over their cross pairs × time factor ×
   * publisher factor. `unitSimilarity` short-cuts the cosine for two untouched units.
   */
  score(a: number, b: number, unitSimilarity?: number): number {
    const pairs = this.size[a]! * this.size[b]!;
    const text = unitSimilarity ?? dot(this.sum[a]!, this.sum[b]!) / pairs;
    if (text <= 0) return 0;
    const time = Math.exp(-Math.abs(this.hour[a]! - this.hour[b]!) / this.options.timeScaleHours);
    const publishersA = this.publishers[a]!;
    const publishersB = this.publishers[b]!;
    const [samePairs, shared] = publishersInCommon(publishersA, publishersB);
    // Distinct publishers: the lists hold an (id, count) pair per publisher.
    const fewer = Math.min(publishersA.length, publishersB.length) / 2;
    const overlap = fewer >= 2 ? shared / fewer : 0;
    return (
      text *
      time *
      (1 - (this.options.samePublisherPenalty * samePairs) / pairs) *
      (1 - this.options.publisherOverlapPenalty * overlap)
    );
  }

  /** Merges roots a and b; the larger (then the lower index) stays the root. */
  merge(a: number, b: number): void {
    const [root, other] =
      this.size[a]! > this.size[b]! || (this.size[a] === this.size[b] && a < b) ? [a, b] : [b, a];
    this.parent[other] = root;
    const reuse = this.ownsSum[root] === 1 ? this.sum[root] : undefined;
    let sum = addScaled(this.sum[root]!, 1, this.sum[other]!, 1, reuse);
    // Truncating only past twice the limit keeps the sorting cost per merge amortised.
    if (sum.end > 2 * this.options.sumTerms) sum = keepLargest(sum, this.options.sumTerms);
    this.sum[root] = sum;
    this.ownsSum[root] = 1;
    this.sum[other] = EMPTY_VECTOR;
    const total = this.size[root]! + this.size[other]!;
    this.hour[root] =
      (this.hour[root]! * this.size[root]! + this.hour[other]! * this.size[other]!) / total;
    this.size[root] = total;
    this.publishers[root] = mergePublishers(this.publishers[root]!, this.publishers[other]!);
    this.publishers[other] = [];
    this.version[root]!++;
  }
}
