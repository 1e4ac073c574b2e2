// Swapping the fact index for a new edition's while the old one serves.
import { describe, expect, it } from "vitest";
import { buildFactIndex } from "./fact-index.js";
import { factIndexHolder } from "./fact-index-holder.js";
import type { IndexedStory } from "./indexed-story.js";
import { searchFacts } from "./search-facts.js";

const NOW = new Date("2026-11-21T12:00:00Z");

function edition(fact: string): IndexedStory[] {
  return [
    {
      url: `https://svc.test/stories/2026-11-21/${fact.length}/`,
      headline: "Weather",
      published_at: NOW.toISOString(),
      sections: [{ heading: "What we know", paragraphs: [{ text: fact, manifest_ids: ["m"] }] }],
    },
  ];
}

describe("factIndexHolder", () => {
  it("serves the old index until the new one replaces it, and the old one stays usable", () => {
    const holder = factIndexHolder();
    expect(holder.current()).toBeUndefined();
    const old = buildFactIndex(edition("Rain fell in Tessel."));
    expect(holder.replace(old)).toBeUndefined();
    const next = buildFactIndex(edition("Snow fell in Tessel overnight."));
    const ask = () =>
      searchFacts(holder.current()!, { query: "Tessel", days: 7, limit: 5, now: NOW }).map(
        (r) => r.description,
      );
    expect(ask()).toEqual(["Rain fell in Tessel."]);
    expect(holder.replace(next)).toBe(old);
    expect(ask()).toEqual(["Snow fell in Tessel overnight."]);
    expect(searchFacts(old, { query: "rain", days: 7, limit: 5, now: NOW })).toHaveLength(1);
  });
});
