// Every real feed of ../shared/data/real (and the two aggregator feeds) read into valid
// Manifests, with per-feed expectations that show when a change alters what a reader sees.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { realNewsDirectory } from "../../../test/support/real-news.js";
import { normalizeManifest } from "../../manifests/normalize.js";
import { decodeFeedBytes, detectFeedLanguage, itemToManifest, parseFeedText } from "./index.js";

const FEEDS = join(realNewsDirectory(), "feeds");
const AGGREGATOR = join(realNewsDirectory(), "google_news_2022-07-28");
const CAPTURED = new Date("2026-11-24T12:00:00Z");
const context = (feedUrl: string) => ({
  feedUrl,
  feedKey: "test-feed",
  topic: "world",
  provider: "svc poll",
  capturedAt: CAPTURED,
});

/** Every real feed: items read, Manifests valid, refusals only for items with nothing to read. */
describe("the real feeds", () => {
  const files = [
    ...readdirSync(FEEDS)
      .filter((name) => /\.(xml|json)$/.test(name) && name !== "MANIFEST.json")
      .map((name) => join(FEEDS, name)),
    ...readdirSync(AGGREGATOR)
      .filter((name) => name.endsWith(".xml"))
      .map((name) => join(AGGREGATOR, name)),
  ];
  /** What each feed must keep giving: a change here is a change a reader would see. */
  const expected: Record<
    string,
    { items: number; manifests: number; language: string; title: string; publishedAt: string }
  > = {
    "adactio_journal_2022-07.jsonfeed.json": {
      items: 10,
      manifests: 10,
      language: "en",
      title: "The line-up for dConstruct 2022 …revealed!",
      publishedAt: "2022-07-26T13:01:01.000Z",
    },
    "aktuality_sk_2021-01-17.rss.xml": {
      items: 30,
      manifests: 29,
      language: "sk",
      title: "Analytici Goldman Sachs zvýšili odhad rastu ekonomiky USA",
      publishedAt: "2021-01-17T18:27:00.000Z",
    },
    "daringfireball_2017-06.jsonfeed.json": {
      items: 48,
      manifests: 48,
      language: "en",
      title: "The Talk Show: ‘I Do Like Throwing a Baby’",
      publishedAt: "2017-06-27T00:54:17.000Z",
    },
    "guardian_2018-01-31.rss.xml": {
      items: 55,
      manifests: 55,
      language: "en-GB",
      title: "Trump State of the Union address promised unity but emphasized discord",
      publishedAt: "2018-01-31T07:26:05.000Z",
    },
    "heise_developer_2016-02-01.atom.xml": {
      items: 15,
      manifests: 15,
      language: "de",
      title: "Java-Anwendungsserver: Red Hat gibt WildFly 10 frei",
      publishedAt: "2016-02-01T16:22:00.000Z",
    },
    "ilmessaggero_mondo.rss.xml": {
      items: 1,
      manifests: 1,
      language: "it-IT",
      title: "Missili Polonia, cosa è successo? Tensione Nato-Russia, Mosca: non siamo stati noi",
      publishedAt: "2022-11-15T23:38:15.000Z",
    },
    "livemint_news_2019-05-29.rss.xml": {
      items: 25,
      manifests: 25,
      language: "en",
      title: "PM Modi-Xi Jinping informal summit in Varanasi this October: Report",
      publishedAt: "2019-05-29T10:16:00.000Z",
    },
    "macworld_2017-11-28.rss.xml": {
      items: 30,
      manifests: 28,
      language: "en-US",
      title: "Best smart lock",
      publishedAt: "2017-11-28T23:40:00.000Z",
    },
    "nbcnewyork_2023-12-17.rss.xml": {
      items: 1,
      manifests: 1,
      language: "en-US",
      title:
        "NYC cops search for stabbing suspect after leaving 18-year-old to bleed out on sidewalk",
      publishedAt: "2023-12-16T14:02:33.000Z",
    },
    "spiegel_update_2021-02-06.rss.xml": {
      items: 1,
      manifests: 1,
      language: "de",
      title:
        "07.02. – die Wochenvorschau: Lockdown-Verlängerung, Kriegsverbrecher vor Gericht, Super Bowl, Karneval",
      publishedAt: "2021-02-06T23:01:00.000Z",
    },
    "tpm_all_news_2017-11-08.atom.xml": {
      items: 20,
      manifests: 20,
      language: "en-US",
      title: "Hannity Announces Fox Has Hired Sebastian Gorka As NatSec Strategist",
      publishedAt: "2017-11-08T23:15:58.000Z",
    },
    "uol_noticias_2018-09-24.rss.xml": {
      items: 15,
      manifests: 15,
      language: "pt",
      title: "Ibope: Bolsonaro perde de Haddad, Ciro e Alckmin em simulações de 2º turno",
      publishedAt: "2018-09-24T22:42:40.000Z",
    },
    "washingtonpost_wellness_2012-08-24.rss.xml": {
      items: 29,
      manifests: 26,
      language: "en",
      title: "Schools minister to kids’ fitness and nutrition needs",
      publishedAt: "2012-08-21T15:33:00.000Z",
    },
    "google_news_top_stories_us_en.atom.xml": {
      items: 38,
      manifests: 38,
      language: "en",
      title:
        "In a major boost to Democrats, Manchin and Schumer announce deal for energy and health care bill - CNN",
      publishedAt: "2022-07-28T02:43:00.000Z",
    },
    "google_news_top_stories_us_en.rss.xml": {
      items: 38,
      manifests: 38,
      language: "en-US",
      title:
        "In a major boost to Democrats, Manchin and Schumer announce deal for energy and health care bill - CNN",
      publishedAt: "2022-07-28T02:43:00.000Z",
    },
  };

  it.each(files.map((file) => [file.split("/").pop() as string, file]))("%s", (name, file) => {
    const text = decodeFeedBytes(
      readFileSync(file),
      name.startsWith("uol_") ? "application/rss+xml; charset=ISO-8859-1" : undefined,
    );
    const feed = parseFeedText(text, `https://feeds.example/${name}`);
    expect(feed.items.length).toBeGreaterThan(0);
    // As the poller does: a feed that declares no language is judged on its items together.
    const language = feed.language === undefined ? detectFeedLanguage(feed) : undefined;
    const outcomes = feed.items.map((item) =>
      itemToManifest(item, feed, {
        ...context(`https://feeds.example/${name}`),
        ...(language ? { language } : {}),
      }),
    );
    const manifests = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.manifest] : []));
    for (const outcome of outcomes) {
      if (!outcome.ok)
        expect(outcome.reasons.join(" ")).toMatch(/^text: the item's content holds no text/);
    }
    expect(manifests.length).toBeGreaterThanOrEqual(feed.items.length * 0.85);
    for (const manifest of manifests) {
      expect(normalizeManifest(manifest).ok).toBe(true);
      expect(manifest.text).not.toMatch(/<\/?(p|div|br|img|script)\b/i);
      expect(manifest.title).not.toMatch(/<\/?[a-z]+[^>]*>/i);
    }
    const known = expected[name];
    expect(known, `an expectation for ${name}`).toBeDefined();
    expect(feed.items).toHaveLength(known?.items ?? -1);
    expect(manifests).toHaveLength(known?.manifests ?? -1);
    expect([...new Set(manifests.map((manifest) => manifest.language))].join(",")).toBe(
      known?.language,
    );
    expect(manifests[0]).toMatchObject({ title: known?.title, published_at: known?.publishedAt });
  });

  it("tags each Guardian item with its categories, and adactio's JSON Feed posts with their tags", () => {
    const guardian = parseFeedText(
      readFileSync(join(FEEDS, "guardian_2018-01-31.rss.xml"), "utf8"),
      "https://www.theguardian.com/us/rss",
    );
    const outcome = itemToManifest(guardian.items[0]!, guardian, context("https://x.example/"));
    expect(outcome.ok && outcome.manifest.tags?.slice(0, 2)).toEqual([
      "donald trump",
      "state of the union address",
    ]);
    const adactio = parseFeedText(
      readFileSync(join(FEEDS, "adactio_journal_2022-07.jsonfeed.json"), "utf8"),
      "https://adactio.com/journal/feed.json",
    );
    const post = itemToManifest(adactio.items[0]!, adactio, context("https://x.example/"));
    expect(post.ok && post.manifest.tags).toContain("dconstruct");
  });

  it("resolves relative links against the feed (TPM's Atom entries are relative)", () => {
    const feed = parseFeedText(
      readFileSync(join(FEEDS, "tpm_all_news_2017-11-08.atom.xml"), "utf8"),
      "https://talkingpointsmemo.com/feed/all",
    );
    expect(feed.items[0]?.link).toMatch(/^https?:\/\/talkingpointsmemo\.com\/livewire\//);
  });

  it("reads the localised dates of UOL and strips tracking from heise links", () => {
    const uol = parseFeedText(
      decodeFeedBytes(readFileSync(join(FEEDS, "uol_noticias_2018-09-24.rss.xml")), undefined),
      "https://rss.uol.com.br/feed/noticias.xml",
    );
    expect(uol.items[0]?.publishedAt?.toISOString()).toBe("2018-09-24T22:42:40.000Z");
    // No HTTP charset and no XML declaration: the windows-1252 fallback keeps the accents.
    expect(uol.items[0]?.title).toBe(
      "Ibope: Bolsonaro perde de Haddad, Ciro e Alckmin em simulações de 2º turno",
    );
    const heise = parseFeedText(
      readFileSync(join(FEEDS, "heise_developer_2016-02-01.atom.xml"), "utf8"),
      "https://www.heise.de/developer/rss/news-atom.xml",
    );
    expect(heise.items[0]?.link).not.toContain("wt_mc");
  });

  it("refuses what is not a feed with a clear message", () => {
    expect(() =>
      parseFeedText("<html><body>Hello</body></html>", "https://x.example/feed"),
    ).toThrow(/not a feed we can read/);
    expect(() => parseFeedText("{broken", "https://x.example/feed.json")).toThrow(/broken JSON/);
    expect(() => parseFeedText("\u0000\u0001garbage", "https://x.example/feed")).toThrow(
      /not a feed we can read/,
    );
  });
});
