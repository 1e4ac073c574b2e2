// The cross-validation's scorer: F1 per set and the F1's bootstrap interval for the folds' lines.
import { describe, expect, it } from "vitest";
import { CLUSTER_PARAMETERS } from "./cluster-parameters.js";
import { FICTIONAL_CASES } from "./fictional-events.js";
import { ParameterScorer } from "./parameter-search.js";

describe("ParameterScorer", () => {
  const scorer = new ParameterScorer(FICTIONAL_CASES);

  it("gives a perfectly grouped set the interval [1, 1]", () => {
    expect(scorer.f1(CLUSTER_PARAMETERS, 0)).toBe(1);
    expect(scorer.interval(CLUSTER_PARAMETERS, 0)).toMatchObject({ low: 1, high: 1 });
  });

  it("gives an interval around the F1 when the grouping is wrong", () => {
    // A threshold no pair reaches: every document alone, so recall (and F1) falls.
    const apart = { ...CLUSTER_PARAMETERS, threshold: 2 };
    const f1 = scorer.f1(apart, 0);
    const interval = scorer.interval(apart, 0)!;
    expect(f1).toBeLessThan(1);
    expect(interval.low).toBeLessThanOrEqual(f1);
    expect(interval.high).toBeGreaterThanOrEqual(f1);
  });
});
