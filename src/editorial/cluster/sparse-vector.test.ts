// Sparse vector arithmetic and the linear-time top-k selection, against plain reference code.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addScaled, dot, keepLargest, largestPositions, ownVector } from "./sparse-vector.js";

const vector = (entries: Record<number, number>) => {
  const ids = Object.keys(entries)
    .map(Number)
    .sort((a, b) => a - b);
  return ownVector(
    Int32Array.from(ids),
    Float64Array.from(ids, (id) => entries[id]!),
  );
};

describe("sparse vectors", () => {
  it("computes dot products and scaled sums over sorted ids", () => {
    const a = vector({ 1: 2, 4: 1, 9: 3 });
    const b = vector({ 4: 5, 9: 1, 12: 7 });
    expect(dot(a, b)).toBe(8);
    const sum = addScaled(a, 2, b, 1);
    expect([...sum.ids]).toEqual([1, 4, 9, 12]);
    expect([...sum.weights]).toEqual([4, 7, 7, 7]);
  });

  it("reads a vector that is a range of shared buffers", () => {
    const ids = Int32Array.from([3, 5, 1, 2, 7]);
    const weights = Float64Array.from([1, 1, 2, 3, 4]);
    const shared = { ids, weights, start: 2, end: 5 };
    expect(dot(shared, vector({ 2: 1, 7: 1 }))).toBe(7);
    expect([...keepLargest(shared, 2).ids]).toEqual([2, 7]);
  });

  it("picks the k largest values, earliest first among ties, like a stable sort", () => {
    const values = fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 });
    fc.assert(
      fc.property(values, fc.integer({ min: 1, max: 40 }), (raw, limit) => {
        const floats = Float64Array.from(raw);
        const expected = Array.from(floats.keys())
          .sort((x, y) => floats[y]! - floats[x]! || x - y)
          .slice(0, limit)
          .sort((x, y) => x - y);
        expect([...largestPositions(floats, limit)]).toEqual(expected);
      }),
    );
  });
});
