// What is central to a cluster: the plain share of its reports using a sentence's words, and
// the share of the other reports only, which a roundup's aside about another event cannot
// earn with its own words.
import { describe, expect, it } from "vitest";
import { buildCentroid, centrality, centralityBeyond } from "./centroid.js";

// Three reports: words 1 and 2 in all of them, word 9 in the first alone.
const centroid = buildCentroid([new Set([1, 2, 9]), new Set([1, 2]), new Set([1, 2, 3])]);

describe("centralityBeyond", () => {
  it("counts only the reports that do not state the sentence", () => {
    // A sentence of the first report made of shared words is as central as before…
    expect(centralityBeyond(new Set([1, 2]), centroid, 3, 1)).toBeCloseTo(1);
    // …one made of that report's own words scores nothing, where the plain measure gives it 1/3.
    expect(centrality(new Set([9]), centroid)).toBeCloseTo(1 / 3);
    expect(centralityBeyond(new Set([9]), centroid, 3, 1)).toBe(0);
    expect(centralityBeyond(new Set([1, 9]), centroid, 3, 1)).toBeCloseTo(0.5);
  });

  it("is the plain centrality when no other report is left", () => {
    expect(centralityBeyond(new Set([9]), centroid, 3, 3)).toBeCloseTo(1 / 3);
    const one = buildCentroid([new Set([4, 5])]);
    expect(centralityBeyond(new Set([4, 6]), one, 1, 1)).toBeCloseTo(0.5);
    expect(centralityBeyond(new Set(), centroid, 3, 1)).toBe(0);
  });
});
