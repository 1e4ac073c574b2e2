// The sentence memo: one computation per distinct text and language, the same answers after
// it starts again at its bound.
import { describe, expect, it } from "vitest";
import { TextMemo } from "./text-memo.js";

describe("TextMemo", () => {
  it("computes once per text and language, and gives the same answer after its bound", () => {
    const calls: string[] = [];
    const memo = new TextMemo((text, language) => {
      calls.push(`${language}:${text}`);
      return { length: text.length, language };
    }, 2);
    const first = memo.get("One.", "en");
    expect(memo.get("One.", "en")).toBe(first);
    expect(memo.get("One.", "de")).toEqual({ length: 4, language: "de" });
    expect(calls).toEqual(["en:One.", "de:One."]);
    // Full: it starts again, and what it returns does not change.
    expect(memo.get("Two.", "en")).toEqual({ length: 4, language: "en" });
    expect(memo.get("One.", "en")).toEqual(first);
    expect(calls).toEqual(["en:One.", "de:One.", "en:Two.", "en:One."]);
  });
});
