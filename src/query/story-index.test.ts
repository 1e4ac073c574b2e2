import { describe, expect, it } from "vitest";
import { searchStories } from "./search-stories.js";
import { buildStoryIndex, type StoryDigest, storiesAfter } from "./story-index.js";

function story(
  date: string,
  slug: string,
  updated: string,
  headline: string,
  topic = "world",
): StoryDigest {
  const url = `https://svc.test/stories/${date}/${slug}/`;
  return {
    summary: {
      slug,
      url,
      json: `${url}index.json`,
      markdown: `${url}index.md`,
      headline,
      topic,
      published_at: `${date}T00:00:00.000Z`,
      updated_at: updated,
    },
    factTexts: [],
  };
}

const stories = [
  story("2026-11-20", "bridge-closes", "2026-11-21T00:00:00.000Z", "Tallow Creek bridge closes"),
  story("2026-11-21", "council-budget", "2026-11-21T12:00:00.000Z", "Council approves budget"),
  story(
    "2026-11-21",
    "airport-strike",
    "2026-11-21T12:00:00.000Z",
    "Airport staff strike",
    "business",
  ),
  // The same story seen twice (an older copy): kept once, the newer.
  story("2026-11-20", "bridge-closes", "2026-11-20T12:00:00.000Z", "Tallow Creek bridge closes"),
];

describe("the story index", () => {
  const index = buildStoryIndex(stories);

  it("orders stories by refresh, then address, each once", () => {
    expect(index.ordered.map((entry) => entry.key)).toEqual([
      "2026-11-20/bridge-closes",
      "2026-11-21/airport-strike",
      "2026-11-21/council-budget",
    ]);
  });

  it("pages after a position without repeats or gaps", () => {
    const keys: string[] = [];
    let page = storiesAfter(index, undefined, 2);
    keys.push(...page.entries.map((entry) => entry.key));
    expect(page.hasMore).toBe(true);
    const last = page.entries.at(-1);
    page = storiesAfter(index, last, 2);
    keys.push(...page.entries.map((entry) => entry.key));
    expect(page.hasMore).toBe(false);
    expect(keys).toEqual(index.ordered.map((entry) => entry.key));
  });

  it("pages the stories of one topic, and a cursor never moves back", () => {
    const first = storiesAfter(index, undefined, 1, "world");
    expect(first.entries.map((entry) => entry.key)).toEqual(["2026-11-20/bridge-closes"]);
    expect(first.hasMore).toBe(true);
    const second = storiesAfter(index, first.last, 1, "world");
    expect(second.entries.map((entry) => entry.key)).toEqual(["2026-11-21/council-budget"]);
    expect(second.hasMore).toBe(false);
    // Past the airport story (another topic) too: the next page starts after everything seen.
    expect(second.last?.key).toBe("2026-11-21/council-budget");
    const business = storiesAfter(index, first.last, 5, "business");
    expect(business.entries.map((entry) => entry.key)).toEqual(["2026-11-21/airport-strike"]);
    expect(business.last?.key).toBe("2026-11-21/council-budget");
    expect(storiesAfter(index, undefined, 5, "sport")).toMatchObject({
      entries: [],
      hasMore: false,
    });
    // After the newest story there is nothing, and no entry to move the cursor to.
    const end = storiesAfter(index, { updatedMs: Date.parse("2026-11-22T00:00:00Z"), key: "" }, 5);
    expect(end).toEqual({ entries: [], hasMore: false, last: undefined });
  });

  it("finds stories by the words of their headline", () => {
    const found = searchStories(index, {
      query: "budget of the council",
      days: 7,
      limit: 5,
      now: new Date("2026-11-22T00:00:00Z"),
    });
    expect(found.map(({ entry }) => entry.key)).toEqual(["2026-11-21/council-budget"]);
    const old = searchStories(index, {
      query: "bridge",
      days: 1,
      limit: 5,
      now: new Date("2026-11-23T00:00:00Z"),
    });
    expect(old).toEqual([]);
  });
});
