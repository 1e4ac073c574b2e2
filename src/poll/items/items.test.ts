// Feeds to Manifests, unit by unit: charsets, dates, HTML to text, links, language, article
// extraction, items to Manifests (every real feed: real-feeds.test.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { realNewsDirectory } from "../../../test/support/real-news.js";
import {
  canonicalLink,
  decodeFeedBytes,
  detectFeedLanguage,
  detectLanguage,
  extractArticle,
  htmlToText,
  itemToManifest,
  normalizeLanguageTag,
  parseFeedDate,
  parseFeedText,
} from "./index.js";
import { tagsOf } from "./item-manifest.js";
import { isAdvertisement } from "../../editorial/hygiene/advertisements.js";

const FEEDS = join(realNewsDirectory(), "feeds");
const CAPTURED = new Date("2026-11-24T12:00:00Z");
const context = (feedUrl: string) => ({
  feedUrl,
  feedKey: "test-feed",
  topic: "world",
  provider: "svc poll",
  capturedAt: CAPTURED,
});

describe("decodeFeedBytes", () => {
  const latin1 = Buffer.from("<rss><title>Not\xedcias de S\xe3o Paulo</title></rss>", "latin1");
  it("uses the charset HTTP names", () => {
    expect(decodeFeedBytes(latin1, "application/rss+xml; charset=ISO-8859-1")).toContain(
      "Notícias de São Paulo",
    );
  });
  it("falls back to windows-1252 for bytes that are not UTF-8, also under a wrong UTF-8 label", () => {
    expect(decodeFeedBytes(latin1, undefined)).toContain("São Paulo");
    expect(decodeFeedBytes(latin1, "text/xml; charset=utf-8")).toContain("São Paulo");
  });
  it("reads UTF-8 bytes as UTF-8 under a wrong Latin-1 label (a server's default charset)", () => {
    const utf8 = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><rss>São Paulo</rss>');
    expect(decodeFeedBytes(utf8, "text/xml; charset=ISO-8859-1")).toContain("São Paulo");
    const declared = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><rss>São</rss>');
    expect(decodeFeedBytes(declared, undefined)).toContain("<rss>São</rss>");
    expect(decodeFeedBytes(latin1, "text/xml; charset=x-unknown")).toContain("São Paulo");
  });
  it("reads the XML declaration and a byte order mark", () => {
    const declared = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>'),
      latin1,
    ]);
    expect(decodeFeedBytes(declared, "application/xml")).toContain("São Paulo");
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("<rss>café</rss>")]);
    expect(decodeFeedBytes(bom, "text/xml; charset=ISO-8859-1")).toBe("<rss>café</rss>");
  });
});

describe("parseFeedDate", () => {
  it("reads RFC 822 in English and other languages, RFC 3339 and CDATA", () => {
    expect(parseFeedDate("Seg, 24 Set 2018 19:42:40 -0300")?.toISOString()).toBe(
      "2018-09-24T22:42:40.000Z",
    );
    expect(parseFeedDate("Tue, 24 Nov 2026 10:00:00 GMT")?.toISOString()).toBe(
      "2026-11-24T10:00:00.000Z",
    );
    expect(parseFeedDate("Mo, 3 Mär 2025 08:00:00 +0100")?.toISOString()).toBe(
      "2025-03-03T07:00:00.000Z",
    );
    expect(parseFeedDate("<![CDATA[Mon, 01 Jan 2018 10:00:00 EST]]>")?.toISOString()).toBe(
      "2018-01-01T15:00:00.000Z",
    );
    expect(parseFeedDate("2016-02-01T17:22:00+01:00")?.toISOString()).toBe(
      "2016-02-01T16:22:00.000Z",
    );
    expect(parseFeedDate("2016-02-01T17:22:00")?.toISOString()).toBe("2016-02-01T17:22:00.000Z");
  });
  it("reads more localised forms, zone names and zone-less dates the same on every host", () => {
    const cases: Array<[string, string]> = [
      ["ven, 7 fév 2025 08:00:00 +0100", "2025-02-07T07:00:00.000Z"],
      ["Di, 4 Mrz 2025 08:00:00 CET", "2025-03-04T07:00:00.000Z"],
      ["Seg, 24 Set 2018 19:42:40 BRT", "2018-09-24T22:42:40.000Z"],
      ["Sáb, 29 Set 2018 10:00:00 -03:00", "2018-09-29T13:00:00.000Z"],
      ["Monday, 24 November 2025 10:00 +0000", "2025-11-24T10:00:00.000Z"],
      ["2016-02-01 17:22:00", "2016-02-01T17:22:00.000Z"],
      ["Sat, Dec 16 2023 02:02:33 PM", "2023-12-16T14:02:33.000Z"],
      ["Mon Nov 24 2025 10:00:00 GMT-0500 (Eastern Standard Time)", "2025-11-24T15:00:00.000Z"],
    ];
    for (const [value, instant] of cases) expect(parseFeedDate(value)?.toISOString()).toBe(instant);
  });
  it("gives nothing for a day that does not exist, rather than rolling it over", () => {
    expect(parseFeedDate("Thu, 31 Feb 2026 10:00:00 GMT")).toBeUndefined();
    expect(parseFeedDate("Thu, 26 Feb 2026 25:00:00 GMT")).toBeUndefined();
  });
  it("gives nothing for text that names no instant", () => {
    for (const value of ["", "yesterday", "32 Foo 2020 10:00:00", undefined, 42])
      expect(parseFeedDate(value)).toBeUndefined();
  });
});

