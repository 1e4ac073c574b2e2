// The RSS 2.0 feed (https://www.rssboard.org/rss-specification) of an edition:
// /editions/feed.xml. Atom's namespace adds the self link and each story's JSON and Markdown.
import { type RssFeed, generateRssFeed } from "feedsmith";
import { type FeedEntry, feedEntries } from "./feed-entries.js";
import { type FeedInput, validateFeedInput } from "./feed-input.js";
import { cleanFeedText, escapeHtml, tightenCdata } from "./feed-text.js";
import { feedLinks } from "./feed-links.js";

const RSS_DOCS = "https://www.rssboard.org/rss-specification";

/** The item's description is HTML (as RSS readers expect): the dek, then links to the story. */
function descriptionOf(entry: FeedEntry): string {
  const lead = entry.summary === undefined ? "" : `<p>${escapeHtml(entry.summary)}</p>`;
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${text}</a>`;
  return `${lead}<p>${link(entry.url, "Story")} · ${link(entry.json, "JSON")} · ${link(entry.markdown, "Markdown")}</p>`;
}

function itemOf(entry: FeedEntry): RssFeed.Item<string> {
  return {
    title: entry.title,
    link: entry.url,
    guid: { value: entry.url, isPermaLink: true },
    description: descriptionOf(entry),
    pubDate: entry.published,
    categories: entry.categories.map(({ term, scheme }) => ({ name: term, domain: scheme })),
    atom: {
      updated: entry.updated,
      links: [
        { href: entry.json, rel: "alternate", type: "application/json" },
        { href: entry.markdown, rel: "alternate", type: "text/markdown" },
      ],
    },
  };
}

/** Renders RSS 2.0: same input, same bytes. Throws SvcError on invalid input. */
export function renderRssFeed(input: FeedInput): string {
  const feed = validateFeedInput(input, "RSS");
  const title = cleanFeedText(feed.title) || feed.homePageUrl;
  const xml = generateRssFeed({
    title,
    link: feed.homePageUrl,
    // RSS requires a description; the title stands in when there is none.
    description: cleanFeedText(feed.description) || title,
    language: feed.language,
    lastBuildDate: feed.generatedAt,
    docs: RSS_DOCS,
    atom: { links: feedLinks(feed, "rss") },
    items: feedEntries(feed).map(itemOf),
  });
  return `${tightenCdata(xml)}\n`;
}
