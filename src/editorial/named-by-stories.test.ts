import { describe, expect, it } from "vitest";
import { manifest } from "../../test/support/manifests.js";
import { namedByOtherStories } from "./named-by-stories.js";
import { readManifest } from "./text/manifest-reading.js";
import { TermDictionary } from "./text/term-dictionary.js";

describe("namedByOtherStories", () => {
  const dictionary = new TermDictionary();
  const read = (title: string, text: string) =>
    readManifest(manifest({ title, text }), dictionary, undefined);
  const named = namedByOtherStories(dictionary, [
    [
      read("Storm closes Tessel harbour", "Port manager Ottar Halvard said the quay was shut."),
      read("Tessel harbour shut", "Mr. Halvard said repairs would cost 40,000 euros."),
    ],
    [read("Minister Brannock visits Varrowby", "Minister Iris Brannock toured the flooded town.")],
    [read("Brannock backs flood plan", "Brannock said the plan would be funded.")],
    [read("Varrowby ferry resumes", "Deputy Aldo Quarrie said the ferry ran again.")],
    [read("Varrowby quay reopens", "Quarrie said the quay was safe again.")],
  ]);

  it("holds for a word the titles of two stories name, in any case", () => {
    expect(named("Brannock", "en")).toBe(true);
    expect(named("brannock", "en")).toBe(true);
  });

  it("fails for a word two stories name in their texts only: the day's news headlines its names", () => {
    expect(named("Quarrie", "en")).toBe(false);
  });

  it("fails for a word one story names, however often its reports repeat it", () => {
    expect(named("Halvard", "en")).toBe(false);
    expect(named("Tessel", "en")).toBe(false);
  });

  it("fails for a word no story names, and holds for a stop word (no one's name)", () => {
    expect(named("Quillon", "en")).toBe(false);
    expect(named("He", "en")).toBe(true);
  });
});