describe("htmlToText", () => {
  it("keeps paragraphs and line breaks, drops scripts, styles, figures and embeds", () => {
    const html = `<p>First  paragraph
      with a break inside.</p><script>alert(1)</script><style>p{}</style>
      <figure><img src="x.jpg"><figcaption>Photo: Agency</figcaption></figure>
      <p>Second &amp; last<br>line two</p><ul><li>one</li><li>two</li></ul><iframe src="x"></iframe>`;
    expect(htmlToText(html)).toBe(
      "First paragraph with a break inside.\n\nSecond & last\nline two\n\none\ntwo",
    );
  });
  it("keeps table cells apart on their row's line", () => {
    expect(
      htmlToText(
        "<table><tr><th>Team</th><th>Score</th></tr><tr><td>A</td><td>2</td></tr></table>",
      ),
    ).toBe("Team Score\nA 2");
  });
  it("decodes entities and leaves plain text alone", () => {
    expect(htmlToText("Caf&eacute; &#8220;quoted&#8221; &lt;b&gt;")).toBe("Café “quoted” <b>");
    expect(htmlToText("Just text.")).toBe("Just text.");
  });
});

describe("canonicalLink", () => {
  it("makes links absolute and drops tracking parameters and fragments", () => {
    expect(
      canonicalLink("/a/b?utm_source=rss&id=7&fbclid=x#top", "https://example.org/feed.xml"),
    ).toBe("https://example.org/a/b?id=7");
    expect(canonicalLink("https://example.org/x?utm_campaign=y", "https://a/")).toBe(
      "https://example.org/x",
    );
    expect(canonicalLink("javascript:alert(1)", "https://a/")).toBeUndefined();
    expect(canonicalLink("mailto:x@example.org", "https://a/")).toBeUndefined();
    expect(canonicalLink("  ", "https://a/")).toBeUndefined();
  });
});

describe("language", () => {
  it("detects the language of enough text, and nothing from too little", () => {
    expect(
      detectLanguage(
        "Die Bundesregierung hat am Dienstag neue Regeln für den Handel beschlossen, die ab dem nächsten Jahr gelten sollen und viele Unternehmen betreffen.",
      ),
    ).toBe("de");
    expect(detectLanguage("Short text.")).toBeUndefined();
  });
  it("judges a feed that declares none on its items together (livemint's first teaser alone looks Norwegian)", () => {
    const feed = parseFeedText(
      readFileSync(join(FEEDS, "livemint_news_2019-05-29.rss.xml"), "utf8"),
      "https://www.livemint.com/rss/news",
    );
    expect(feed.language).toBeUndefined();
    expect(detectFeedLanguage(feed)).toBe("en");
  });

  it("normalises tags to BCP 47 case", () => {
    expect(normalizeLanguageTag("EN")).toBe("en");
    expect(normalizeLanguageTag("en-us")).toBe("en-US");
    expect(normalizeLanguageTag("pt_br")).toBe("pt-BR");
    expect(normalizeLanguageTag("zh-hant-tw")).toBe("zh-Hant-TW");
    expect(normalizeLanguageTag("not a tag")).toBeUndefined();
  });
});

