// The edition's three feeds, each a pure renderer from the same FeedInput (docs/feeds.md).
export { renderAtomFeed } from "./atom-feed.js";
export { type FeedInput, type FeedStory, FeedInputSchema, FeedStorySchema } from "./feed-input.js";
export { FEED_MEDIA_TYPES } from "./feed-links.js";
export { renderJsonFeed, type SvcItemExtension } from "./json-feed.js";
export { renderRssFeed } from "./rss-feed.js";
