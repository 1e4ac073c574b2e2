// The RSS and Atom feeds as real readers see them: Debian's python3-feedparser (the reference
// feed parser; bozo 0 means no well-formedness or encoding problem) and npm rss-parser.
import { spawnSync } from "node:child_process";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import {
  editionInput,
  emptyEditionInput,
  hostileEdition,
} from "../../../test/fixtures/feeds/feed-fixtures.js";
import { describeWithTools, externalTool } from "../../../test/support/external-tools.js";
import { renderAtomFeed } from "./atom-feed.js";
import type { FeedInput } from "./feed-input.js";
import { renderRssFeed } from "./rss-feed.js";

interface Expected {
  title: string;
  stories: Array<{ title: string; link: string; summary: string | null; categories: string[] }>;
}

function fromEdition(input: FeedInput): Expected {
  return {
    title: input.title,
    stories: input.stories.map((story) => ({
      title: story.headline,
      link: story.url,
      summary: story.dek ?? null,
      categories: [story.topic, story.beat].filter((term): term is string => Boolean(term)),
    })),
  };
}

/** What a reader must find for the hostile fixture: its expected text, the input's links. */
function fromHostile(): Expected {
  const { input, expected } = hostileEdition();
  return {
    title: expected.title,
    stories: expected.stories.map((story, i) => ({ ...story, link: input.stories[i]!.url })),
  };
}

const CASES: Array<[string, FeedInput, Expected]> = [
  ["an edition", editionInput(), fromEdition(editionInput())],
  ["an edition without stories", emptyEditionInput(), { title: "SVC", stories: [] }],
  ["hostile text", hostileEdition().input, fromHostile()],
];

const FORMATS = [
  { format: "RSS", render: renderRssFeed, version: "rss20" },
  { format: "Atom", render: renderAtomFeed, version: "atom10" },
] as const;

/** Prints what feedparser read, as JSON. RSS descriptions are HTML: `summary_text` is the text. */
const FEEDPARSER_SCRIPT = `
import html, json, re, sys
import feedparser
d = feedparser.parse(sys.stdin.buffer.read())
def text(s): return None if s is None else html.unescape(re.sub(r"<[^>]+>", "", s))
print(json.dumps({
  "bozo": int(d.bozo), "problem": str(d.get("bozo_exception", "")), "version": d.version,
  "title": d.feed.get("title"),
  "entries": [{"id": e.get("id"), "title": e.get("title"), "link": e.get("link"),
    "links": [{"rel": l.get("rel"), "type": l.get("type"), "href": l.get("href")} for l in e.get("links", [])],
    "summary": e.get("summary"), "summary_text": text(e.get("summary")),
    "tags": [t.get("term") for t in e.get("tags", [])]} for e in d.entries],
}))
`;

const feedparser = externalTool("python3-feedparser", "/usr/bin/python3", {
  probe: ["-c", "import feedparser"],
  installHint: "python3-feedparser",
});

interface FeedparserReading {
  bozo: number;
  problem: string;
  version: string;
  title: string | null;
  entries: Array<{
    id: string | null;
    title: string | null;
    link: string | null;
    links: Array<{ rel: string | null; type: string | null; href: string | null }>;
    summary: string | null;
    summary_text: string | null;
    tags: string[];
  }>;
}

function readWithFeedparser(xml: string): FeedparserReading {
  const run = spawnSync(feedparser.path, ["-c", FEEDPARSER_SCRIPT], {
    input: xml,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`feedparser script failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as FeedparserReading;
}

describeWithTools([feedparser], "feeds read by Debian's python3-feedparser", () => {
  describe.each(FORMATS)("$format", ({ format, render, version }) => {
    it.each(CASES)("parses %s cleanly, with every entry", (_name, input, expected) => {
      const read = readWithFeedparser(render(input));
      expect(read.problem).toBe("");
      expect(read.bozo).toBe(0);
      expect(read.version).toBe(version);
      expect(read.title).toBe(expected.title);
      expect(read.entries).toHaveLength(expected.stories.length);
      read.entries.forEach((entry, i) => {
        const story = expected.stories[i]!;
        const source = input.stories[i]!;
        expect(entry.id).toBe(story.link);
        expect(entry.title).toBe(story.title);
        expect(entry.link).toBe(story.link);
        expect(entry.links.map((link) => [link.type, link.href])).toEqual([
          ["text/html", story.link],
          ["application/json", source.json],
          ["text/markdown", source.markdown],
        ]);
        expect(entry.tags).toEqual(story.categories);
        if (format === "Atom") expect(entry.summary).toBe(story.summary);
        else expect(entry.summary_text).toBe(`${story.summary ?? ""}Story · JSON · Markdown`);
      });
    });
  });
});

describe("feeds read by npm rss-parser", () => {
  describe.each(FORMATS)("$format", ({ format, render }) => {
    it.each(CASES)("parses %s with every item", async (_name, input, expected) => {
      const read = await new Parser().parseString(render(input));
      expect(read.title).toBe(expected.title);
      expect(read.feedUrl).toBe(format === "RSS" ? input.feedUrls.rss : input.feedUrls.atom);
      expect(read.items.map((item) => [item.title, item.link])).toEqual(
        expected.stories.map((story) => [story.title, story.link]),
      );
      const ids = read.items.map((item) =>
        format === "RSS" ? item.guid : (item.id as string | undefined),
      );
      expect(ids).toEqual(expected.stories.map((story) => story.link));
    });
  });
});
