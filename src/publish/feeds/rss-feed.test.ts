// The RSS feed: well-formed XML (xmllint; RSS 2.0 has no official schema), and carrying what
// the service promises: guid and link to the story page, its JSON and Markdown as atom:link.
import { spawnSync } from "node:child_process";
import { generateRssFeed, parseRssFeed } from "feedsmith";
import { describe, expect, it } from "vitest";
import {
  editionInput,
  emptyEditionInput,
  hostileEdition,
} from "../../../test/fixtures/feeds/feed-fixtures.js";
import { describeWithTools, externalTool } from "../../../test/support/external-tools.js";
import { renderRssFeed } from "./rss-feed.js";

const hostile = hostileEdition();

const xmllint = externalTool("xmllint", "/usr/bin/xmllint", { installHint: "libxml2-utils" });

describeWithTools([xmllint], "RSS feed as XML", () => {
  const wellFormed = (xml: string) =>
    spawnSync(xmllint.path, ["--noout", "-"], { input: xml, encoding: "utf8" });

  it.each([
    ["an edition", editionInput],
    ["an edition without stories", emptyEditionInput],
    ["hostile text", () => hostileEdition().input],
  ])("is well-formed XML for %s", (_name, input) => {
    const run = wellFormed(renderRssFeed(input()));
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("would not be without cleaning: feedsmith alone writes a control character as is", () => {
    const raw = generateRssFeed({
      title: "t",
      link: "https://svc.example",
      description: "d",
      items: [{ title: "Harbour\u0001Bridge" }],
    });
    expect(wellFormed(raw).status).not.toBe(0);
  });
});

describe("renderRssFeed", () => {
  it("has the channel's title, link, build date and self link", () => {
    const feed = parseRssFeed(renderRssFeed(editionInput()));
    expect(feed).toMatchObject({
      title: "SVC",
      link: "https://svc.example",
      description: "Stories for software agents; every claim cites Manifest ids.",
      language: "en",
      lastBuildDate: "Sat, 21 Nov 2026 12:00:00 GMT",
    });
    expect(feed.atom?.links?.[0]).toEqual({
      href: "https://svc.example/editions/feed.xml",
      rel: "self",
      type: "application/rss+xml",
    });
  });

  it("links each item to the story page, its JSON and its Markdown, in story order", () => {
    const feed = parseRssFeed(renderRssFeed(editionInput()));
    expect(feed.items?.map((item) => item.guid?.value)).toEqual(
      editionInput().stories.map((story) => story.url),
    );
    const page = "https://svc.example/stories/2026-11-21/harbour-bridge-shut/";
    const [first] = feed.items ?? [];
    expect(first).toMatchObject({
      title: "Harbour Bridge shut after cracks found",
      link: page,
      guid: { value: page, isPermaLink: true },
      pubDate: "Sat, 21 Nov 2026 09:30:00 GMT",
      categories: [
        { name: "cities", domain: "https://svc.example/n/" },
        { name: "infrastructure", domain: "https://svc.example/roundups/" },
      ],
      atom: {
        updated: "2026-11-21T11:45:00.000Z",
        links: [
          { href: `${page}index.json`, rel: "alternate", type: "application/json" },
          { href: `${page}index.md`, rel: "alternate", type: "text/markdown" },
        ],
      },
    });
    // The description is HTML: the dek, then links a reader without atom:link still shows.
    expect(first?.description).toBe(
      `<p>Engineers closed the bridge on Friday.</p><p><a href="${page}">Story</a> · ` +
        `<a href="${page}index.json">JSON</a> · <a href="${page}index.md">Markdown</a></p>`,
    );
  });

  it("escapes the dek as HTML inside the description", () => {
    const feed = parseRssFeed(renderRssFeed(hostile.input));
    expect(feed.items?.[0]?.description).toContain(
      "<p>Less &lt; more &amp;&amp; &quot;quotes&quot; &#39;apos&#39; &amp;amp; stays literal",
    );
  });

  it("writes the same bytes for the same input", () => {
    const input = editionInput();
    expect(renderRssFeed(structuredClone(input))).toBe(renderRssFeed(input));
  });
});
