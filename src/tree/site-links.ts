// Every path and address the published tree uses, from the base URL: one place, so the
// builder (a story's url, json and markdown), lists, feeds, llms.txt, the OpenAPI document,
// the HTML pages, 404 hints, the server and MCP never disagree about a path. A page's
// address is its directory (`/n/world/`); its file is `index.html` in it.

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

/** The files of a story's directory: the Story, its Markdown, and its page for people. */
export const STORY_FILES = {
  json: "index.json",
  markdown: "index.md",
  page: "index.html",
} as const;

/** The file names of a story directory; `/stories/{date}/{slug}/` is its `index.html`. */
export const STORY_FILE_NAMES = [STORY_FILES.json, STORY_FILES.markdown, STORY_FILES.page] as const;

export type StoryFileName = (typeof STORY_FILE_NAMES)[number];

/** The file of a story's page, beside `index.json` and `index.md` in its directory. */
export const STORY_PAGE_FILE = STORY_FILES.page;

export function topicIndexPath(topic: string): string {
  return `n/${topic}/index.json`;
}

/** The HTML page of a topic: `/n/{topic}/` is this file. */
export function topicPagePath(topic: string): string {
  return `n/${topic}/index.html`;
}

/** `stories/{date}/{slug}`: the directory of a story (the date it was first published). */
export function storyDirectory(date: string, slug: string): string {
  return `stories/${date}/${slug}`;
}

/** `stories/{date}/{slug}/{file}`: one file of a story. */
export function storyFilePath(date: string, slug: string, file: StoryFileName): string {
  return `${storyDirectory(date, slug)}/${file}`;
}

/** The addresses of a story: its page (`url`, a directory), its JSON and its Markdown. */
export interface StoryLinks {
  url: string;
  json: string;
  markdown: string;
}

/** A story's addresses from its page address (`…/stories/{date}/{slug}/`). */
export function storyLinksOf(pageUrl: string): StoryLinks {
  return {
    url: pageUrl,
    json: `${pageUrl}${STORY_FILES.json}`,
    markdown: `${pageUrl}${STORY_FILES.markdown}`,
  };
}

/** The addresses of the story `date/slug` under `baseUrl`: the one place a story URL is made. */
export function storyLinks(baseUrl: string, story: { date: string; slug: string }): StoryLinks {
  return storyLinksOf(`${baseUrl}/${storyDirectory(story.date, story.slug)}/`);
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
  story(date: string, slug: string): StoryLinks;
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
    story: (date, slug) => storyLinks(baseUrl, { date, slug }),
    feeds: {
      json_feed: file(TREE_PATHS.jsonFeed),
      rss: file(TREE_PATHS.rssFeed),
      atom: file(TREE_PATHS.atomFeed),
    },
  };
}
