// The shared reading must give clustering and composition exactly what they would read
// themselves: each sentence's words as tokenize finds them, and the lead's words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leadOf } from "./lead.js";
import { readManifest } from "./manifest-reading.js";
import { splitSentences } from "./sentences.js";
import { TermDictionary } from "./term-dictionary.js";
import { tokenize } from "./tokens.js";

const terms = (dictionary: TermDictionary, ids: Int32Array) =>
  Array.from(ids, (id) => dictionary.termOf(id));

const PIECES = [
  "The council",
  " approved ",
  "2,300 jobs",
  ". ",
  "Dr. Smith",
  " said",
  "end.Next",
  "\n",
  "café ",
  "ﬁnal ",
  "東京は晴れ。",
  "😀 ",
  "U.S. officials",
  " won 3. The",
  '"fine." ',
  "----",
  "x".repeat(300),
  " ",
];

describe("readManifest", () => {
  it("gives each sentence the words tokenize finds in it, and the lead its words", () => {
    const text = fc
      .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 30 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.constantFrom("en", "fr", "ja"), (body, language) => {
        const dictionary = new TermDictionary();
        const reading = readManifest({ title: "Council vote", text: body, language }, dictionary);
        const sentences = splitSentences(body, language);
        expect(reading.sentences.length).toBe(4 * sentences.length);
        sentences.forEach((sentence, index) => {
          const [start, end, first, last] = reading.sentences.subarray(4 * index, 4 * index + 4);
          expect(body.slice(start, end)).toBe(sentence);
          expect(terms(dictionary, reading.words.subarray(first, last))).toEqual(
            tokenize(sentence, language),
          );
        });
        expect(terms(dictionary, reading.lead)).toEqual(tokenize(leadOf(body), language));
        expect(terms(dictionary, reading.title)).toEqual(tokenize("Council vote", language));
      }),
      { numRuns: 300 },
    );
  });
});
