// Text cleaning shared by the three feeds, and the CDATA white space fix for feedsmith output.
import { describe, expect, it } from "vitest";
import { cleanFeedText, escapeHtml, tightenCdata } from "./feed-text.js";

describe("cleanFeedText", () => {
  it("replaces every character XML 1.0 forbids, lone surrogates included", () => {
    const forbidden = [
      "\u0000",
      "\u0001",
      "\u0008",
      "\u000b",
      "\u000c",
      "\u001f",
      "\ufffe",
      "\uffff",
      "\ud800",
      "\udc00",
    ];
    for (const char of forbidden) expect(cleanFeedText(`a${char}b`)).toBe("a b");
  });

  it("keeps markup characters, quotes, emoji, astral and right-to-left text as they are", () => {
    const text = `Tom & Jerry's <b>"deal"</b> ]]> 🚀 𝄞 日本語 עברית العربية café`;
    expect(cleanFeedText(text)).toBe(text);
  });

  it("puts the text on one line and trims it", () => {
    expect(cleanFeedText("  one\n\ttwo\r\n three  ")).toBe("one two three");
    expect(cleanFeedText("\u0001\u0002")).toBe("");
  });
});

describe("escapeHtml", () => {
  it("escapes the five characters that matter in HTML text and attributes", () => {
    expect(escapeHtml(`<a href="x">'&amp;'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;amp;&#39;&lt;/a&gt;",
    );
  });
});

describe("tightenCdata", () => {
  it("removes the line breaks the formatter puts around a CDATA section", () => {
    const formatted = "<item>\n  <title>\n    <![CDATA[a & b]]>\n  </title>\n</item>";
    expect(tightenCdata(formatted)).toBe("<item>\n  <title><![CDATA[a & b]]></title>\n</item>");
  });

  it("leaves a split CDATA section (text holding ]]>) intact", () => {
    const split = "<t>\n  <![CDATA[x ]]]]><![CDATA[> y]]>\n</t>";
    expect(tightenCdata(split)).toBe("<t><![CDATA[x ]]]]><![CDATA[> y]]></t>");
  });
});
