// B-cubed scores on hand-checked cases.
import { describe, expect, it } from "vitest";
import { bcubed } from "./bcubed.js";

const labels = new Map([
  ["a1", "A"],
  ["a2", "A"],
  ["a3", "A"],
  ["b1", "B"],
  ["b2", "B"],
]);

describe("bcubed", () => {
  it("scores the true grouping 1", () => {
    expect(
      bcubed(
        [
          ["a1", "a2", "a3"],
          ["b1", "b2"],
        ],
        labels,
      ),
    ).toEqual({ precision: 1, recall: 1, f1: 1 });
  });

  it("scores one big group with full recall and the share of same-label pairs as precision", () => {
    const result = bcubed([["a1", "a2", "a3", "b1", "b2"]], labels);
    expect(result.recall).toBe(1);
    expect(result.precision).toBeCloseTo((3 * (3 / 5) + 2 * (2 / 5)) / 5, 12);
  });

  it("scores singletons with full precision and recall 1/size of each event", () => {
    const result = bcubed([["a1"], ["a2"], ["a3"], ["b1"], ["b2"]], labels);
    expect(result.precision).toBe(1);
    expect(result.recall).toBeCloseTo((3 * (1 / 3) + 2 * (1 / 2)) / 5, 12);
  });

  it("ignores unlabelled ids and counts labelled ids missing from every group against recall", () => {
    expect(
      bcubed(
        [
          ["a1", "a2", "a3", "x"],
          ["b1", "b2"],
        ],
        labels,
      ).f1,
    ).toBe(1);
    expect(
      bcubed(
        [
          ["a1", "a2"],
          ["b1", "b2"],
        ],
        labels,
      ).recall,
    ).toBeCloseTo((2 * (2 / 3) + 2) / 4, 12);
  });

  it("scores an empty evaluation 1", () => {
    expect(bcubed([], new Map()).f1).toBe(1);
  });
});
