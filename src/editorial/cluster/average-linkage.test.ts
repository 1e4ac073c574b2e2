// Average linkage over the candidate graph: exact averages, the threshold, and the publisher
// and time factors deciding between two events that read alike.
import { describe, expect, it } from "vitest";
import { averageLinkage, type LinkageOptions, type LinkageUnit } from "./average-linkage.js";
import { neighbourGraph } from "./neighbour-graph.js";
import { ownVector } from "./sparse-vector.js";

const OPTIONS: LinkageOptions = {
  threshold: 0.3,
  timeScaleHours: 24,
  samePublisherPenalty: 0.5,
  publisherOverlapPenalty: 0.5,
  sumTerms: 256,
  attachThreshold: 0,
};

// Unit vectors mixing a shared direction (weight `shared`) with a private one per document.
function units(count: number, shared: number, publishers: (d: number) => number, hour = () => 0) {
  return Array.from({ length: count }, (_, d): LinkageUnit => {
    const own = Math.sqrt(1 - shared * shared);
    return {
      vector: ownVector(Int32Array.from([0, 1 + d]), Float64Array.from([shared, own])),
      size: 1,
      hour: hour(),
      publishers: [publishers(d)],
    };
  });
}

function groupsOf(roots: Int32Array): number[][] {
  const groups = new Map<number, number[]>();
  roots.forEach((root, unit) => groups.set(root, [...(groups.get(root) ?? []), unit]));
  return [...groups.values()];
}

describe("averageLinkage", () => {
  it("merges documents whose average similarity reaches the threshold, and no others", () => {
    const close = units(4, Math.sqrt(0.5), (d) => d);
    expect(
      groupsOf(averageLinkage(close, neighbourGraph(close.map((u) => u.vector)), OPTIONS)),
    ).toEqual([[0, 1, 2, 3]]);
    const far = units(4, Math.sqrt(0.2), (d) => d);
    expect(
      groupsOf(averageLinkage(far, neighbourGraph(far.map((u) => u.vector)), OPTIONS)),
    ).toHaveLength(4);
  });

  it("keeps apart two alike stories that the same outlets each covered once", () => {
    // Documents 0-3 and 4-7: one report per outlet (1..4) in each story. Text alone would
    // merge all eight (cosine 0.5 everywhere).
    const stories = units(
      8,
      Math.sqrt(0.5),
      (d) => d % 4,
      () => 0,
    );
    const textOnly = { ...OPTIONS, samePublisherPenalty: 0, publisherOverlapPenalty: 0 };
    const edges = neighbourGraph(stories.map((u) => u.vector));
    expect(groupsOf(averageLinkage(stories, edges, textOnly))).toHaveLength(1);
    const apart = groupsOf(averageLinkage(stories, edges, OPTIONS));
    expect(apart.map((group) => group.map((d) => d % 4).sort())).toEqual([
      [0, 1, 2, 3],
      [0, 1, 2, 3],
    ]);
  });

  it("lowers the score of documents far apart in time", () => {
    const spread = units(2, Math.sqrt(0.4), (d) => d);
    spread[1]!.hour = 24;
    const edges = neighbourGraph(spread.map((u) => u.vector));
    expect(groupsOf(averageLinkage(spread, edges, OPTIONS))).toHaveLength(2);
    spread[1]!.hour = 1;
    expect(groupsOf(averageLinkage(spread, edges, OPTIONS))).toHaveLength(1);
  });

  it("attaches a lone document to its best cluster at the attach bar, never to another lone one", () => {
    const vector = (entries: Array<[number, number]>) =>
      ownVector(
        Int32Array.from(entries, ([id]) => id),
        Float64Array.from(entries, ([, weight]) => weight),
      );
    const half = Math.sqrt(0.5);
    const lone = (ids: [number, number], weights: [number, number]): LinkageUnit => ({
      vector: vector([
        [ids[0], weights[0]],
        [ids[1], weights[1]],
      ]),
      size: 1,
      hour: 0,
      publishers: [10 + ids[1]],
    });
    const documents = [
      lone([0, 1], [half, half]),
      lone([0, 2], [half, half]),
      lone([0, 3], [half, half]),
      // Cosine 0.4 × 0.71 = 0.28 with each of 0-2: under the threshold, over the bar.
      lone([0, 4], [0.4, Math.sqrt(0.84)]),
      // 5 and 6 share a term at cosine 0.28 too, but neither has a cluster to join.
      lone([5, 100], [Math.sqrt(0.72), Math.sqrt(0.28)]),
      lone([6, 100], [Math.sqrt(0.72), Math.sqrt(0.28)]),
    ];
    const edges = neighbourGraph(documents.map((u) => u.vector));
    expect(groupsOf(averageLinkage(documents, edges, OPTIONS))).toEqual([[0, 1, 2], [3], [4], [5]]);
    const attaching = { ...OPTIONS, attachThreshold: 0.2 };
    expect(groupsOf(averageLinkage(documents, edges, attaching))).toEqual([[0, 1, 2, 3], [4], [5]]);
  });
});
