// The story page: hostile text stays text, every claim is copied word for word and followed by
// citations that land on a listed source, the JSON-LD is a NewsArticle, and the same story
// always gives the same bytes, whatever the clock says.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Story } from "../../api/story.js";
import { reuseTerms } from "../../config/reuse-terms.js";
import { escapeHtml } from "./html.js";
import { renderStoryPage } from "./story-page.js";

const BASE = "https://svc.test";
const URL_ = `${BASE}/stories/2026-11-21/harlow-plant/`;

function manifest(id: string, publisher: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    url: `https://${id}.example/story`,
    publisher: { name: publisher, domain: `${id}.example` },
    title: `Title of ${id}`,
    text: "Text.",
    published_at: "2026-11-21T08:05:00.000Z",
    captured_at: "2026-11-21T08:10:00.000Z",
    topic: "business",
    language: "en",
    content_sha256: "0".repeat(64),
    provider: "test",
    ...extra,
  };
}

function story(overrides: Partial<Story> & Record<string, unknown> = {}): Story {
  return {
    slug: "harlow-plant",
    url: URL_,
    json: `${URL_}index.json`,
    markdown: `${URL_}index.md`,
    headline: "Harlow steel plant to close",
    headline_manifest_id: "a",
    dek: "The plant will close in March.",
    dek_manifest_ids: ["a"],
    published_at: "2026-11-21T12:00:00.000Z",
    updated_at: "2026-11-22T00:00:00.000Z",
    topic: "business",
    beat: "steel",
    trust: "contested",
    source_count: 2,
    key_facts: [
      { text: "The closure will cost 400 jobs.", manifest_ids: ["a", "b"], stated_by: 2 },
      { text: "Talks failed on Monday.", manifest_ids: ["b"], stated_by: 1 },
    ],
    sections: [
      {
        heading: "What we know",
        paragraphs: [{ text: "The closure will cost 400 jobs.", manifest_ids: ["a", "b"] }],
      },
      {
        heading: "What each source reports",
        paragraphs: [
          {
            text: "The plant will close in March.",
            manifest_ids: ["a"],
            publisher: "Daily A",
            published_at: "2026-11-21T08:05:00.000Z",
          },
        ],
      },
    ],
    unresolved: ["Sources differ on the jobs: 400 according to Daily A; 450 according to B News."],
    cited_manifest_ids: ["a", "b"],
    manifests: [manifest("a", "Daily A"), manifest("b", "B News", { language: "fr" })],
    reuse: reuseTerms({ baseUrl: BASE, serviceName: "SVC", providerName: "Provider" }),
    ...overrides,
  };
}

/* eslint-disable no-control-regex -- the characters escapeHtml replaces */
const CONTROLS = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g;
/* eslint-enable no-control-regex */

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Each claim of the page: its text (unescaped) and the Manifest ids its citations link to. */
function claims(page: string): Array<{ text: string; ids: string[] }> {
  const pattern =
    /<span(?: lang="[^"]*")? dir="auto">([^<]*)<\/span>(?: <span class="cites">\[(.*?)\]<\/span>)?/g;
  return [...page.matchAll(pattern)].map((match) => ({
    text: unescapeHtml(match[1] ?? ""),
    ids: [...(match[2] ?? "").matchAll(/href="#m-([^"]+)"/g)].map((id) =>
      unescapeHtml(id[1] ?? ""),
    ),
  }));
}

