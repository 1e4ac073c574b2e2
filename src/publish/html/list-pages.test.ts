// The home, topic, roundups, developer and 404 pages: what each shows, hostile names escaped,
// and the "next edition" time taken from the cut, never from the clock.
import { describe, expect, it, vi } from "vitest";
import { API_DESCRIPTION_VERSION } from "../../api/common.js";
import { ASK_ERROR_CODE_LIST } from "../../api/error-codes.js";
import { MCP_TOOL_NAMES } from "../../api/mcp-http.js";
import type { ListedStory } from "../../api/story.js";
import { reuseTerms } from "../../config/reuse-terms.js";
import type { TreeStory } from "../render-lists.js";
import { siteLinks } from "../../tree/site-links.js";
import { curlCommand, shellQuote } from "./developer-examples.js";
import {
  renderDevelopersPage,
  renderHomePage,
  renderNotFoundPage,
  renderRoundupsPage,
  renderTopicPage,
} from "./index.js";

const BASE = "https://svc.test";
const links = siteLinks(BASE);
const CUT = Date.parse("2026-11-21T12:00:00.000Z");
const HOSTILE = `<b onclick="x()">'Bold' & "quoted"</b>`;

function listed(slug: string, topic: string, extra: Partial<ListedStory> = {}): ListedStory {
  const url = `${BASE}/stories/2026-11-21/${slug}/`;
  return {
    slug,
    url,
    json: `${url}index.json`,
    markdown: `${url}index.md`,
    headline: `Headline ${slug}`,
    dek: `Dek ${slug}.`,
    beat: null,
    topic,
    published_at: "2026-11-21T12:00:00.000Z",
    updated_at: "2026-11-21T12:00:00.000Z",
    trust: "corroborated",
    source_count: 3,
    cited_manifest_ids: ["m1"],
    ...extra,
  };
}

const stories: TreeStory[] = [
  { cutMs: CUT, summary: listed("new-one", "world", { headline: HOSTILE }) },
  { cutMs: CUT - 43_200_000, summary: listed("older-one", "world") },
];
const newsrooms = [
  { id: "world", title: "World", description: "World news." },
  { id: "sport", title: "Sport", description: "" },
];
const input = { siteName: "SVC", links, cutMs: CUT, newsrooms, stories, credit: "SVC credit" };

describe("home page", () => {
  it("shows the latest edition by topic, when it was built and when the next one comes", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2030-05-05T05:05:00Z"));
    const page = renderHomePage(input);
    vi.useRealTimers();
    expect(page).toContain(
      '<time datetime="2026-11-21T12:00:00.000Z">21 Nov 2026, 12:00 UTC</time>',
    );
    expect(page).toContain(
      '<time datetime="2026-11-22T00:00:00.000Z">22 Nov 2026, 00:00 UTC</time>',
    );
    expect(page).not.toContain("2030");
    expect(page).toContain(`<a href="${BASE}/n/world/">World</a>`);
    expect(page).toContain(`<a href="${BASE}/stories/2026-11-21/new-one/">`);
    expect(page).not.toContain("older-one");
    expect(page).toContain(
      "&lt;b onclick=&quot;x()&quot;&gt;&#39;Bold&#39; &amp; &quot;quoted&quot;&lt;/b&gt;",
    );
    expect(page).not.toContain(HOSTILE);
    expect(page).toContain(
      `<link rel="alternate" type="application/json" href="${BASE}/editions/latest.json"`,
    );
    expect(page).toContain(
      `<link rel="alternate" type="application/atom+xml" href="${BASE}/editions/atom.xml"`,
    );
    expect(renderHomePage(input)).toBe(page);
  });
});

describe("topic page", () => {
  it("lists every story of the window of its topic, newest first", () => {
    const page = renderTopicPage(input, {
      id: "world",
      title: "World",
      description: "World news.",
    });
    expect(page.indexOf("new-one")).toBeLessThan(page.indexOf("older-one"));
    expect(page).toContain("2 stories");
    expect(page).toContain(`href="${BASE}/n/world/index.json"`);
    expect(renderTopicPage(input, { id: "sport", title: "Sport", description: "" })).toContain(
      "No story of this topic",
    );
  });
});

