// The finite-verb test reads ASCII sentences by hand and others through its pattern: both
// must find the same words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasFiniteVerb, isNounPhraseAlone } from "./finite-verbs.js";

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

describe("isNounPhraseAlone", () => {
  it("finds a blurb or a caption opening on 'A': no verb but a relative clause's own", () => {
    for (const phrase of [
      "A succinct rundown of what’s wrong with the council’s harbour budget.",
      "A technologist, product designer, and writer who defies categorisation.",
      "A presentation on lung function by Carl Voss, director of Tessel Hospital’s respiratory care.",
      "An evening of talks on the harbour's history, with the mayor and the port manager.",
    ]) {
      expect(isNounPhraseAlone(phrase)).toBe(true);
    }
  });

  it("leaves a statement, whose main verb comes before or after a relative clause", () => {
    for (const statement of [
      "A storm closed the harbour in Tessel on Monday.",
      "A new study finds that ferries are late more often in winter.",
      "A family member of the boy, who is thought to have fallen down a well, said it was empty.",
      "A fireball that lit up the evening sky is lighting up social media.",
      "A lawsuit that would be the largest of its kind may soon be dismissed.",
      "The new ferry timetable, which starts in June.",
      "Storm closes Tessel harbour.",
    ]) {
      expect(isNounPhraseAlone(statement)).toBe(false);
    }
  });
});
