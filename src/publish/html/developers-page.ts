// The developer page (`/developers/`): every endpoint with an example that works against this
// edition (a real topic and story of it), `/ask` and its stream, MCP, feeds, the reuse terms,
// rate limits, versioning and deprecation, and the error codes.
import { MCP_HANDSHAKE_VERSION, MCP_PROTOCOL_VERSIONS } from "../../api/mcp-http.js";
import type { ReuseTerms } from "../../api/reuse-terms.js";
import type { ListedStory } from "../../api/story.js";
import type { NewsroomEntry } from "../render-lists.js";
import type { SiteLinks } from "../../tree/site-links.js";
import { TREE_PATHS } from "../../tree/site-links.js";
import { type Example, exampleBlock } from "./developer-examples.js";
import {
  type DeprecationNotice,
  deprecationNotice,
  errorsSection,
  mcpToolsTable,
  rateLimitSection,
  versioningSection,
} from "./developer-reference.js";
import { timeElement } from "./format-time.js";
import { type Html, markup, type HtmlValue, joinHtml } from "./html.js";
import { renderPage } from "./layout.js";

export interface DevelopersPageInput {
  siteName: string;
  links: SiteLinks;
  cutMs: number;
  newsrooms: readonly NewsroomEntry[];
  /** A story of the edition for the examples (none: the story examples are described only). */
  sampleStory: ListedStory | undefined;
  reuse: ReuseTerms;
  /** A configured deprecation of this API version (SVC_DEPRECATION_AT and friends). */
  deprecation?: DeprecationNotice | undefined;
  fictional?: boolean;
}

const JSON_RPC_HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
  "MCP-Protocol-Version": MCP_HANDSHAKE_VERSION,
};

const CONTENTS: ReadonlyArray<[string, string]> = [
  ["files", "Files: stories, topics, roundups"],
  ["ask", "/ask: questions answered with facts"],
  ["mcp", "MCP"],
  ["feeds", "Feeds"],
  ["reuse", "Reuse terms"],
  ["rate-limits", "Rate limits"],
  ["versioning", "Versioning and deprecation"],
  ["errors", "Errors"],
];

function section(id: string, body: HtmlValue): Html {
  const heading = CONTENTS.find(([key]) => key === id)?.[1] ?? id;
  return markup`<section aria-labelledby="${id}">\n<h2 id="${id}">${heading}</h2>\n${body}</section>\n`;
}

const get = (id: string, url: string): Example => ({ id, method: "GET", url });

/** The question the examples ask: the sample story's headline, or a general one. */
function sampleQuestion(story: ListedStory | undefined): string {
  return story === undefined ? "What happened today?" : story.headline.slice(0, 200);
}

function filesSection(input: DevelopersPageInput): Html {
  const { links } = input;
  const topic = input.newsrooms[0];
  const story = input.sampleStory;
  const storyExamples =
    story === undefined
      ? markup`<p class="muted">This edition has no story to show here; take one from latest.json.</p>\n`
      : markup`${exampleBlock(get("story-json", story.json))}${exampleBlock(get("story-markdown", story.markdown))}`;
  return markup`<p>Every file is a plain GET with no key, cached until the next edition (<code>ETag</code>, <code>Cache-Control</code>). Lists hold every story of their window: no pages, no cursor.</p>
<h3 id="latest">The latest edition</h3>
<p>Stories of the last 12 hours (<code>stories</code>) and 24 hours (<code>published_last_24h</code>), the topics (<code>newsrooms</code>) and the feeds.</p>
${exampleBlock(get("latest", links.file(TREE_PATHS.latest)))}<h3 id="topic">A topic</h3>
<p><code>/n/{topic}/index.json</code>, where <code>{topic}</code> is the <code>id</code> of a newsroom${topic === undefined ? "" : markup` (here <code>${topic.id}</code>)`}: every story of the last days, newest first.</p>
${topic === undefined ? "" : exampleBlock(get("topic", links.topicJson(topic.id)))}<h3 id="story">A story</h3>
<p><code>/stories/{date}/{slug}/index.json</code> and <code>index.md</code>: take the address from the <code>json</code>, <code>markdown</code> or <code>url</code> of a listed story (<code>url</code> is the page for people). Every claim carries the ids of the Manifests it cites; <code>manifests</code> holds those records, each with the <code>url</code> of its original source.</p>
${storyExamples}<h3 id="roundups">Roundups</h3>
${exampleBlock(get("roundups", links.file(TREE_PATHS.roundups)))}<h3 id="description">API description and reuse terms</h3>
${exampleBlock(get("openapi", links.file(TREE_PATHS.openApi)))}${exampleBlock(get("reuse", links.file(TREE_PATHS.reuse)))}<p>Agents may start from <a href="${links.file(TREE_PATHS.llmsTxt)}">llms.txt</a>, an index of every page.</p>
`;
}

function askSection(input: DevelopersPageInput): Html {
  const { links } = input;
  const question = sampleQuestion(input.sampleStory);
  const askUrl = `${links.ask}?query=${encodeURIComponent(question)}&limit=3`;
  return markup`<p><code>/ask</code> answers a plain-language question with facts copied word for word from recent stories, each with its story's <code>url</code>, headline (<code>name</code>), <code>datePublished</code> and <code>manifest_ids</code>. No language model is involved: <code>_meta.uses_llm</code> is <code>false</code>. When nothing matches, the answer has <code>no_match: true</code> and a <code>next_step</code>.</p>
<p>GET takes <code>query</code> (or <code>q</code>), <code>topic</code>, <code>days</code>, <code>limit</code> and <code>stream</code>; POST takes a JSON body with the same fields (<code>prefer.streaming</code> instead of <code>stream</code>). A GET without a question explains the call.</p>
${exampleBlock({ id: "ask-get", method: "GET", url: askUrl })}${exampleBlock({
    id: "ask-post",
    method: "POST",
    url: links.ask,
    headers: { "Content-Type": "application/json" },
    body: { query: question, days: 7, limit: 3 },
  })}<h3 id="ask-stream">Streaming</h3>
<p>Send <code>Accept: text/event-stream</code>, <code>stream=true</code> or <code>"prefer": {"streaming": true}</code> to get the answer as server-sent events in NLWeb's shape: a first event with <code>_meta</code> and <code>query</code>, one event per result (<code>{"results": [result]}</code>), and a last one with <code>next_step</code> (and <code>no_match</code>). Merged, they are the JSON answer.</p>
${exampleBlock({ id: "ask-stream", method: "GET", url: askUrl, headers: { Accept: "text/event-stream" }, flags: ["-N"] })}`;
}

