// The JSON Feed (https://www.jsonfeed.org/version/1.1/) of an edition: /editions/feed.json.
import { type JsonFeed, generateJsonFeed } from "feedsmith";
import { type FeedEntry, feedEntries } from "./feed-entries.js";
import { type FeedInput, validateFeedInput } from "./feed-input.js";
import { cleanFeedText } from "./feed-text.js";

/** The `_svc` extension object of an item: what an agent needs to fetch and cite the story. */
export interface SvcItemExtension {
  json: string;
  markdown: string;
  topic?: string;
  beat?: string;
  trust?: string;
  source_count?: number;
  cited_manifest_ids?: string[];
}

const USER_COMMENT =
  "Each item is one story. Its _svc object gives the story's JSON and Markdown addresses and " +
  "the Manifest ids it cites; reuse must keep those ids and link to the story.";

function extensionOf(entry: FeedEntry): SvcItemExtension {
  const { story } = entry;
  const topic = cleanFeedText(story.topic ?? "");
  const beat = cleanFeedText(story.beat ?? "");
  return {
    json: entry.json,
    markdown: entry.markdown,
    ...(topic !== "" ? { topic } : {}),
    ...(beat !== "" ? { beat } : {}),
    ...(story.trust !== undefined ? { trust: story.trust } : {}),
    ...(story.source_count !== undefined ? { source_count: story.source_count } : {}),
    ...(story.cited_manifest_ids !== undefined
      ? { cited_manifest_ids: story.cited_manifest_ids }
      : {}),
  };
}

function itemOf(entry: FeedEntry): JsonFeed.Item<string> {
  const lead = entry.summary ?? entry.title;
  const tags = [...new Set(entry.categories.map((category) => category.term))];
  const item: JsonFeed.Item<string> & { _svc: SvcItemExtension } = {
    id: entry.url,
    url: entry.url,
    title: entry.title,
    content_text: `${lead}\n\nJSON: ${entry.json}\nMarkdown: ${entry.markdown}`,
    summary: entry.summary,
    date_published: entry.published,
    date_modified: entry.hasUpdatedAt ? entry.updated : undefined,
    tags: tags.length > 0 ? tags : undefined,
    _svc: extensionOf(entry),
  };
  return item;
}

/** Renders JSON Feed 1.1: same input, same bytes. Throws SvcError on invalid input. */
export function renderJsonFeed(input: FeedInput): string {
  const feed = validateFeedInput(input, "JSON");
  const title = cleanFeedText(feed.title) || feed.homePageUrl;
  const generated = generateJsonFeed({
    title,
    home_page_url: feed.homePageUrl,
    feed_url: feed.feedUrls.json,
    description: cleanFeedText(feed.description) || undefined,
    user_comment: USER_COMMENT,
    language: feed.language,
    authors: [{ name: title, url: feed.homePageUrl }],
    items: feedEntries(feed).map(itemOf),
  }) as Record<string, unknown>;
  // feedsmith leaves out empty arrays, but JSON Feed requires `items` even when empty.
  return `${JSON.stringify({ ...generated, items: generated.items ?? [] }, null, 2)}\n`;
}
