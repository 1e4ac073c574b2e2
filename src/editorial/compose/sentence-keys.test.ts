// The one-pass sentence key must agree with the patterns that define it (exactKey, numbersOf).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactKey, numbersOf, sentenceKey } from "./sentence-keys.js";

describe("sentenceKey", () => {
  it("gives exactKey, its word count and the sorted numbers of any sentence", () => {
    const alphabet = [..."aZq09 .,:;!?'\"-_()$%1234567890é²Ⅻ\u00a0", "2,300", "3.5", "1,2345"];
    const sentence = fc
      .array(fc.constantFrom(...alphabet), { maxLength: 40 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(sentence, (text) => {
        const key = exactKey(text);
        expect(sentenceKey(text)).toEqual({
          key,
          wordCount: key === "" ? 0 : key.split(" ").length,
          numbers: numbersOf(text).sort().join(" "),
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a sentence longer than its buffer", () => {
    const sentence = `${"The Council met 12 times. ".repeat(200)}It voted.`;
    const key = exactKey(sentence);
    expect(sentenceKey(sentence)).toEqual({
      key,
      wordCount: key.split(" ").length,
      numbers: numbersOf(sentence).sort().join(" "),
    });
  });

  it("reads a news sentence", () => {
    expect(sentenceKey("The council cut 2,300 jobs, saving $4.5m (Tuesday).")).toEqual({
      key: "the council cut 2,300 jobs saving 4.5 m tuesday",
      wordCount: 9,
      numbers: "2300 4.5",
    });
  });
});
