// Leave-one-out choice: each held-out set gets the candidate best on the others, never on itself.
import { describe, expect, it } from "vitest";
import { leaveOneOutChoices } from "./ranking-cv.js";

describe("leaveOneOutChoices", () => {
  it("chooses on the other sets only, ties to the first candidate", () => {
    // Candidate 1 wins sets 0 and 1, candidate 0 wins set 2 by far.
    const scores = [
      [0.5, 0.5, 0.9],
      [0.8, 0.8, 0.1],
    ];
    // Held out 0: others 1 and 2 → means 0.7 vs 0.45 → candidate 0.
    // Held out 1: others 0 and 2 → 0.7 vs 0.45 → candidate 0.
    // Held out 2: others 0 and 1 → 0.5 vs 0.8 → candidate 1.
    expect(leaveOneOutChoices(scores)).toEqual([0, 0, 1]);
    expect(
      leaveOneOutChoices([
        [0.5, 0.5],
        [0.5, 0.5],
      ]),
    ).toEqual([0, 0]);
  });
});
