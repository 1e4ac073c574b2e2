// The shared reading must give clustering and composition exactly what they would read
// themselves: each sentence's words as tokenize finds them, and the lead's words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LEAD_CHARACTERS } from "./lead.js";
import { readManifest } from "./manifest-reading.js";
import { splitSentences } from "./sentences.js";
import { TermDictionary } from "./term-dictionary.js";
import { tokenize } from "../../text/tokens.js";

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

/** The words of the reportable sentences, until LEAD_CHARACTERS of their text are read. */
function expectedLead(sentences: string[], verdicts: Uint8Array, language = "en"): string[] {
  const lead: string[] = [];
  let budget = LEAD_CHARACTERS;
  sentences.forEach((sentence, index) => {
    if (verdicts[index] !== 0 || budget <= 0) return;
    const words = tokenize(sentence, language);
    const share = Math.min(1, budget / sentence.length);
    lead.push(...words.slice(0, Math.ceil(words.length * share)));
    budget -= sentence.length;
  });
  return lead;
}

describe("readManifest", () => {
  it("leaves dropped sentences out of the lead: captions, credits and prompts are not evidence", () => {
    const dictionary = new TermDictionary();
    const body = [
      "Photos: Storm damage in the harbour Hide Caption 3 of 12",
      "The storm flooded 40 homes in Port Ellis on Tuesday, the fire service said.",
      "Sign up for our newsletter to get the latest updates.",
      "Roads along the quay will stay closed until Friday.",
    ].join("\n");
    const reading = readManifest(
      { title: "Storm floods homes", text: body, language: "en" },
      dictionary,
    );
    expect(Array.from(reading.verdicts, (code) => code !== 0)).toEqual([true, false, true, false]);
    const lead = terms(dictionary, reading.lead);
    expect(lead).toContain("flood");
    expect(lead).toContain("road");
    expect(lead).not.toContain("caption");
    expect(lead).not.toContain("newslett");
  });

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
        const read: string[] = [];
        sentences.forEach((sentence, index) => {
          const [start, end, first, last] = reading.sentences.subarray(4 * index, 4 * index + 4);
          // Hygiene may move a start past a run-in label or heading: what is read is the
          // sentence's reportable end, still an exact substring of the text.
          read.push(body.slice(start, end));
          expect(sentence.endsWith(read[index]!)).toBe(true);
          expect(terms(dictionary, reading.words.subarray(first, last))).toEqual(
            tokenize(read[index]!, language),
          );
        });
        expect(terms(dictionary, reading.lead)).toEqual(
          expectedLead(read, reading.verdicts, language),
        );
        expect(terms(dictionary, reading.title)).toEqual(tokenize("Council vote", language));
      }),
      { numRuns: 300 },
    );
  });
});
