// `/llms.txt`: the index of pages for agents, in the llms.txt layout (a title, a one-line
// summary, then sections of links with a note each).
import type { NewsroomEntry, TreeStory } from "./render-lists.js";
import { type SiteLinks, TREE_PATHS } from "../tree/site-links.js";

/** Stories listed under "Latest stories" (the rest are in latest.json and the feeds). */
const LISTED_STORIES = 50;

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function renderLlmsTxt(options: {
  serviceName: string;
  cutMs: number;
  links: SiteLinks;
  newsrooms: readonly NewsroomEntry[];
  latest: readonly TreeStory[];
}): string {
  const { links } = options;
  const file = (path: string) => links.file(path);
  const lines = [
    `# ${oneLine(options.serviceName)}`,
    "",
    "> Machine-readable news stories for software agents. Every claim cites Manifest ids (provenance records linking to the original source). Rebuilt at 00:00 and 12:00 UTC from the Manifests of the preceding 24 hours. Keyless and read-only.",
    "",
    `Edition: ${new Date(options.cutMs).toISOString()}. No key is needed. \`/ask\` and MCP tool calls share a limit of 60 calls per 60 seconds per IP address; files are not counted.`,
    "",
    "## Start here",
    "",
    `- [Latest edition](${file(TREE_PATHS.latest)}): stories of the last 12 and 24 hours, the topics and the feeds`,
    `- [Ask](${links.ask}): a plain-language question, answered with facts copied word for word (GET ?query=..., or POST JSON)`,
    `- [MCP server](${links.mcp}): the same stories over MCP (Streamable HTTP); call svc_ask first`,
    `- [API description](${file(TREE_PATHS.openApi)}): OpenAPI 3.1`,
    `- [Reuse terms](${file(TREE_PATHS.reuse)}): credit line, link and keep-the-ids rules`,
    `- [Developer page](${links.developers}): how to use the API`,
    "",
    "## Topics",
    "",
    ...options.newsrooms.map(
      (newsroom) =>
        `- [${oneLine(newsroom.title)}](${links.topicJson(newsroom.id)}): ${oneLine(newsroom.description)}`,
    ),
    "",
    "## Feeds",
    "",
    `- [JSON Feed](${links.feeds.json_feed})`,
    `- [RSS](${links.feeds.rss})`,
    `- [Atom](${links.feeds.atom})`,
    `- [Roundups](${file(TREE_PATHS.roundups)}): related stories across topics`,
    "",
    "## Latest stories",
    "",
    ...options.latest
      .slice(0, LISTED_STORIES)
      .map(
        ({ summary }) =>
          `- [${oneLine(summary.headline).replace(/[[\]]/g, "")}](${summary.markdown}): ${summary.topic}, ${summary.published_at}`,
      ),
    "",
    "## Pages for people",
    "",
    `- [Home page](${links.home}): the latest edition by topic, as HTML`,
    `- [Roundups page](${links.roundupsPage}): related stories across topics`,
    `- [Developer page](${links.developers}): every endpoint with an example, /ask, MCP, limits and errors`,
    "- Story pages: the `url` of every story is its HTML page; topic pages are at the `url` of each topic in latest.json",
    "",
    "## Optional",
    "",
    `- [MCP server card](${file(TREE_PATHS.serverCard)})`,
  ];
  return `${lines.join("\n")}\n`;
}
