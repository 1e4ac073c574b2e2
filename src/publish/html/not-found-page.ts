// `404.markup` at the root of the tree: the page a server sends for a missing page when the
// client asks for HTML. It links to the places that do exist.
import type { NewsroomEntry } from "../render-lists.js";
import type { SiteLinks } from "../../tree/site-links.js";
import { TREE_PATHS } from "../../tree/site-links.js";
import { markup } from "./html.js";
import { renderPage } from "./layout.js";

export function renderNotFoundPage(input: {
  siteName: string;
  links: SiteLinks;
  newsrooms: readonly NewsroomEntry[];
  fictional?: boolean;
}): string {
  const { links } = input;
  const topics =
    input.newsrooms.length === 0
      ? ""
      : markup`<h2>Topics</h2>
<ul class="inline-list">
${input.newsrooms.map((newsroom) => markup`<li><a href="${links.topicPage(newsroom.id)}">${newsroom.title}</a></li>\n`)}</ul>
`;
  const main = markup`<h1>Page not found</h1>
<p>There is no page at this address (<code>not_found</code>). A story keeps its address for as long as it stays in the archive; this one may never have existed, or may have left the archive.</p>
<ul>
<li><a href="${links.home}">The latest edition</a></li>
<li><a href="${links.roundupsPage}">Roundups</a></li>
<li><a href="${links.developers}">The developer page</a>: the API, <code>/ask</code>, MCP and feeds</li>
<li><a href="${links.file(TREE_PATHS.llmsTxt)}">llms.txt</a>: an index of every page, for agents</li>
<li><a href="${links.file(TREE_PATHS.latest)}">latest.json</a>: the latest stories and topics as JSON</li>
</ul>
${topics}`;
  return renderPage({
    siteName: input.siteName,
    links,
    title: `Page not found | ${input.siteName}`,
    description: "There is no page at this address.",
    fictional: input.fictional === true,
    alternates: [],
    main,
  });
}
