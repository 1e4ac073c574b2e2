// The eval's score line: B-cubed P / R / F1, and the F1's bootstrap interval when one is known.
import { describe, expect, it } from "vitest";
import { restatedLines, scoreLine } from "./report-lines.js";

describe("scoreLine", () => {
  it("prints the F1's interval after the scores", () => {
    const line = scoreLine("ours", {
      precision: 1,
      recall: 0.9,
      f1: 0.947,
      interval: { low: 0.873, high: 0.989, level: 0.95 },
    });
    expect(line).toMatch(/P 1\.000 {2}R 0\.900 {2}F1 0\.947 {2}\[0\.873, 0\.989\]$/);
  });

  it("prints the scores alone without an interval", () => {
    expect(scoreLine("demo/sport", { precision: 1, recall: 1, f1: 1 })).toMatch(/F1 1\.000$/);
  });
});

describe("restatedLines", () => {
  it("prints the restated share with the facts no pair verdict settles", () => {
    expect(restatedLines({ restated: 3, judged: 40, unjudged: 2 })).toEqual([
      "  restated key facts (a story's second on, blind pair verdicts): 3 / 40 (7.5%), 2 not judged",
    ]);
  });

  it("says so when no pair of the set is judged", () => {
    expect(restatedLines({ restated: 0, judged: 0, unjudged: 9 })[0]).toMatch(/no pair verdicts/);
  });
});
