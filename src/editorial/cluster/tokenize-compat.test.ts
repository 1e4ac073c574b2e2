// The fast word splitter in src/text/tokens.ts must cut words as Intl.Segmenter (UAX #29)
// does, which it replaced for speed; scripts without spaces still go through the segmenter.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lowerCaseWords, tokenize } from "../../text/tokens.js";

function segmenterWords(text: string, language: string): string[] {
  const segmenter = new Intl.Segmenter(language, { granularity: "word" });
  return [...segmenter.segment(text.normalize("NFKC"))]
    .filter((part) => part.isWordLike)
    .map((part) => part.segment.toLowerCase());
}

const SAMPLES: Array<[string, string]> = [
  ["en", "U.S. officials said the 2,600 trucks' e-mail wasn't sent at 5.30pm on re:Invent day."],
  ["en", "O'Neill’s team won 3-1; Mazar-i-Sharif, £310m, 41.8°C, naïve café, I‘m here — x_y."],
  ["de", "Die Bundesregierung hat am Dienstag 2,5 Milliarden Euro für Straßen beschlossen."],
  ["fr", "L’Assemblée nationale a voté l’article 49.3 à 17 h 30."],
  ["ja", "東京都は火曜日、新しい計画を発表した。"],
  ["th", "ภาษาไทย ง่าย นิดเดียว"],
  ["ru", "Министр иностранных дел заявил во вторник о 19 случаях."],
];

// The rules as a regular expression (what the scanner implements, character by character).
const WORD =
  /[\p{L}\p{M}\p{Nd}_]+(?:(?:(?<=\p{L})[.'‘’:·](?=\p{L})|(?<=\p{Nd})[.,;'‘’](?=\p{Nd}))[\p{L}\p{M}\p{Nd}_]+)*/gu;

function regexWords(text: string): string[] {
  return [...text.normalize("NFKC").matchAll(WORD)]
    .map((match) => match[0])
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .map((word) => word.toLowerCase());
}

describe("tokenizer", () => {
  it("splits any mix of letters, digits, marks and joiners like the rules' regular expression", () => {
    const alphabet = [..."aZéßЖ09٣_\u0301.'’‘:·,;- ²x𝐀𐐀😀"];
    const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((c) => c.join(""));
    fc.assert(
      fc.property(text, (sample) => {
        expect(lowerCaseWords(sample, "en")).toEqual(regexWords(sample));
      }),
      { numRuns: 2000 },
    );
  });

  it.each(SAMPLES)("splits %s text like Intl.Segmenter", (language, text) => {
    expect(lowerCaseWords(text, language)).toEqual(segmenterWords(text, language));
  });

  it("drops stop words and stems English", () => {
    expect(tokenize("The councils approved the budgets on Monday", "en")).toEqual([
      "council",
      "approv",
      "budget",
      "mondai",
    ]);
  });

  it("reads a curly apostrophe as the straight one", () => {
    // "it’s" and "they’re" are stop words as "it's" and "they're" are; "Apple’s" is "Apple's".
    expect(tokenize("It’s Apple’s phone, they’re launching", "en")).toEqual(
      tokenize("It's Apple's phone, they're launching", "en"),
    );
    expect(tokenize("It’s Apple’s phone, they’re launching", "en")).toEqual([
      "apple's",
      "phone",
      "launch",
    ]);
    // Other languages keep their words, with the apostrophe made straight.
    expect(tokenize("l’article", "fr")).toEqual(tokenize("l'article", "fr"));
  });
});
