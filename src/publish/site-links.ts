// Every address the published tree uses, from the base URL: one place, so lists, feeds,
// llms.txt, the OpenAPI document, the HTML pages and 404 hints never disagree about a path.
// A page's address is its directory (`/n/world/`); its file is `index.html` in it.

/** Paths of the files of a tree, relative to its root (no leading slash). */
export const TREE_PATHS = {
  latest: "editions/latest.json",
  jsonFeed: "editions/feed.json",
  rssFeed: "editions/feed.xml",
  atomFeed: "editions/atom.xml",
  roundups: "roundups/index.json",
  reuse: ".well-known/reuse.json",
  openApi: "openapi.json",
  serverCard: ".well-known/mcp/server-card.json",
  serverCardAtMcp: "mcp/server-card",
  mcpCatalog: ".well-known/mcp/catalog.json",
  llmsTxt: "llms.txt",
  homePage: "index.html",
  roundupsPage: "roundups/index.html",
  developersPage: "developers/index.html",
  notFoundPage: "404.html",
  stylesheet: "assets/site.css",
} as const;

/** The file of a story's page, beside `index.json` and `index.md` in its directory. */
export const STORY_PAGE_FILE = "index.html";

export function topicIndexPath(topic: string): string {
  return `n/${topic}/index.json`;
}

/** The HTML page of a topic: `/n/{topic}/` is this file. */
export function topicPagePath(topic: string): string {
  return `n/${topic}/index.html`;
}

export function storyDirectory(date: string, slug: string): string {
  return `stories/${date}/${slug}`;
}

export interface SiteLinks {
  home: string;
  /** The developer page (`developers/index.html`). */
  developers: string;
  /** The roundups page (`roundups/index.html`). */
  roundupsPage: string;
  mcp: string;
  ask: string;
  file(path: string): string;
  topicPage(topic: string): string;
  topicJson(topic: string): string;
  feeds: { json_feed: string; rss: string; atom: string };
}

export function siteLinks(baseUrl: string): SiteLinks {
  const file = (path: string) => `${baseUrl}/${path}`;
  return {
    home: `${baseUrl}/`,
    developers: `${baseUrl}/developers/`,
    roundupsPage: `${baseUrl}/roundups/`,
    mcp: `${baseUrl}/mcp`,
    ask: `${baseUrl}/ask`,
    file,
    topicPage: (topic) => `${baseUrl}/n/${topic}/`,
    topicJson: (topic) => file(topicIndexPath(topic)),
    feeds: {
      json_feed: file(TREE_PATHS.jsonFeed),
      rss: file(TREE_PATHS.rssFeed),
      atom: file(TREE_PATHS.atomFeed),
    },
  };
}
