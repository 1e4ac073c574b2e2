// Which sentences of a story are facts for /ask, and how their sources are counted.
import { describe, expect, it } from "vitest";
import { extractFacts } from "./extract-facts.js";
import type { IndexedStory } from "./indexed-story.js";

const manifests = [
  { id: "a1", publisher: { name: "A", domain: "a.example" } },
  { id: "a2", publisher: { name: "A again", domain: "a.example" } },
  { id: "b1", publisher: { name: "B", domain: "b.example" } },
];

const story: IndexedStory = {
  url: "https://svc.test/stories/2026-11-21/x/",
  headline: "X",
  published_at: "2026-11-20T12:00:00Z",
  updated_at: "2026-11-21T00:00:00Z",
  topic: "world",
  key_facts: [{ text: "The dam held.", manifest_ids: ["a1"] }],
  sections: [
    {
      heading: "What we know",
      paragraphs: [
        { text: "The dam held.", manifest_ids: ["a2", "b1"] },
        { text: "Rain stopped at noon.", manifest_ids: ["a1", "a2", "unknown"] },
      ],
    },
    {
      heading: "What each source reports",
      paragraphs: [{ text: "A says.", manifest_ids: ["a1"] }],
    },
    {
      heading: "Timeline",
      paragraphs: [
        { text: "Dam holds after a night of rain", manifest_ids: ["b1"] },
        { text: "A says.", manifest_ids: ["a2"] },
      ],
    },
  ],
  manifests,
};

describe("extractFacts", () => {
  const facts = extractFacts(story);

  it("takes key facts, 'What we know', each source's sentences and the timeline's titles, each text once, citing the Manifests of all", () => {
    expect(facts.map((fact) => fact.text)).toEqual([
      "The dam held.",
      "Rain stopped at noon.",
      "A says.",
      "Dam holds after a night of rain",
    ]);
    expect(facts[0]?.manifestIds).toEqual(["a1", "a2", "b1"]);
    expect(facts[2]?.manifestIds).toEqual(["a1", "a2"]);
    expect(facts[3]?.manifestIds).toEqual(["b1"]);
  });

  it("counts distinct publishers by domain, at least one", () => {
    expect(facts.map((fact) => fact.publishers)).toEqual([2, 1, 1, 1]);
    const bare = extractFacts({ ...story, manifests: undefined });
    expect(bare.map((fact) => fact.publishers)).toEqual([1, 1, 1, 1]);
  });

  it("dates each fact by its story's last edition", () => {
    expect(facts[0]?.story).toMatchObject({
      publishedAt: "2026-11-20T12:00:00Z",
      updatedAt: "2026-11-21T00:00:00Z",
      freshMs: Date.parse("2026-11-21T00:00:00Z"),
      topic: "world",
    });
    const { updated_at: _, ...first } = story;
    expect(extractFacts(first)[0]?.story.updatedAt).toBe("2026-11-20T12:00:00Z");
  });
});