describe("roundups page", () => {
  it("shows each roundup with its stories and topics", () => {
    const page = renderRoundupsPage({
      siteName: "SVC",
      links,
      cutMs: CUT,
      credit: "c",
      roundups: [
        {
          id: "storms",
          title: HOSTILE,
          beat: "storms",
          story_count: 1,
          topics: ["world"],
          stories: [
            {
              slug: "new-one",
              url: `${BASE}/stories/2026-11-21/new-one/`,
              json: `${BASE}/stories/2026-11-21/new-one/index.json`,
              headline: "Storm",
              topic: "world",
              published_at: "2026-11-21T12:00:00.000Z",
            },
          ],
        },
      ],
    });
    expect(page).toContain(`<a href="${BASE}/stories/2026-11-21/new-one/">Storm</a>`);
    expect(page).toContain(`<a href="${BASE}/n/world/">world</a>`);
    expect(page).not.toContain(HOSTILE);
  });
});

describe("developer page", () => {
  const page = renderDevelopersPage({
    siteName: "SVC",
    links,
    cutMs: CUT,
    newsrooms,
    sampleStory: stories[0]?.summary,
    reuse: reuseTerms({ baseUrl: BASE, serviceName: "SVC", providerName: "Provider" }),
  });

  it("gives a working example of every endpoint", () => {
    const examples = [...page.matchAll(/data-example="([^"]+)"/g)].map((match) => match[1]);
    expect(examples).toEqual([
      "latest",
      "topic",
      "story-json",
      "story-markdown",
      "roundups",
      "openapi",
      "reuse",
      "ask-get",
      "ask-post",
      "ask-stream",
      "mcp-get",
      "mcp-initialize",
      "mcp-call",
      "feed-json",
      "feed-rss",
      "feed-atom",
    ]);
    expect(page).toContain(`data-example-url="${BASE}/n/world/index.json"`);
    expect(page).toContain(`data-example-url="${BASE}/stories/2026-11-21/new-one/index.json"`);
  });

  it("documents MCP, rate limits, versioning, deprecation and every error code", () => {
    for (const tool of MCP_TOOL_NAMES) expect(page).toContain(tool.replace(/_/g, "_<wbr>"));
    for (const code of [...ASK_ERROR_CODE_LIST, "not_found", "rate_limited"]) {
      expect(page).toContain(code.replace(/_/g, "_<wbr>"));
    }
    expect(page).toContain("60 calls per 60 seconds per client IP address");
    expect(page).toContain('RateLimit-Policy: "default";q=60;w=60');
    expect(page).toContain("Retry-After");
    expect(page).toContain("SVC-API-Version: 1");
    expect(page).toContain(API_DESCRIPTION_VERSION);
    expect(page).toContain("<strong>90 days</strong>");
    expect(page).toMatch(/<code>Deprecation<\/code>[\s\S]*<code>Sunset<\/code>/);
    expect(page).toContain("claude mcp add --transport http svc https://svc.test/mcp");
  });

  it("quotes example arguments for a POSIX shell", () => {
    expect(shellQuote("https://svc.test/a.json")).toBe("https://svc.test/a.json");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(
      curlCommand({
        id: "x",
        method: "POST",
        url: `${BASE}/ask`,
        headers: { A: "b c" },
        body: { q: "it's" },
      }),
    ).toBe(`curl -s -X POST -H 'A: b c' -d '{"q":"it'\\''s"}' ${BASE}/ask`);
  });
});

describe("404 page", () => {
  it("links to the home page, the developer page and every topic", () => {
    const page = renderNotFoundPage({ siteName: "SVC", links, newsrooms });
    expect(page).toContain(`<a href="${BASE}/">The latest edition</a>`);
    expect(page).toContain(`<a href="${BASE}/developers/">The developer page</a>`);
    expect(page).toContain(`<a href="${BASE}/n/sport/">Sport</a>`);
  });
});
