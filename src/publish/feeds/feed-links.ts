// Addresses the feeds point to besides the stories: each feed's self link (RFC 4287 §4.2.7.2;
// the RSS Advisory Board's atom:link advice), its other formats, and category schemes.
import type { ValidFeedInput } from "./feed-input.js";

export const FEED_MEDIA_TYPES = {
  json: "application/feed+json",
  rss: "application/rss+xml",
  atom: "application/atom+xml",
} as const;

export type FeedFormat = keyof typeof FEED_MEDIA_TYPES;

export interface FeedLink {
  href: string;
  rel: string;
  type?: string;
}

/** Self link first, then the home page and the same edition in the other two formats. */
export function feedLinks(feed: ValidFeedInput, self: FeedFormat): FeedLink[] {
  const formats = (Object.keys(FEED_MEDIA_TYPES) as FeedFormat[]).filter((f) => f !== self);
  return [
    { href: feed.feedUrls[self], rel: "self", type: FEED_MEDIA_TYPES[self] },
    { href: feed.homePageUrl, rel: "alternate" },
    ...formats.map((format) => ({
      href: feed.feedUrls[format],
      rel: "alternate",
      type: FEED_MEDIA_TYPES[format],
    })),
  ];
}

/** `{base}/{path}` without a doubled slash: base URLs are configured without a trailing one. */
export function underBase(homePageUrl: string, path: string): string {
  return `${homePageUrl.replace(/\/+$/, "")}/${path}`;
}

/**
 * Category schemes (Atom `scheme`, RSS `domain`): topics are the spec's `/n/{topic}/` lists;
 * beats are what roundups (`/roundups/`) group stories by.
 */
export function topicScheme(homePageUrl: string): string {
  return underBase(homePageUrl, "n/");
}

export function beatScheme(homePageUrl: string): string {
  return underBase(homePageUrl, "roundups/");
}
