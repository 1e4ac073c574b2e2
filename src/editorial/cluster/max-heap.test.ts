// The merge queue pops keys in descending order, equal keys by ascending payload.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MaxHeap } from "./max-heap.js";

describe("MaxHeap", () => {
  it("pops every entry in (key desc, payload asc) order", () => {
    const keys = fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 3000 });
    fc.assert(
      fc.property(keys, (list) => {
        const heap = new MaxHeap();
        list.forEach((key, payload) => heap.push(key, payload));
        const expected = list
          .map((key, payload) => [key, payload] as const)
          .sort((x, y) => y[0] - x[0] || x[1] - y[1])
          .map(([, payload]) => payload);
        const popped: number[] = [];
        while (heap.size > 0) popped.push(heap.pop());
        expect(popped).toEqual(expected);
        expect(heap.pop()).toBe(-1);
        expect(heap.peekKey()).toBe(Number.NEGATIVE_INFINITY);
      }),
      { numRuns: 30 },
    );
  });
});