describe("extractArticle", () => {
  it("keeps the article and leaves navigation, captions and footers out", () => {
    const paragraphs = Array.from(
      { length: 8 },
      (_, index) =>
        `<p>Paragraph ${index + 1} of the report on the harbour works, long enough to count as the body of an article for the extractor.</p>`,
    ).join("");
    const page = `<!doctype html><html><head><title>Harbour works | Example News</title></head><body>
      <nav><a href="/">Home</a><a href="/world">World</a></nav><div class="ad">Advertisement</div>
      <article><h1>Harbour works</h1>${paragraphs}<figure><img src="a.jpg"><figcaption>Photo: Agency</figcaption></figure></article>
      <footer>Copyright 2026 Example News. All rights reserved.</footer></body></html>`;
    const article = extractArticle(page, "https://example.org/harbour");
    expect(article?.text).toContain("Paragraph 1 of the report");
    expect(article?.text).toContain("Paragraph 8 of the report");
    expect(article?.text).not.toContain("Photo: Agency");
    expect(article?.text).not.toContain("All rights reserved");
    expect(article?.text).not.toContain("Home");
  });
});

describe("itemToManifest", () => {
  const feed = parseFeedText(
    `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Example &amp; Co</title><link>https://www.example.org/</link><language>EN-gb</language>
    <item><title><![CDATA[<b>Council</b> approves plan]]></title><link>/news/1?utm_source=rss</link><guid>n-1</guid><pubDate>Tue, 24 Nov 2026 09:00:00 GMT</pubDate><description>Teaser.</description><content:encoded><![CDATA[<p>The council approved the plan.</p><p>Work starts in spring.</p>]]></content:encoded></item>
    <item><guid>n-2</guid><description>No title here. Only text, and a second sentence.</description><pubDate>Fri, 24 Nov 2045 09:00:00 GMT</pubDate></item>
    <item><guid>n-3</guid><enclosure url="https://www.example.org/a.mp3" type="audio/mpeg" length="1"/></item>
    </channel></rss>`,
    "https://www.example.org/rss.xml",
  );

  it("fills every field from the item, the feed and the subscription", () => {
    const outcome = itemToManifest(feed.items[0]!, feed, {
      ...context("https://www.example.org/rss.xml"),
      license: "All rights reserved",
    });
    expect(outcome.ok).toBe(true);
    const manifest = outcome.ok ? outcome.manifest : undefined;
    expect(manifest).toMatchObject({
      url: "https://www.example.org/news/1",
      publisher: { name: "Example & Co", domain: "example.org" },
      title: "Council approves plan",
      text: "The council approved the plan.\n\nWork starts in spring.",
      published_at: "2026-11-24T09:00:00.000Z",
      captured_at: "2026-11-24T12:00:00.000Z",
      topic: "world",
      language: "en-GB",
      provider: "svc poll",
      license: "All rights reserved",
    });
    expect(manifest?.id).toMatch(/^test-feed:[0-9a-f]{24}$/);
  });

  it("takes a title from the text, and never a date after the capture", () => {
    const outcome = itemToManifest(
      feed.items[1]!,
      feed,
      context("https://www.example.org/rss.xml"),
    );
    expect(outcome.ok && outcome.manifest.title).toBe("No title here.");
    expect(outcome.ok && outcome.manifest.published_at).toBe("2026-11-24T12:00:00.000Z");
  });

  it("refuses a media-only item with a reason", () => {
    const outcome = itemToManifest(
      feed.items[2]!,
      feed,
      context("https://www.example.org/rss.xml"),
    );
    expect(outcome).toMatchObject({
      ok: false,
      reasons: [expect.stringMatching(/^text: the item has neither a title nor any text/)],
    });
  });

  it("keeps ids stable across polls and distinct across items", () => {
    const again = parseFeedText(
      readFileSync(join(FEEDS, "guardian_2018-01-31.rss.xml"), "utf8"),
      "https://www.theguardian.com/us/rss",
    );
    const ids = again.items.map((item) => {
      const outcome = itemToManifest(item, again, context("https://www.theguardian.com/us/rss"));
      return outcome.ok ? outcome.manifest.id : outcome.itemKey;
    });
    expect(new Set(ids).size).toBe(ids.length);
    const second = again.items.map((item) => {
      const outcome = itemToManifest(item, again, {
        ...context("https://www.theguardian.com/us/rss"),
        capturedAt: new Date(),
      });
      return outcome.ok ? outcome.manifest.id : outcome.itemKey;
    });
    expect(second).toEqual(ids);
  });
});

