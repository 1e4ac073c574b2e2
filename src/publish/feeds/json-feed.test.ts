// The JSON Feed: valid against the JSON Feed 1.1 JSON Schema (npm jsonfeed-schema, compiled by
// ajv), version 1.1 exactly, every story with its three addresses and cited Manifest ids.
import { createRequire } from "node:module";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import type { JsonFeed } from "feedsmith";
import { describe, expect, it } from "vitest";
import {
  editionInput,
  emptyEditionInput,
  hostileEdition,
} from "../../../test/fixtures/feeds/feed-fixtures.js";
import { JSON_FEED_VERSION, JsonFeedSchema } from "../../api/json-feed.js";
import { SvcError } from "../../errors.js";
import { renderJsonFeed, type SvcItemExtension } from "./json-feed.js";

const hostile = hostileEdition();

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const validateJsonFeed = ajv.compile(createRequire(import.meta.url)("jsonfeed-schema"));

type ItemRead = JsonFeed.Item<string> & { _svc: SvcItemExtension };
type FeedRead = Omit<JsonFeed.Feed<string>, "items"> & { version: string; items: ItemRead[] };

function expectValidJsonFeed(text: string): FeedRead {
  const feed = JSON.parse(text) as FeedRead;
  const valid = validateJsonFeed(feed);
  expect(validateJsonFeed.errors ?? [], ajv.errorsText(validateJsonFeed.errors)).toEqual([]);
  expect(valid).toBe(true);
  // The schema also accepts version 1; the service promises 1.1.
  expect(feed.version).toBe(JSON_FEED_VERSION);
  expect(JSON_FEED_VERSION).toBe("https://jsonfeed.org/version/1.1");
  // And it matches what openapi.json promises for /editions/feed.json.
  expect(JsonFeedSchema.safeParse(feed).error).toBeUndefined();
  return feed;
}

describe("the JSON Feed schema check", () => {
  it("rejects a feed with an item that has no id or content", () => {
    const bad = { version: JSON_FEED_VERSION, title: "x", items: [{ title: "no id" }] };
    expect(validateJsonFeed(bad)).toBe(false);
  });

  it("accepts version 1, which is why the version is asserted separately", () => {
    const old = { version: "https://jsonfeed.org/version/1", title: "x", items: [] };
    expect(validateJsonFeed(old)).toBe(true);
  });
});

describe("renderJsonFeed", () => {
  it("is a valid JSON Feed 1.1 listing every story in the given order", () => {
    const feed = expectValidJsonFeed(renderJsonFeed(editionInput()));
    expect(feed).toMatchObject({
      title: "SVC",
      home_page_url: "https://svc.example",
      feed_url: "https://svc.example/editions/feed.json",
      language: "en",
    });
    expect(feed.items.map((item) => item.id)).toEqual(
      editionInput().stories.map((story) => story.url),
    );
  });

  it("gives each item its page, JSON, Markdown, dates, tags and cited Manifest ids", () => {
    const [first, second] = expectValidJsonFeed(renderJsonFeed(editionInput())).items;
    expect(first).toEqual({
      id: "https://svc.example/stories/2026-11-21/harbour-bridge-shut/",
      url: "https://svc.example/stories/2026-11-21/harbour-bridge-shut/",
      title: "Harbour Bridge shut after cracks found",
      content_text:
        "Engineers closed the bridge on Friday.\n\n" +
        "JSON: https://svc.example/stories/2026-11-21/harbour-bridge-shut/index.json\n" +
        "Markdown: https://svc.example/stories/2026-11-21/harbour-bridge-shut/index.md",
      summary: "Engineers closed the bridge on Friday.",
      date_published: "2026-11-21T09:30:00.000Z",
      date_modified: "2026-11-21T11:45:00.000Z",
      tags: ["cities", "infrastructure"],
      _svc: {
        json: "https://svc.example/stories/2026-11-21/harbour-bridge-shut/index.json",
        markdown: "https://svc.example/stories/2026-11-21/harbour-bridge-shut/index.md",
        topic: "cities",
        beat: "infrastructure",
        trust: "corroborated",
        source_count: 3,
        cited_manifest_ids: ["m-1", "m-2", "m-3"],
      },
    });
    // No dek: the headline leads the text; no beat, no update: those fields are left out.
    expect(second?.summary).toBeUndefined();
    expect(second?.content_text?.split("\n")[0]).toBe("November rain record broken");
    expect(second?.date_published).toBe("2026-11-21T08:15:00.000Z");
    expect(second?.date_modified).toBeUndefined();
    expect(second?.tags).toEqual(["weather"]);
    expect(second?._svc.beat).toBeUndefined();
  });

  it("is a valid feed with an empty items array when there are no stories", () => {
    const feed = expectValidJsonFeed(renderJsonFeed(emptyEditionInput()));
    expect(feed.items).toEqual([]);
  });

  it("keeps quotes, <, &, emoji and any script, and drops characters XML feeds cannot carry", () => {
    const feed = expectValidJsonFeed(renderJsonFeed(hostile.input));
    expect(feed.title).toBe(hostile.expected.title);
    expect(feed.description).toBe(hostile.expected.description);
    expect(feed.items).toHaveLength(hostile.expected.stories.length);
    hostile.expected.stories.forEach((expected, index) => {
      const item = feed.items[index]!;
      expect(item.title).toBe(expected.title);
      expect(item.summary ?? null).toBe(expected.summary);
      expect(item.tags ?? []).toEqual(expected.categories);
      expect(item._svc.beat).toBe(expected.categories[1]);
    });
  });

  it("writes the same bytes for the same input", () => {
    const input = editionInput();
    const text = renderJsonFeed(input);
    expect(renderJsonFeed(structuredClone(input))).toBe(text);
    expect(renderJsonFeed(input)).toBe(text);
  });

  it("refuses a story without its JSON address, naming the field", () => {
    const input = editionInput();
    const broken = { ...input, stories: [{ ...input.stories[0]!, json: "not a url" }] };
    expect(() => renderJsonFeed(broken)).toThrow(SvcError);
    expect(() => renderJsonFeed(broken)).toThrow(/stories\[0\]\.json/);
  });
});
