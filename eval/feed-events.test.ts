// The feeds' judged events: pairs judged the same story make connected groups, every other
// item is an event of its own, and a pair naming an item no feed has is an error.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { realNewsDirectory } from "../test/support/real-news.js";
import { eventsFromPairs, loadFeedEvents } from "./feed-events.js";

describe("eventsFromPairs", () => {
  it("joins pairs into connected groups and leaves every other item alone", () => {
    const events = eventsFromPairs(
      ["a", "b", "c", "d", "e"],
      [
        { a: "c", b: "b", why: "" },
        { a: "d", b: "c", why: "" },
      ],
    );
    expect(events.get("b")).toBe(events.get("c"));
    expect(events.get("d")).toBe(events.get("b"));
    expect(new Set(events.values()).size).toBe(3);
    expect(events.get("a")).not.toBe(events.get("e"));
  });

  it("refuses a pair that names an item no feed has", () => {
    expect(() => eventsFromPairs(["a"], [{ a: "a", b: "gone", why: "" }])).toThrow(/gone/u);
  });
});

describe.skipIf(!existsSync(join(realNewsDirectory(), "feeds")))("the feeds' judged events", () => {
  it("labels every item, with the judged pairs inside one event", () => {
    const set = loadFeedEvents()!;
    expect(set.labels.size).toBe(set.documents.length);
    const events = new Set(set.labels.values()).size;
    // 60 pairs judged the same story join at most 60 pairs of events.
    expect(events).toBeLessThan(set.documents.length);
    expect(events).toBeGreaterThanOrEqual(set.documents.length - 60);
  });

  it("keeps each item's own time when asked, with the same items and events", () => {
    const [window, own] = [loadFeedEvents("window")!, loadFeedEvents("own")!];
    expect(own.name).not.toBe(window.name);
    expect(own.documents.map((document) => document.id)).toEqual(
      window.documents.map((document) => document.id),
    );
    expect([...own.labels]).toEqual([...window.labels]);
    const span = (times: number[]) => Math.max(...times) - Math.min(...times);
    const hours = (set: typeof own) =>
      span(set.documents.map((document) => document.publishedAtMs)) / 3_600_000;
    // The window holds every item within a day; the feeds' own dates span years.
    expect(hours(window)).toBeLessThan(24);
    expect(hours(own)).toBeGreaterThan(24 * 365);
    // One feed's items keep their order and spacing: the Guardian's run over weeks.
    const guardian = own.documents.filter((d) => d.publisherDomain === "theguardian.com");
    expect(span(guardian.map((d) => d.publishedAtMs)) / 3_600_000).toBeGreaterThan(24 * 7);
  });
});