describe("categories as tags", () => {
  const feedUrl = "https://www.example.org/feed";
  const tagsOfFirst = (source: string) => {
    const feed = parseFeedText(source, feedUrl);
    const outcome = itemToManifest(feed.items[0]!, feed, context(feedUrl));
    if (!outcome.ok) throw new Error(outcome.reasons.join("; "));
    return outcome.manifest.tags;
  };

  it("reads RSS categories and dc:subject, Atom category labels or terms, JSON Feed tags", () => {
    expect(
      tagsOfFirst(`<?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title><link>https://www.example.org/</link>
      <item><title>Council approves plan</title><guid>1</guid><description>The council approved the plan.</description>
      <category domain="https://www.example.org/world">World news</category><category>Local  Politics</category><dc:subject>Budgets</dc:subject></item></channel></rss>`),
    ).toEqual(["world news", "local politics", "budgets"]);
    expect(
      tagsOfFirst(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>urn:t</id><updated>2026-11-24T09:00:00Z</updated>
      <entry><title>Council approves plan</title><id>urn:1</id><link href="https://www.example.org/1"/><updated>2026-11-24T09:00:00Z</updated><content type="text">The council approved the plan.</content>
      <category term="politics" label="Politics"/><category term="budget"/></entry></feed>`),
    ).toEqual(["politics", "budget"]);
    expect(
      tagsOfFirst(
        JSON.stringify({
          version: "https://jsonfeed.org/version/1.1",
          title: "T",
          items: [
            {
              id: "1",
              url: "https://www.example.org/1",
              title: "Council",
              content_text: "The council met.",
              tags: ["Events", "events", " "],
            },
          ],
        }),
      ),
    ).toEqual(["events"]);
  });

  it("gives no tags to an item without categories", () => {
    expect(
      tagsOfFirst(`<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://www.example.org/</link>
      <item><title>Council approves plan</title><guid>1</guid><description>The council approved the plan.</description></item></channel></rss>`),
    ).toBeUndefined();
  });

  it("leaves out what the Manifest schema cannot hold instead of refusing the item", () => {
    const many = Array.from({ length: 40 }, (_, index) => `Tag ${index}`);
    expect(tagsOf(["x".repeat(65), "\ud800 broken", "Kept", ...many])).toEqual([
      "kept",
      ...many.slice(0, 31).map((tag) => tag.toLowerCase()),
    ]);
    expect(tagsOf(["", "  "])).toBeUndefined();
    expect(
      tagsOf([
        "http://schemas.google.com/blogger/2008/kind#post",
        "Uncategorized",
        "2018",
        "—",
        "Politics",
      ]),
    ).toEqual(["politics"]);
    expect(tagsOf(undefined)).toBeUndefined();
  });

  it("makes a sponsor's post labelled by its category advertising, left out of the stories", () => {
    const source = `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://www.example.org/</link>
      <item><title>The homes of tomorrow</title><guid>1</guid><description>Acme builds homes.</description><category>Sponsored</category></item></channel></rss>`;
    const feed = parseFeedText(source, feedUrl);
    const outcome = itemToManifest(feed.items[0]!, feed, context(feedUrl));
    expect(outcome.ok && outcome.manifest.tags).toEqual(["sponsored"]);
    expect(outcome.ok && isAdvertisement(outcome.manifest)).toBe(true);
  });
});
