// Any feed we read (RSS 0.9x/1.0/2.0, Atom 1.0, JSON Feed 1.0/1.1), parsed by feedsmith and
// brought to one shape: the feed's title, link, language and date, and its items.
import { createHash } from "node:crypto";
import { parseFeed } from "feedsmith";
import { SvcError } from "../../errors.js";
import { canonicalLink } from "./canonical-link.js";
import { parseFeedDate } from "./feed-dates.js";

export interface FeedItem {
  /** The item's guid or id, else its link, else a hash of its title and content. */
  key: string;
  /** Absolute link to the item's page. */
  link?: string;
  /** The title as the feed gives it (may hold HTML). */
  title?: string;
  contentHtml?: string;
  summaryHtml?: string;
  /** Plain text content (Atom type="text", JSON Feed content_text). */
  contentText?: string;
  publishedAt?: Date;
  updatedAt?: Date;
  language?: string;
  /**
   * The item's categories as the feed names them (RSS and RDF category and dc:subject, Atom
   * category label or term, JSON Feed tags), in feed order; absent when it names none.
   */
  categories?: string[];
}

export interface ParsedFeed {
  format: "rss" | "atom" | "rdf" | "json";
  title?: string;
  /** Absolute link to the site. */
  link?: string;
  language?: string;
  updatedAt?: Date;
  items: FeedItem[];
}

type Loose = Record<string, unknown>;

const text = (value: unknown): string | undefined => {
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (value && typeof value === "object" && "value" in value) return text((value as Loose).value);
  return undefined;
};
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as T;

function itemKey(candidates: Array<string | undefined>, fallback: string): string {
  const key = candidates.find((candidate) => candidate !== undefined && candidate.trim() !== "");
  return key?.trim() ?? `sha256:${createHash("sha256").update(fallback).digest("hex")}`;
}

/** Atom's `text` constructs: HTML for type html/xhtml, plain text otherwise. */
function atomText(value: unknown): { html?: string; plain?: string } {
  const body = text(value);
  if (body === undefined) return {};
  const type = (value as Loose | undefined)?.type;
  return type === "html" || type === "xhtml" ? { html: body } : { plain: body };
}

function atomLink(links: unknown): string | undefined {
  if (!Array.isArray(links)) return undefined;
  const alternate = (links as Loose[]).find(
    (link) => link.rel === undefined || link.rel === "alternate",
  );
  return text(alternate?.href);
}

/** The names of `values` (strings, or objects holding one under `keys`), blank ones left out. */
function namesOf(values: unknown, ...keys: string[]): string[] {
  if (!Array.isArray(values)) return [];
  return values.flatMap((value) => {
    const name =
      typeof value === "string"
        ? text(value)
        : value && typeof value === "object"
          ? keys.map((key) => text((value as Loose)[key])).find((each) => each !== undefined)
          : undefined;
    return name === undefined ? [] : [name];
  });
}

/** A list of categories, or undefined when there is none (so `defined` leaves the field out). */
function categoriesOf(...lists: string[][]): string[] | undefined {
  const all = lists.flat();
  return all.length > 0 ? all : undefined;
}

function rssItem(item: Loose, base: string): FeedItem {
  const dc = (item.dc ?? {}) as Loose;
  const link = canonicalLink(text(item.link), base);
  const guid = text((item.guid as Loose | undefined)?.value ?? item.guid);
  const content = text((item.content as Loose | undefined)?.encoded);
  const description = text(item.description);
  return defined({
    key: itemKey([guid, link], `${text(item.title) ?? ""}\n${content ?? description ?? ""}`),
    link,
    title: text(item.title),
    contentHtml: content,
    summaryHtml: description,
    publishedAt: parseFeedDate(item.pubDate) ?? parseFeedDate(first(dc.dates)),
    updatedAt: parseFeedDate(first(dc.dates)),
    language: text(first(dc.languages)),
    categories: categoriesOf(namesOf(item.categories, "name"), namesOf(dc.subjects)),
  });
}

