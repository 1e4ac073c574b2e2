// searchFacts on small hand-made stories: what a caller of /ask or svc_ask would notice.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AskResultSchema } from "../api/ask.js";
import { buildFactIndex } from "./fact-index.js";
import { FactResultSchema } from "./fact-result.js";
import type { IndexedStory } from "./indexed-story.js";
import { searchFacts } from "./search-facts.js";
import { DAY_MS } from "../time/cut-time.js";

const NOW = new Date("2026-11-21T12:00:00Z");

interface StorySpec {
  slug: string;
  headline: string;
  facts: Array<string | { text: string; publishers: number }>;
  topic?: string;
  ageDays?: number;
  /** A title in the timeline, cited by the story's last Manifest. */
  title?: string;
}

/** A story as the builder writes it, each fact cited by Manifests of distinct publishers. */
function story({
  slug,
  headline,
  facts,
  topic = "world",
  ageDays = 0,
  title,
}: StorySpec): IndexedStory {
  const at = new Date(NOW.getTime() - ageDays * DAY_MS).toISOString();
  const manifests = Array.from({ length: 5 }, (_, i) => ({
    id: `${slug}:${i}`,
    publisher: { name: `Outlet ${i}`, domain: `outlet${i}.example` },
  }));
  const paragraphs = facts.map((fact) => {
    const { text, publishers } = typeof fact === "string" ? { text: fact, publishers: 1 } : fact;
    return { text, manifest_ids: manifests.slice(0, publishers).map((m) => m.id) };
  });
  return {
    url: `https://svc.test/stories/${at.slice(0, 10)}/${slug}/`,
    headline,
    published_at: at,
    updated_at: at,
    topic,
    key_facts: paragraphs.slice(0, 2),
    sections: [
      { heading: "What we know", paragraphs },
      {
        heading: "Timeline",
        paragraphs: title === undefined ? [] : [{ text: title, manifest_ids: [`${slug}:4`] }],
      },
    ],
    manifests,
  };
}

const STORIES = [
  story({
    slug: "harlow-furnace",
    headline: "Harlow Steelworks to close a blast furnace",
    title: "Calder Vale furnace to shut, unions not warned",
    facts: [
      "Harlow Steelworks will close Furnace B by the end of September.",
      "The closure will cost 400 jobs in Calder Vale.",
      "Union leaders said they had not been consulted.",
    ],
    topic: "business",
  }),
  story({
    slug: "lake-orla-bloom",
    headline: "Algae bloom closes beaches on Lake Orla",
    facts: [
      "Six beaches on Lake Orla are closed because of a toxic algae bloom.",
      "Tap water is still safe to drink, the water authority says.",
    ],
    topic: "climate",
    ageDays: 2,
  }),
  story({
    slug: "old-ferry-strike",
    headline: "Ferry crews strike over pay",
    facts: ["Ferry crews walked out over pay on Lake Orla."],
    topic: "business",
    ageDays: 10,
  }),
  story({
    slug: "tokyo-report",
    headline: "東京で新しい駅が開業",
    facts: ["東京で新しい駅が開業しました。", "The new station in Tokyo opened on Monday."],
    topic: "world",
    ageDays: 1,
  }),
];

const index = buildFactIndex(STORIES);
const ask = (query: string, options: { topic?: string; days?: number; limit?: number } = {}) =>
  searchFacts(index, { query, days: 7, limit: 5, now: NOW, ...options });

