// Feeds to Manifests (docs/poll.md, "From item to Manifest"): bytes to text, any feed format
// to one item shape, HTML to text, links made canonical, language, article extraction.
export { canonicalLink } from "./canonical-link.js";
export { decodeFeedBytes } from "./decode-bytes.js";
export { detectFeedLanguage, detectLanguage, normalizeLanguageTag } from "./detect-language.js";
export { extractArticle } from "./extract-article.js";
export { parseFeedDate } from "./feed-dates.js";
export { htmlToText } from "./html-text.js";
export { type FeedContext, type ItemOutcome, itemToManifest } from "./item-manifest.js";
export { type FeedItem, type ParsedFeed, parseFeedText } from "./parse-feed.js";
