import { describe, expect, it } from "vitest";
import type { Story } from "../api/story.js";
import { roundupTitle } from "./roundup-title.js";

/** A story with the given dek and key facts: all the title reads. */
function story(dek: string, ...facts: string[]): Story {
  return {
    dek,
    key_facts: facts.map((text) => ({ text, manifest_ids: ["m1"] })),
  } as unknown as Story;
}

describe("roundupTitle", () => {
  it("writes a tag's words as the stories' sentences write them", () => {
    const stories = [
      story("President Donald Trump said on Monday that the ferry deal was off."),
      story("Tessel officials met Donald Trump's envoy, who praised US sports funding."),
    ];
    expect(roundupTitle("donald trump", stories)).toBe("Donald Trump");
    expect(roundupTitle("us sports", stories)).toBe("US sports");
  });

  it("reads no word first in a sentence, where any word is capitalised", () => {
    const stories = [story("Books about the harbour sold out.", "The fair sold books all week.")];
    expect(roundupTitle("books", stories)).toBe("Books");
    expect(roundupTitle("harbour books", stories)).toBe("Harbour books");
  });

  it("joins a slug's words apart unless the sentences hyphenate them", () => {
    const stories = [
      story("Public health officials in Tessel counted 40 Covid-19 cases on Monday."),
    ];
    expect(roundupTitle("public-health", stories)).toBe("Public health");
    expect(roundupTitle("covid-19", stories)).toBe("Covid-19");
    expect(roundupTitle("rural-health", [])).toBe("Rural health");
  });

  it("keeps a word the stories never use, and opens every title with a capital", () => {
    expect(roundupTitle("sailing", [])).toBe("Sailing");
    expect(roundupTitle("mondegreen", [story("No word of it here.")])).toBe("Mondegreen");
  });

  it("finds the word in a sentence whose lower case is longer than it ('İ')", () => {
    const stories = [story("İzmir officials said the Tessel ferry would run on Monday.")];
    expect(roundupTitle("tessel", stories)).toBe("Tessel");
    expect("İzmir".toLowerCase().length).toBe("İzmir".length + 1);
  });

  it("tells a form from its first 64 occurrences, not a whole large edition", () => {
    const early = Array.from({ length: 64 }, () => story("Shares of Acme rose on Monday."));
    const late = Array.from({ length: 100 }, () => story("Shares of ACME fell on Tuesday."));
    expect(roundupTitle("acme", [...early, ...late])).toBe("Acme");
    expect(roundupTitle("acme", [...late, ...early])).toBe("ACME");
  });
});