function jsonLd(page: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page);
  return JSON.parse(match?.[1] ?? "null") as Record<string, unknown>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("renderStoryPage", () => {
  it("copies every claim word for word, each followed by its Manifest ids", () => {
    const page = renderStoryPage(story());
    const found = claims(page);
    expect(found).toEqual([
      { text: "The plant will close in March.", ids: ["a"] },
      { text: "The closure will cost 400 jobs.", ids: ["a", "b"] },
      { text: "Talks failed on Monday.", ids: ["b"] },
      { text: "The closure will cost 400 jobs.", ids: ["a", "b"] },
      { text: "The plant will close in March.", ids: ["a"] },
      {
        text: "Sources differ on the jobs: 400 according to Daily A; 450 according to B News.",
        ids: ["a", "b"],
      },
    ]);
  });

  it("lists every cited Manifest with publisher, title, time and a link to the source", () => {
    const page = renderStoryPage(story());
    const listed = [...page.matchAll(/<li id="m-([^"]+)">(.*?)<\/li>/g)];
    expect(listed.map((item) => item[1])).toEqual(["a", "b"]);
    expect(listed[0]?.[2]).toContain('<a href="https://a.example/story">Title of a</a>');
    expect(listed[0]?.[2]).toContain("Daily A (a.example)");
    expect(listed[0]?.[2]).toContain('datetime="2026-11-21T08:05:00.000Z">21 Nov 2026, 08:05 UTC');
    expect(listed[1]?.[2]).toContain('<cite lang="fr" dir="auto">');
    expect(page).toContain('<span class="trust">Contested</span>');
    expect(page).toContain("2 publishers");
    expect(page).toContain(
      `<link rel="alternate" type="application/json" href="${URL_}index.json"`,
    );
    expect(page).toContain(`<link rel="alternate" type="text/markdown" href="${URL_}index.md"`);
    expect(page).toContain(`Credit: SVC (${BASE}), with provenance by Provider.`);
  });

  it("lands every citation on a listed source, even for an id without a record", () => {
    const page = renderStoryPage(
      story({
        key_facts: [{ text: "A fact.", manifest_ids: ["a", "ghost"] }],
        cited_manifest_ids: ["a", "b", "ghost"],
      }),
    );
    const anchors = new Set([...page.matchAll(/ id="(m-[^"]+)"/g)].map((match) => match[1]));
    const targets = [...page.matchAll(/href="#(m-[^"]+)"/g)].map((match) => match[1]);
    expect(targets.length).toBeGreaterThan(5);
    for (const target of targets) expect(anchors.has(target), target).toBe(true);
    expect(page).toContain("Manifest <code>ghost</code> (its record is not part of this story)");
  });

  it("keeps hostile text as text, in the body and in the JSON-LD", () => {
    const hostile = `</script><script>alert(1)</script><img src=x onerror="alert('x')">&amp;\u2028`;
    const page = renderStoryPage(
      story({
        headline: hostile,
        dek: hostile,
        key_facts: [{ text: hostile, manifest_ids: ["a"] }],
        manifests: [
          manifest("a", hostile, { title: hostile, url: "javascript:alert(1)" }),
          manifest("b", "B News"),
        ],
      }),
    );
    expect(page).not.toMatch(/<script>|<img|onerror="/i);
    expect(page).not.toContain("javascript:");
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(claims(page)[0]?.text).toBe(hostile);
    expect(jsonLd(page).headline).toBe(hostile);
  });

  it("replaces characters HTML cannot carry, and escapes whatever text it is given", () => {
    expect(escapeHtml("a\u0000b\u0007c\tok\n")).toBe("a b c\tok\n");
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(unescapeHtml(escaped)).toBe(text.replace(CONTROLS, " "));
      }),
    );
  });

  it("describes the story as a schema.org NewsArticle", () => {
    const data = jsonLd(renderStoryPage(story()));
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Harlow steel plant to close",
      description: "The plant will close in March.",
      url: URL_,
      mainEntityOfPage: URL_,
      datePublished: "2026-11-21T12:00:00.000Z",
      dateModified: "2026-11-22T00:00:00.000Z",
      articleSection: "business",
      author: { "@type": "Organization", name: "SVC", url: `${BASE}/` },
      publisher: { "@type": "Organization", name: "SVC", url: `${BASE}/` },
      license: `${BASE}/.well-known/reuse.json`,
    });
    expect(data.citation).toEqual([
      expect.objectContaining({
        "@type": "CreativeWork",
        identifier: "a",
        url: "https://a.example/story",
      }),
      expect.objectContaining({ "@type": "CreativeWork", identifier: "b", inLanguage: "fr" }),
    ]);
  });

  it("gives the same bytes for the same story, whatever the clock", () => {
    const first = renderStoryPage(story());
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2031-01-01T03:04:05Z"));
    expect(renderStoryPage(story())).toBe(first);
    expect(first).not.toContain("2031");
  });

  it("says plainly when nothing is unresolved", () => {
    const page = renderStoryPage(story({ unresolved: [], trust: "corroborated" }));
    expect(page).toContain("Nothing unresolved");
    expect(page).toContain('<span class="trust">Corroborated</span>');
  });
});
