import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultFeedKey, loadSubscriptions, parseSubscriptions } from "./subscriptions.js";

const dir = mkdtempSync(join(tmpdir(), "svc-subscriptions-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("loadSubscriptions", () => {
  it("reads YAML with defaults and per-feed settings", () => {
    const path = file(
      "feeds.yaml",
      `provider: Example Wire
interval_minutes: 15
feeds:
  - url: https://www.example.org/world/rss.xml
    topic: world
    publisher: { name: Example News, domain: example.org }
    language: en
    license: All rights reserved
  - url: https://news.example.net/feed.json
    topic: tech
    id: example-tech
    full_text: true
    interval_minutes: 60
`,
    );
    const [world, tech] = loadSubscriptions(path);
    expect(world).toEqual({
      key: defaultFeedKey("https://www.example.org/world/rss.xml"),
      url: "https://www.example.org/world/rss.xml",
      topic: "world",
      publisher: { name: "Example News", domain: "example.org" },
      language: "en",
      license: "All rights reserved",
      provider: "Example Wire",
      fullText: false,
      intervalMinutes: 15,
    });
    expect(world?.key).toMatch(/^example-org-[0-9a-f]{8}$/);
    expect(tech).toMatchObject({ key: "example-tech", fullText: true, intervalMinutes: 60 });
  });

  it("reads JSON", () => {
    const path = file(
      "feeds.json",
      JSON.stringify({ feeds: [{ url: "https://example.org/atom.xml", topic: "science" }] }),
    );
    expect(loadSubscriptions(path)).toMatchObject([
      { topic: "science", provider: "svc poll", intervalMinutes: 30, fullText: false },
    ]);
  });

  it("reads OPML as feed readers export it: folders are topics, a topic attribute wins", () => {
    const path = file(
      "export.opml",
      `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>My feeds</title></head><body>
  <outline text="World News">
    <outline type="rss" text="Example World" xmlUrl="https://example.org/world.rss" language="en"/>
    <outline type="rss" text="Example Climate" xmlUrl="https://example.org/climate.rss" topic="climate"/>
  </outline>
  <outline type="rss" text="Loose feed" xmlUrl="https://example.com/feed"/>
</body></opml>`,
    );
    expect(() => loadSubscriptions(path)).toThrow(/feeds\[2\]\.topic/);
    const fixed = file(
      "fixed.opml",
      `<opml version="2.0"><body>
  <outline text="World News">
    <outline type="rss" text="Example World" xmlUrl="https://example.org/world.rss" language="en"/>
    <outline type="rss" text="Example Climate" xmlUrl="https://example.org/climate.rss" topic="climate"/>
  </outline>
</body></opml>`,
    );
    expect(loadSubscriptions(fixed)).toMatchObject([
      {
        url: "https://example.org/world.rss",
        topic: "world-news",
        language: "en",
        publisher: { name: "Example World" },
      },
      { url: "https://example.org/climate.rss", topic: "climate" },
    ]);
  });

  it("names every problem with its path, and what to do", () => {
    const path = file(
      "bad.yaml",
      `feeds:
  - url: ftp://example.org/feed
    topic: World News
  - url: https://example.org/a
    topic: world
    id: same
  - url: https://example.org/b
    topic: world
    colour: blue
`,
    );
    let message = "";
    try {
      loadSubscriptions(path);
    } catch (error) {
      message = String((error as Error).message);
      expect((error as { nextStep?: string }).nextStep).toMatch(/docs\/poll.md/);
    }
    expect(message).toContain("feeds[0].url: expected an absolute http(s) URL");
    expect(message).toContain("feeds[0].topic: expected a topic slug");
    expect(message).toMatch(/feeds\[2\].*colour/);
  });

  it("refuses two feeds with one key", () => {
    expect(() =>
      parseSubscriptions(
        {
          feeds: [
            { url: "https://example.org/a", topic: "world", id: "same" },
            { url: "https://example.org/b", topic: "world", id: "same" },
          ],
        },
        "test",
      ),
    ).toThrow(/feeds\[1\]: the key same is already used by feeds\[0\]/);
  });

  it("says clearly when the file is missing or not readable", () => {
    expect(() => loadSubscriptions(join(dir, "missing.yaml"))).toThrow(
      /cannot read the subscriptions file/,
    );
    expect(() => loadSubscriptions(file("broken.yaml", "feeds: [\n"))).toThrow(/not readable YAML/);
    expect(() => loadSubscriptions(file("broken.json", "{"))).toThrow(/not readable JSON/);
    expect(() => loadSubscriptions(file("empty.yaml", "feeds: []\n"))).toThrow(/at least one feed/);
  });
});
