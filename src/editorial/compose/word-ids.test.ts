// Word sets as arrays of distinct term ids must answer as Sets of the same ids would.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countIn, distinctWords, sharedWords, wordJaccard } from "./word-ids.js";

const ids = fc.array(fc.integer({ min: 0, max: 60_000 }), { maxLength: 40 });

describe("word ids", () => {
  it("keeps each id once, in order of first use, without the ones refused", () => {
    const terms = Int32Array.from([7, 3, 7, 9, 3, 100_000, 2]);
    expect([...distinctWords(terms, 0, terms.length, (id) => id !== 9)]).toEqual([
      7, 3, 100_000, 2,
    ]);
    expect([...distinctWords(terms, 2, 5, () => true)]).toEqual([7, 9, 3]);
  });

  it("counts shared ids and Jaccard similarity as Sets do", () => {
    fc.assert(
      fc.property(ids, ids, (left, right) => {
        const a = distinctWords(Int32Array.from(left), 0, left.length, () => true);
        const b = distinctWords(Int32Array.from(right), 0, right.length, () => true);
        const [setA, setB] = [new Set(left), new Set(right)];
        const shared = [...setA].filter((id) => setB.has(id)).length;
        expect([...a]).toEqual([...setA]);
        expect(sharedWords(a, b)).toBe(shared);
        expect(sharedWords(b, a)).toBe(shared);
        const union = setA.size + setB.size - shared;
        expect(wordJaccard(a, b)).toBe(union === 0 ? 1 : shared / union);
        expect(countIn(left, b)).toBe(left.filter((id) => setB.has(id)).length);
      }),
      { numRuns: 500 },
    );
  });
});