describe("searchFacts", () => {
  it("returns facts word for word with their story, in the spec's AskAnswer result shape", () => {
    const [first] = ask("When will the Harlow furnace close?");
    expect(first).toMatchObject({
      "@type": "Claim",
      url: "https://svc.test/stories/2026-11-21/harlow-furnace/",
      name: "Harlow Steelworks to close a blast furnace",
      description: "Harlow Steelworks will close Furnace B by the end of September.",
      datePublished: NOW.toISOString(),
      manifest_ids: ["harlow-furnace:0"],
      topic: "business",
    });
    expect(FactResultSchema.parse(first)).toEqual(first);
    expect(AskResultSchema.safeParse(first).success).toBe(true);
  });

  it("searches key facts, 'What we know' and the timeline's titles", () => {
    const [title] = ask("who was not warned");
    expect(title?.description).toBe("Calder Vale furnace to shut, unions not warned");
    expect(title?.manifest_ids).toEqual(["harlow-furnace:4"]);
    expect(ask("union leaders consulted")[0]?.description).toBe(
      "Union leaders said they had not been consulted.",
    );
  });

  it("keeps to the topic when one is given, and finds nothing in an unknown topic", () => {
    expect(ask("Lake Orla", { days: 30 }).map((r) => r.topic)).toContain("climate");
    const business = ask("Lake Orla", { days: 30, topic: "business" });
    expect(business.map((r) => r.description)).toEqual([
      "Ferry crews walked out over pay on Lake Orla.",
    ]);
    expect(ask("Lake Orla", { topic: "no-such-topic" })).toEqual([]);
  });

  it("answers from stories published or updated within `days` of now, never from later ones", () => {
    expect(ask("ferry crews pay", { days: 7 })).toEqual([]);
    expect(ask("ferry crews pay", { days: 30 })).toHaveLength(1);
    const before = searchFacts(index, {
      query: "Harlow furnace",
      days: 7,
      limit: 5,
      now: new Date(NOW.getTime() - DAY_MS),
    });
    expect(before).toEqual([]);
  });

  it("returns at most `limit` results, each text once", () => {
    expect(ask("Harlow Lake Orla Tokyo", { limit: 1 })).toHaveLength(1);
    const all = ask("Harlow Lake Orla Tokyo station beaches jobs", { limit: 20 });
    expect(all.length).toBeGreaterThan(3);
    expect(new Set(all.map((r) => r.description)).size).toBe(all.length);
  });

  it("returns nothing when no word of the question is in any fact", () => {
    expect(ask("zeppelin quasar marmalade")).toEqual([]);
  });

  it("returns nothing for a question made only of stop words", () => {
    expect(ask("What is it that they have been doing there?")).toEqual([]);
  });

  it("gives the same results for the same question, whatever the order of the stories", () => {
    const again = buildFactIndex([...STORIES].reverse());
    const request = { query: "Lake Orla beaches water", days: 7, limit: 5, now: NOW };
    expect(searchFacts(index, request)).toEqual(searchFacts(index, request));
    expect(searchFacts(again, request)).toEqual(searchFacts(index, request));
  });

  it("finds CJK text and survives any Unicode", () => {
    expect(ask("東京の駅")[0]?.description).toBe("東京で新しい駅が開業しました。");
    for (const query of ["🚀🔥", "مرحبا بالعالم", "e\u0301te\u0301", "\u0000\uFFFF", "ÅNGSTRÖM"])
      expect(() => ask(query)).not.toThrow();
  });

  it("answers a question of 500 characters", () => {
    const query =
      `${"What happened to the jobs at the Harlow Steelworks furnace? ".repeat(9)}`.slice(0, 500);
    expect(query).toHaveLength(500);
    expect(ask(query)[0]?.name).toBe("Harlow Steelworks to close a blast furnace");
  });

  it("prefers a fact stated by more publishers, then a fresher story", () => {
    const corroborated = buildFactIndex([
      story({ slug: "one-source", headline: "Bridge", facts: ["The bridge reopened."] }),
      story({
        slug: "three-sources",
        headline: "Bridge",
        facts: [{ text: "The bridge reopened today.", publishers: 3 }],
      }),
      story({ slug: "older", headline: "Bridge", facts: ["The bridge reopened!"], ageDays: 3 }),
    ]);
    const order = searchFacts(corroborated, {
      query: "bridge reopened",
      days: 7,
      limit: 5,
      now: NOW,
    });
    expect(order.map((r) => r.description)).toEqual([
      "The bridge reopened today.",
      "The bridge reopened.",
      "The bridge reopened!",
    ]);
    expect(order[0]?.publishers).toBe(3);
  });

  it("prefers a fact with a number for 'how many' and one with a date for 'when'", () => {
    expect(ask("How many jobs at Harlow?")[0]?.description).toContain("400 jobs");
    expect(ask("When does Harlow close the furnace?")[0]?.description).toContain("September");
  });

  it("only ever returns verbatim facts of the story it names, best first (property)", () => {
    const texts = new Map<string, Set<string>>();
    for (const fact of index.facts) {
      texts.set(fact.story.url, (texts.get(fact.story.url) ?? new Set()).add(fact.text));
    }
    const words = [
      "Harlow",
      "furnace",
      "Lake",
      "Orla",
      "water",
      "東京",
      "jobs",
      "the",
      "?",
      "Ferry",
    ];
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...words), fc.string()), { maxLength: 12 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 30 }),
        (parts, limit, days) => {
          const results = searchFacts(index, { query: parts.join(" "), days, limit, now: NOW });
          expect(results.length).toBeLessThanOrEqual(limit);
          results.forEach((result, i) => {
            expect(texts.get(result.url)?.has(result.description)).toBe(true);
            if (i > 0) expect(result.score).toBeLessThanOrEqual(results[i - 1]?.score ?? 0);
          });
        },
      ),
    );
  });
});
