// The pair table behaves like a Map keyed by the pair.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PairTable } from "./pair-table.js";

describe("PairTable", () => {
  it("stores and overwrites values like a Map, through growth", () => {
    const operations = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), fc.nat()),
      { maxLength: 2000 },
    );
    fc.assert(
      fc.property(operations, (list) => {
        const table = new PairTable(4);
        const reference = new Map<string, number>();
        for (const [a, b, value] of list) {
          table.set(a, b, value);
          reference.set(`${a},${b}`, value);
        }
        for (const [a, b] of list) expect(table.get(a, b)).toBe(reference.get(`${a},${b}`));
        expect(table.get(201, 0)).toBe(-1);
      }),
      { numRuns: 30 },
    );
  });
});
