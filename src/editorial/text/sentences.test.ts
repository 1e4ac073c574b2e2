// Sentences are exact substrings of the text, split where a reader would split them.
import { describe, expect, it } from "vitest";
import { splitSentences } from "./sentences.js";

describe("splitSentences", () => {
  it("knows abbreviations, decimals and quotes", () => {
    expect(
      splitSentences(
        'Dr. Smith went to St. Ellis on Jan. 5. He said "we are fine." Then 3.5 people left! Why?',
      ),
    ).toEqual([
      "Dr. Smith went to St. Ellis on Jan. 5.",
      'He said "we are fine."',
      "Then 3.5 people left!",
      "Why?",
    ]);
  });

  it("splits after a small number that ends a sentence", () => {
    expect(splitSentences("Rovers won 3. The crowd cheered.")).toEqual([
      "Rovers won 3.",
      "The crowd cheered.",
    ]);
  });

  it("splits scripts without spaces by ICU rules", () => {
    expect(splitSentences("東京は晴れ。明日は雨です。", "ja")).toEqual([
      "東京は晴れ。",
      "明日は雨です。",
    ]);
  });

  it("returns only substrings of the text", () => {
    const text = "First line without a stop\nSecond line. Third one!";
    for (const sentence of splitSentences(text)) expect(text).toContain(sentence);
  });
});
