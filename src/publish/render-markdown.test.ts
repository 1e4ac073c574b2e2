// The story Markdown, read back by the reference CommonMark parser: every copied sentence
// shows exactly as written, and every paragraph ends with the ids it cites.
import { type Node, Parser } from "commonmark";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Story } from "../api/story.js";
import { escapeMarkdown, renderStoryMarkdown } from "./render-markdown.js";

function textOf(node: Node): string {
  const walker = node.walker();
  let text = "";
  for (let event = walker.next(); event; event = walker.next()) {
    if (!event.entering) continue;
    if (event.node.type === "text" || event.node.type === "code") text += event.node.literal ?? "";
    if (event.node.type === "softbreak") text += "\n";
  }
  return text;
}

/** The text of every paragraph of the document, as a reader of the rendered page sees it. */
function paragraphs(markdown: string): string[] {
  const walker = new Parser().parse(markdown).walker();
  const found: string[] = [];
  for (let event = walker.next(); event; event = walker.next()) {
    if (event.entering && event.node.type === "paragraph") found.push(textOf(event.node));
  }
  return found;
}

const manifest = (id: string, publisher: string) => ({
  id,
  url: `https://${publisher.toLowerCase().replace(/\W/g, "")}.example/${id}`,
  publisher: { name: publisher, domain: `${publisher.toLowerCase().replace(/\W/g, "")}.example` },
  title: `Title of ${id}`,
  text: "",
  published_at: "2026-11-21T08:00:00.000Z",
  captured_at: "2026-11-21T08:00:00.000Z",
  topic: "world",
  language: "en",
  content_sha256: "0".repeat(64),
  provider: "test",
});

function story(facts: string[]): Story {
  return {
    slug: "a-story",
    url: "https://svc.test/stories/2026-11-21/a-story/",
    headline: "# Not a heading *really*",
    dek: facts[0] ?? "Dek.",
    published_at: "2026-11-21T12:00:00.000Z",
    cited_manifest_ids: ["m:1", "m`2"],
    key_facts: facts.map((text, index) => ({
      text,
      manifest_ids: index % 2 === 0 ? ["m:1"] : ["m:1", "m`2"],
    })),
    sections: [
      {
        heading: "What each source reports",
        paragraphs: facts.map((text) => ({
          text,
          manifest_ids: ["m`2"],
          publisher: "Brisk *Dispatch*",
          published_at: "2026-11-21T08:00:00.000Z",
        })),
      },
    ],
    unresolved: ["Sources differ: 12 according to Radio Tessel; 14 according to Brisk *Dispatch*."],
    manifests: [manifest("m:1", "Radio Tessel"), manifest("m`2", "Brisk *Dispatch*")],
  };
}

/** Characters Markdown cares about, mixed with any others. */
const markdownish = fc.oneof(
  fc.constantFrom(..."#*_-+>=<&;`[]()!\\|~.:1 2\u00a0"),
  fc.constantFrom("&amp;", "&#35;", "***", "---", "1)", "<div>", "http://x.test"),
  fc.string({ minLength: 1, maxLength: 1, unit: "grapheme" }),
);

describe("story Markdown", () => {
  it("shows every copied sentence as written, each paragraph ending with its ids", () => {
    const facts = [
      "The plan costs $310 million, officials said.",
      "1. This is not a list item",
      "- Nor is this, <b>nor this</b> [a](link) *emphasis* _under_ `code` | pipe ~x~",
      "> A quote marker, \\ a backslash and # a hash",
    ];
    const markdown = renderStoryMarkdown(story(facts));
    const shown = paragraphs(markdown);
    for (const [index, fact] of facts.entries()) {
      expect(shown).toContain(`${fact} ${index % 2 === 0 ? "[m:1]" : "[m:1, m'2]"}`);
      expect(shown).toContain(`Brisk *Dispatch*, 2026-11-21T08:00:00.000Z: ${fact} [m'2]`);
    }
    expect(shown).toContain(
      "Sources differ: 12 according to Radio Tessel; 14 according to Brisk *Dispatch*. [m:1, m'2]",
    );
    expect(markdown.startsWith("# \\# Not a heading \\*really\\*\n")).toBe(true);
    expect(markdown).toContain("## Sources");
    expect(markdown).toContain("(<https://radiotessel.example/m:1>)");
  });

  it("keeps any sentence intact through escaping (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: markdownish, minLength: 1, maxLength: 80 }), (raw) => {
        const sentence = raw.trim();
        // Control characters pass through unescaped (a tab or newline is white space to
        // Markdown, NUL becomes U+FFFD); this property is about markup characters.
        fc.pre(sentence.length > 0 && ![...sentence].some((c) => c < " " || c === "\u007f"));
        const [shown] = paragraphs(`${escapeMarkdown(sentence)}\n`);
        expect(shown).toBe(sentence);
      }),
      { numRuns: 2000 },
    );
  });

  it("renders the same story to the same bytes", () => {
    const facts = ["One fact here.", "Another fact there."];
    expect(renderStoryMarkdown(story(facts))).toBe(renderStoryMarkdown(story(facts)));
  });
});
