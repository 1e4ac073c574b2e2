// The finite-verb test reads ASCII sentences by hand and others through its pattern: both
// must find the same words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasFiniteVerb } from "./finite-verbs.js";

describe("hasFiniteVerb", () => {
  it("finds a verb in statements and none in labels", () => {
    expect(hasFiniteVerb("Four people died.")).toBe(true);
    expect(hasFiniteVerb("The bridge is closed.")).toBe(true);
    expect(hasFiniteVerb("2 of the 5 with life-threatening injuries")).toBe(false);
    expect(hasFiniteVerb("Author: Jane Roe")).toBe(false);
    expect(hasFiniteVerb("LAS VEGAS BLVD.")).toBe(false);
  });

  it("reads an ASCII sentence as its pattern reads the same words", () => {
    const word = fc.constantFrom(
      "the",
      "The",
      "injuries",
      "with",
      "life-threatening",
      "remain",
      "Remain",
      "said",
      "walked",
      "Walked",
      "boss",
      "rises",
      "of",
      "2",
      "photos",
      "Live",
      "Updates",
      "-",
      ",",
      ":",
    );
    const sentence = fc
      .array(fc.tuple(word, fc.constantFrom(" ", "  ", "-", ", ", "")), { maxLength: 16 })
      .map((parts) => parts.map(([text, gap]) => text + gap).join(""));
    fc.assert(
      fc.property(sentence, (text) => {
        // A no-break space is not ASCII and no letter: the same words, read by the pattern.
        expect(hasFiniteVerb(text)).toBe(hasFiniteVerb(`${text}\u00a0`));
      }),
      { numRuns: 3000 },
    );
  });
});