function atomItem(entry: Loose, base: string, language: string | undefined): FeedItem {
  const entryBase = text((entry.xml as Loose | undefined)?.base);
  const resolvedBase = entryBase ? new URL(entryBase, base).href : base;
  const link = canonicalLink(atomLink(entry.links), resolvedBase);
  const content = atomText(entry.content);
  const summary = atomText(entry.summary);
  const title = atomText(entry.title);
  return defined({
    key: itemKey(
      [text(entry.id), link],
      `${title.html ?? title.plain ?? ""}\n${content.html ?? content.plain ?? ""}`,
    ),
    link,
    title: title.html ?? title.plain,
    contentHtml: content.html,
    contentText: content.plain ?? summary.plain,
    summaryHtml: summary.html,
    publishedAt: parseFeedDate(entry.published) ?? parseFeedDate(entry.updated),
    updatedAt: parseFeedDate(entry.updated),
    language: text((entry.xml as Loose | undefined)?.lang) ?? language,
    categories: categoriesOf(namesOf(entry.categories, "label", "term")),
  });
}

function jsonItem(item: Loose, base: string): FeedItem {
  const link = canonicalLink(text(item.url) ?? text(item.external_url), base);
  return defined({
    key: itemKey(
      [text(item.id), link],
      `${text(item.title) ?? ""}\n${text(item.content_html) ?? text(item.content_text) ?? ""}`,
    ),
    link,
    title: text(item.title),
    contentHtml: text(item.content_html),
    contentText: text(item.content_text),
    summaryHtml: text(item.summary),
    publishedAt: parseFeedDate(item.date_published) ?? parseFeedDate(item.date_modified),
    updatedAt: parseFeedDate(item.date_modified),
    language: text(item.language),
    categories: categoriesOf(namesOf(item.tags)),
  });
}

function invalid(feedUrl: string, reason: string): SvcError {
  return new SvcError(
    "invalid_feed",
    `not a feed we can read (${reason})`,
    `check that ${feedUrl} is an RSS, Atom or JSON feed (open it in a browser), or remove it from the subscriptions file`,
  );
}

export function parseFeedText(source: string, feedUrl: string): ParsedFeed {
  const trimmed = source.replace(/^\uFEFF/, "").trimStart();
  let input: unknown = trimmed;
  if (trimmed.startsWith("{")) {
    try {
      input = JSON.parse(trimmed);
    } catch (error) {
      throw invalid(feedUrl, `broken JSON: ${(error as Error).message}`);
    }
  }
  let parsed: { format: string; feed: Loose };
  try {
    parsed = (parseFeed as (value: unknown) => unknown)(input) as { format: string; feed: Loose };
  } catch (error) {
    throw invalid(feedUrl, (error as Error).message);
  }
  const feed = parsed.feed;
  const xml = (feed.xml ?? {}) as Loose;
  const base = text(xml.base) ? new URL(text(xml.base) as string, feedUrl).href : feedUrl;
  switch (parsed.format) {
    case "atom": {
      const language = text(xml.lang);
      return defined({
        format: "atom" as const,
        title: text(feed.title),
        link: canonicalLink(atomLink(feed.links), base),
        language,
        updatedAt: parseFeedDate(feed.updated),
        items: ((feed.entries as Loose[] | undefined) ?? []).map((entry) =>
          atomItem(entry, base, language),
        ),
      });
    }
    case "json":
      return defined({
        format: "json" as const,
        title: text(feed.title),
        link: canonicalLink(text(feed.home_page_url), base),
        language: text(feed.language),
        items: ((feed.items as Loose[] | undefined) ?? []).map((item) => jsonItem(item, base)),
      });
    case "rss":
    case "rdf": {
      const dc = (feed.dc ?? {}) as Loose;
      return defined({
        format: parsed.format,
        title: text(feed.title),
        link: canonicalLink(text(feed.link), base),
        language: text(feed.language) ?? text(first(dc.languages)),
        updatedAt:
          parseFeedDate(feed.lastBuildDate) ??
          parseFeedDate(feed.pubDate) ??
          parseFeedDate(first(dc.dates)),
        items: ((feed.items as Loose[] | undefined) ?? []).map((item) => rssItem(item, base)),
      });
    }
    default:
      throw invalid(feedUrl, `unknown format ${parsed.format}`);
  }
}
