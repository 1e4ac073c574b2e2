// What is central to a cluster: the plain share of its reports using a sentence's words, and
// the share of the other reports only, which a roundup's aside about another event cannot
// earn with its own words.
import { describe, expect, it } from "vitest";
import { buildCentroid, centrality, centralityBeyond, ReportWords } from "./centroid.js";

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

describe("ReportWords.supportBeyond", () => {
  // Report 0 states the sentences; report 1 shares words 1 and 2; report 2 is about else.
  const reports = new ReportWords([
    Int32Array.from([1, 2, 3, 9]),
    Int32Array.from([1, 2, 5]),
    Int32Array.from([7, 8]),
  ]);
  const supportBeyond = (words: Set<number>, own: number[], index: ReportWords) =>
    index.supportBeyond(words, own);

  it("is the largest share of the sentence's words one other report uses", () => {
    expect(supportBeyond(new Set([1, 2, 3]), [0], reports)).toBeCloseTo(2 / 3);
    // Report 2 shares nothing, but one report is enough: the mean would halve it.
    expect(supportBeyond(new Set([1, 2]), [0], reports)).toBe(1);
    expect(supportBeyond(new Set([9]), [0], reports)).toBe(0);
  });

  it("counts neither the reports stating it nor words no report uses (numbers)", () => {
    expect(supportBeyond(new Set([1, 9]), [0, 1], reports)).toBe(0);
    // 42 is not among report 0's words: it is not counted.
    expect(supportBeyond(new Set([1, 42]), [0], reports)).toBe(1);
    expect(supportBeyond(new Set([42]), [0], reports)).toBe(0);
  });

  it("is 1 when every report states it", () => {
    expect(supportBeyond(new Set([9]), [0, 1, 2], reports)).toBe(1);
  });

  it("gives the same answer asked again and in any order (its counters are reset)", () => {
    const asked = [new Set([1, 2, 3]), new Set([9]), new Set([1, 2])];
    const first = asked.map((words) => supportBeyond(words, [0], reports));
    const again = [...asked].reverse().map((words) => supportBeyond(words, [0], reports));
    expect(again.reverse()).toEqual(first);
    expect(supportBeyond(new Set([7, 8]), [2], reports)).toBe(0);
    expect(supportBeyond(new Set([5, 1]), [1], reports)).toBeCloseTo(0.5);
  });

  it("stays right after another cluster's index was built (shared local numbering)", () => {
    const before = supportBeyond(new Set([1, 2, 3]), [0], reports);
    const other = new ReportWords([Int32Array.from([3, 1000]), Int32Array.from([1000, 2000])]);
    expect(other.supportBeyond(new Set([3, 1000]), [0])).toBeCloseTo(0.5);
    expect(supportBeyond(new Set([1, 2, 3]), [0], reports)).toBe(before);
    expect(other.supportBeyond(new Set([1000]), [0])).toBe(1);
  });
});
