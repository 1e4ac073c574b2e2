// The Atom 1.0 feed (RFC 4287) of an edition: /editions/atom.xml.
import { type AtomFeed, generateAtomFeed } from "feedsmith";
import { type FeedEntry, feedEntries } from "./feed-entries.js";
import { type FeedInput, validateFeedInput } from "./feed-input.js";
import { feedLinks } from "./feed-links.js";
import { cleanFeedText, tightenCdata } from "./feed-text.js";

/**
 * An entry links to the story page (rel="alternate", no type: its first link, which readers
 * open) and to the same story as JSON and as Markdown (RFC 4287 §4.2.7.2 allows one
 * alternate per media type).
 */
function entryOf(entry: FeedEntry): AtomFeed.Entry<string> {
  return {
    id: entry.url,
    title: { value: entry.title, type: "text" },
    summary: entry.summary === undefined ? undefined : { value: entry.summary, type: "text" },
    published: entry.published,
    updated: entry.updated,
    links: [
      { href: entry.url, rel: "alternate" },
      { href: entry.json, rel: "alternate", type: "application/json" },
      { href: entry.markdown, rel: "alternate", type: "text/markdown" },
    ],
    categories: entry.categories,
  };
}

/** Renders Atom 1.0: same input, same bytes. Throws SvcError on invalid input. */
export function renderAtomFeed(input: FeedInput): string {
  const feed = validateFeedInput(input, "Atom");
  const title = cleanFeedText(feed.title) || feed.homePageUrl;
  const subtitle = cleanFeedText(feed.description);
  const xml = generateAtomFeed({
    // The feed's own address: permanent and unique, as RFC 4287 §4.2.6 asks of an id.
    id: feed.feedUrls.atom,
    title: { value: title, type: "text" },
    subtitle: subtitle === "" ? undefined : { value: subtitle, type: "text" },
    updated: feed.generatedAt,
    // RFC 4287 §4.1.1: a feed needs an author unless every entry has one.
    authors: [{ name: title, uri: feed.homePageUrl }],
    links: feedLinks(feed, "atom"),
    xml: feed.language === undefined ? undefined : { lang: feed.language },
    entries: feedEntries(feed).map(entryOf),
  });
  return `${tightenCdata(xml)}\n`;
}