function mcpSection(input: DevelopersPageInput): Html {
  const { links } = input;
  const name =
    input.siteName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "svc";
  const config = JSON.stringify(
    { mcpServers: { [name]: { type: "http", url: links.mcp } } },
    null,
    2,
  );
  const versions = MCP_PROTOCOL_VERSIONS.map((version) => markup`<code>${version}</code>`);
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: MCP_HANDSHAKE_VERSION,
      capabilities: {},
      clientInfo: { name: "curl", version: "1" },
    },
  };
  const call = {
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "svc_ask", arguments: { query: sampleQuestion(input.sampleStory) } },
  };
  return markup`<p>The same stories over MCP: Streamable HTTP at <code>${links.mcp}</code>, protocol versions ${joinHtml(versions, " and ")}, with no key and no OAuth. Every tool is read-only.</p>
<h3 id="mcp-connect">Connecting a client</h3>
<p>Add the endpoint to your MCP client as a remote (HTTP) server. Most clients take an entry like this one (the key names vary from client to client):</p>
<pre><code>${config}</code></pre>
<p>With Claude Code: <code>claude mcp add --transport http ${name} ${links.mcp}</code>. The <a href="${links.file(TREE_PATHS.serverCard)}">server card</a> describes the server for registries, and a GET of <code>/mcp</code> explains how to connect:</p>
${exampleBlock(get("mcp-get", links.mcp))}<h3 id="mcp-tools">Tools</h3>
${mcpToolsTable()}<p>Raw JSON-RPC, to see what a client sends: initialize, then call a tool.</p>
${exampleBlock({ id: "mcp-initialize", method: "POST", url: links.mcp, headers: JSON_RPC_HEADERS, body: initialize })}${exampleBlock({ id: "mcp-call", method: "POST", url: links.mcp, headers: JSON_RPC_HEADERS, body: call })}`;
}

function feedsSection(links: SiteLinks): Html {
  return markup`<p>Every story of the last days, newest first, in three formats: JSON Feed 1.1, RSS 2.0 and Atom. Each item links to the story page, its JSON and its Markdown.</p>
${exampleBlock(get("feed-json", links.feeds.json_feed))}${exampleBlock(get("feed-rss", links.feeds.rss))}${exampleBlock(get("feed-atom", links.feeds.atom))}`;
}

function reuseSection(reuse: ReuseTerms, links: SiteLinks): Html {
  const terms: Array<[string, string | undefined]> = [
    ["Credit line", reuse.attribution],
    ["Link", reuse.link_rule],
    ["Manifest ids", reuse.keep_ids_rule],
    ["No endorsement", reuse.no_endorsement],
  ];
  return markup`${reuse.summary === undefined ? "" : markup`<p>${reuse.summary}</p>\n`}<dl>
${terms.map(([term, value]) => (value === undefined ? "" : markup`<dt>${term}</dt><dd>${value}</dd>\n`))}</dl>
<p>Machine-readable: <a href="${links.file(TREE_PATHS.reuse)}">reuse.json</a>; every story's JSON carries the same terms in <code>reuse</code>.</p>
`;
}

export function renderDevelopersPage(input: DevelopersPageInput): string {
  const { links } = input;
  const main = markup`<h1>Developers</h1>
${input.deprecation === undefined ? "" : deprecationNotice(input.deprecation)}<p>${input.siteName} publishes news stories for software agents. Everything is a read: no account, no key, no OAuth. The base address is <code>${links.home.replace(/\/$/, "")}</code>. The examples use the edition built ${timeElement(input.cutMs)}; a new one is built at 00:00 and 12:00 UTC.</p>
<nav aria-labelledby="contents">
<h2 id="contents">Contents</h2>
<ul>
${CONTENTS.map(([id, title]) => markup`<li><a href="#${id}">${title}</a></li>\n`)}</ul>
</nav>
${section("files", filesSection(input))}${section("ask", askSection(input))}${section("mcp", mcpSection(input))}${section("feeds", feedsSection(links))}${section("reuse", reuseSection(input.reuse, links))}${section("rate-limits", rateLimitSection())}${section("versioning", versioningSection(links.file(TREE_PATHS.openApi), input.deprecation))}${section("errors", errorsSection())}`;
  return renderPage({
    siteName: input.siteName,
    links,
    title: `Developers | ${input.siteName}`,
    description: `How to read ${input.siteName} from a program: files, /ask, MCP, feeds, limits and errors.`,
    canonical: links.developers,
    fictional: input.fictional === true,
    alternates: [
      {
        href: links.file(TREE_PATHS.openApi),
        type: "application/json",
        title: "OpenAPI description",
      },
      { href: links.file(TREE_PATHS.llmsTxt), type: "text/plain", title: "llms.txt" },
    ],
    current: "developers",
    ...(input.reuse.attribution === undefined ? {} : { credit: input.reuse.attribution }),
    main,
  });
}
