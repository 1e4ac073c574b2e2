// The BM25 loop against the formula, computed by hand on a tiny collection.
import { describe, expect, it } from "vitest";
import {
  BM25_B,
  BM25_K1,
  createAccumulator,
  postingsBuilder,
  scoreRange,
} from "./bm25-postings.js";
import { topScored } from "./top-scored.js";

// Rows 1-4; term 0 in rows 1 (twice) and 3, term 1 in rows 2 and 3.
const rows = [
  new Map([[0, 2]]),
  new Map([[1, 1]]),
  new Map([
    [0, 1],
    [1, 1],
  ]),
  new Map([[2, 1]]),
];
const lengths = [4, 2, 2, 4];
const builder = postingsBuilder();
rows.forEach((terms, i) => builder.add(terms, lengths[i] as number));
const postings = builder.finish(3);
const groups = { groupOfRow: new Uint16Array([0, 1, 1, 2, 2]), group: 0 };

function bm25(tf: number, length: number, df: number, n: number): number {
  const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
  const average = 3;
  return (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * length) / average));
}

describe("scoreRange", () => {
  it("scores each row as the sum of BM25 over the query terms", () => {
    const accumulator = createAccumulator(4);
    scoreRange(postings, [0, 1], 1, 4, groups, accumulator);
    expect(accumulator.touchedCount).toBe(3);
    expect(accumulator.scores[1]).toBeCloseTo(bm25(2, 4, 2, 4), 5);
    expect(accumulator.scores[2]).toBeCloseTo(bm25(1, 2, 2, 4), 5);
    expect(accumulator.scores[3]).toBeCloseTo(bm25(1, 2, 2, 4) + bm25(1, 2, 2, 4), 5);
  });

  it("weighs terms over the range searched, and skips rows of other groups", () => {
    const accumulator = createAccumulator(4);
    scoreRange(postings, [0], 2, 4, groups, accumulator);
    expect(accumulator.touchedCount).toBe(1);
    expect(accumulator.scores[3]).toBeCloseTo(bm25(1, 2, 1, 3), 5);
    scoreRange(postings, [0, 1], 1, 4, { ...groups, group: 1 }, accumulator);
    expect([...accumulator.touched.slice(0, accumulator.touchedCount)].sort()).toEqual([1, 2]);
  });
});

describe("topScored", () => {
  it("keeps the k best after rescoring, ties to the later row", () => {
    const accumulator = createAccumulator(4);
    scoreRange(postings, [0, 1], 1, 4, groups, accumulator);
    // The bound (bm25 × 100) is above every rescored value, as topScored requires.
    const bound = new Float32Array(5).fill(100);
    const best = topScored(accumulator, 2, bound, 1, (row) => (row === 3 ? 1 : 2));
    expect(best).toEqual([
      { row: 2, score: 2 },
      { row: 1, score: 2 },
    ]);
  });
});
