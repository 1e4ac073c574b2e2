// Every address the published tree uses, from the base URL: one place, so lists, feeds,
// llms.txt, the OpenAPI document and 404 hints never disagree about a path.

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
  llmsTxt: "llms.txt",
} as const;

export function topicIndexPath(topic: string): string {
  return `n/${topic}/index.json`;
}

export function storyDirectory(date: string, slug: string): string {
  return `stories/${date}/${slug}`;
}

export interface SiteLinks {
  home: string;
  /** The developer page (issue 7 renders it; the API description until then). */
  developers: string;
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
