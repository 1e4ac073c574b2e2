// The candidate graph: finds the true nearest neighbours in small inputs and stays bounded
// (and connected) in a dense block of identical terms.
import { describe, expect, it } from "vitest";
import { DEFAULT_GRAPH_OPTIONS, neighbourGraph } from "./neighbour-graph.js";
import { dot, ownVector, type SparseVector } from "./sparse-vector.js";

function unit(entries: ReadonlyArray<readonly [number, number]>): SparseVector {
  const sorted = [...entries].sort((a, b) => a[0] - b[0]);
  const norm = Math.hypot(...sorted.map(([, w]) => w));
  return ownVector(
    Int32Array.from(sorted, ([id]) => id),
    Float64Array.from(sorted, ([, w]) => w / norm),
  );
}

describe("neighbourGraph", () => {
  it("links each document to its most similar ones, each edge once with its dot product", () => {
    // Three topics of four documents; term t*10+k belongs to topic t.
    const vectors = Array.from({ length: 12 }, (_, d) => {
      const topic = Math.floor(d / 4);
      return unit([
        [topic * 10, 3],
        [topic * 10 + 1 + (d % 4), 1],
        [100 + d, 0.5],
      ]);
    });
    const edges = neighbourGraph(vectors, { ...DEFAULT_GRAPH_OPTIONS, neighbours: 3 });
    const keys = new Set<string>();
    for (let e = 0; e < edges.from.length; e++) {
      const [a, b] = [edges.from[e]!, edges.to[e]!];
      expect(a).toBeLessThan(b);
      expect(Math.floor(a / 4)).toBe(Math.floor(b / 4));
      expect(edges.similarity[e]).toBeCloseTo(dot(vectors[a]!, vectors[b]!), 12);
      keys.add(`${a}-${b}`);
    }
    expect(keys.size).toBe(edges.from.length);
    expect(keys.size).toBe(3 * 6);
  });

  it("bounds the edges of a dense block and keeps it connected", () => {
    const vectors = Array.from({ length: 3000 }, (_, d) =>
      unit([
        [1, 1],
        [2, 1],
        [1000 + d, 0.1],
      ]),
    );
    const edges = neighbourGraph(vectors);
    expect(edges.from.length).toBeLessThanOrEqual(3000 * DEFAULT_GRAPH_OPTIONS.neighbours);
    const parent = Array.from({ length: 3000 }, (_, i) => i);
    const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
    for (let e = 0; e < edges.from.length; e++) parent[find(edges.from[e]!)] = find(edges.to[e]!);
    expect(new Set(parent.map((_, i) => find(i))).size).toBe(1);
  });
});
