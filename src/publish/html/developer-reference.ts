// The reference parts of the developer page that do not depend on the edition: MCP tools,
// rate limits, versioning and deprecation, and the error codes. Every number and code comes
// from src/api/, so the page cannot drift from what the server does.
import { ASK_LIMITS } from "../../api/ask.js";
import { API_DESCRIPTION_VERSION, API_VERSION, RATE_LIMIT_POLICY } from "../../api/common.js";
import { ASK_ERROR_CODES, NOT_FOUND_CODE } from "../../api/error-codes.js";
import { MCP_TOOL_NAMES } from "../../api/mcp-http.js";
import { timeElement } from "./format-time.js";
import { type Html, joinHtml, markup } from "./html.js";

type ToolName = (typeof MCP_TOOL_NAMES)[number];

/** Text whose `backticked` parts are code (the error conditions of src/api/ are written so). */
function withCode(text: string): Html {
  return joinHtml(
    text.split("`").map((part, index) => (index % 2 === 1 ? markup`<code>${part}</code>` : part)),
    "",
  );
}

/** A name that may break after its underscores on a narrow screen (`svc_<wbr>get_<wbr>story`). */
function breakableName(name: string): Html {
  return joinHtml(name.split("_"), markup`_<wbr>`);
}

/** What each MCP tool does (DESIGN.md, "MCP tools"); a new tool fails to compile until described. */
export const MCP_TOOL_WORDS: Readonly<Record<ToolName, string>> = {
  svc_ask:
    "Call this first. Answers a plain-language question with facts copied word for word from recent stories, as /ask does.",
  svc_latest: "The stories of the latest edition, optionally of one topic.",
  svc_since:
    "Stories newer than a cursor: returns stories, next_cursor and has_more; send next_cursor in the next call to get only newer stories.",
  svc_search: "Searches whole stories (headlines, deks and facts).",
  svc_get_story: "One story, by its url or by date and slug.",
  svc_sources: "The Manifests a story cites, each with the address of its original source.",
  svc_topics: "The topics (newsrooms) and where their stories are listed.",
  svc_about: "What the service is: schedule, reuse terms, limits, versions and links.",
};

export function mcpToolsTable(): Html {
  return markup`<table>
<thead><tr><th scope="col">Tool</th><th scope="col">What it does</th></tr></thead>
<tbody>
${MCP_TOOL_NAMES.map((name) => markup`<tr><td><code>${breakableName(name)}</code></td><td>${MCP_TOOL_WORDS[name]}</td></tr>\n`)}</tbody>
</table>
`;
}

export function rateLimitSection(): Html {
  const { quota, windowSeconds, name } = RATE_LIMIT_POLICY;
  return markup`<p><code>/ask</code> calls and MCP tool calls (<code>tools/call</code>) are counted together: <strong>${quota} calls per ${windowSeconds} seconds per client IP address</strong>. Files (JSON, Markdown, feeds, pages) are not counted.</p>
<p>Every counted reply says where you stand (draft-ietf-httpapi-ratelimit-headers):</p>
<pre><code>RateLimit-Policy: "${name}";q=${quota};w=${windowSeconds}
RateLimit: "${name}";r=41;t=17</code></pre>
<p><code>r</code> is the number of calls left, <code>t</code> the seconds until the window resets. A call over the limit gets <code>429</code> with a <code>Retry-After</code> header and the same number of seconds in <code>retry_after</code>:</p>
<pre><code>{"error": "rate_limited", "message": "…", "next_step": "…", "retry_after": 17}</code></pre>
<p>Wait that long, then call again. There are no keys, so nothing raises the limit.</p>
`;
}

/** A deprecation the operator configured: when it was announced, when the version stops. */
export interface DeprecationNotice {
  deprecatedAt: Date;
  sunsetAt?: Date | undefined;
  link?: string | undefined;
}

/** The announcement at the top of the developer page while a deprecation is configured. */
export function deprecationNotice(notice: DeprecationNotice, id = "deprecation-notice"): Html {
  const sunset =
    notice.sunsetAt === undefined
      ? markup`No date is set yet for it to stop.`
      : markup`It stops on ${timeElement(notice.sunsetAt.getTime())}.`;
  const details =
    notice.link === undefined
      ? ""
      : markup` What changes and how to move: <a href="${notice.link}">${notice.link}</a>.`;
  return markup`<aside class="notice" role="note" id="${id}"><p><strong>Deprecated:</strong> API version ${API_VERSION} is deprecated since ${timeElement(notice.deprecatedAt.getTime())}. ${sunset}${details} Replies carry <code>Deprecation</code>${notice.sunsetAt === undefined ? "" : markup` and <code>Sunset</code>`} headers until then (<a href="#deprecation">policy</a>).</p></aside>
`;
}

export function versioningSection(openApiUrl: string, notice?: DeprecationNotice): Html {
  return markup`<p>The API version is <strong>${API_VERSION}</strong>. Every JSON reply (files and <code>/ask</code>) carries the header <code>SVC-API-Version: ${API_VERSION}</code>, and an answer of <code>/ask</code> has it in <code>_meta.api_version</code>. The API description, <a href="${openApiUrl}">openapi.json</a>, has its own version: <code>info.version</code> is <code>${API_DESCRIPTION_VERSION}</code>.</p>
<h3 id="deprecation">Deprecation policy</h3>
<p>Fields may be added to any reply at any time: read them leniently. A breaking change ships as a new API version, announced at least <strong>90 days</strong> ahead. Until it is gone, the old version's replies carry <code>Deprecation</code> (RFC 9745, e.g. <code>Deprecation: @1798761600</code>), <code>Sunset</code> (RFC 8594, the date it stops) and a <code>Link</code> with <code>rel="deprecation"</code> to the explanation, and this page says what changes and when.</p>
${notice === undefined ? markup`<p>No deprecation is announced now.</p>` : deprecationNotice(notice, "deprecation-now")}`;
}

interface ErrorRow {
  status: number;
  code: string;
  where: string;
  when: string;
}

const POST_ONLY = new Set(["invalid_json", "invalid_body"]);

const ERRORS: readonly ErrorRow[] = [
  ...Object.entries(ASK_ERROR_CODES).map(([code, when]) => ({
    status: 400,
    code,
    where: POST_ONLY.has(code) ? "POST /ask" : "GET and POST /ask",
    when,
  })),
  {
    status: 404,
    code: NOT_FOUND_CODE,
    where: "every file and page",
    when: "Nothing at this address. The body is JSON, Markdown or HTML, as Accept asks.",
  },
  {
    status: 413,
    code: "body_too_large",
    where: "POST /ask, POST /mcp",
    when: "The request body is too large (a question fits many times over).",
  },
  {
    status: 415,
    code: "unsupported_media_type",
    where: "POST /ask, POST /mcp",
    when: "The body is not sent as application/json.",
  },
  {
    status: 429,
    code: "rate_limited",
    where: "/ask, MCP tool calls",
    when: "Over the call limit; retry_after and Retry-After say when to call again.",
  },
];

export function errorsSection(): Html {
  return markup`<p>Every error is JSON: <code>{"error": code, "message": what is wrong, "next_step": what to do}</code>, plus <code>retry_after</code> on 429. Codes are stable; messages may change.</p>
<table>
<thead><tr><th scope="col">Status</th><th scope="col">Code</th><th scope="col">Where and when</th></tr></thead>
<tbody>
${ERRORS.map((row) => markup`<tr><td>${row.status}</td><td><code>${breakableName(row.code)}</code></td><td>${row.where}: ${withCode(row.when)}</td></tr>\n`)}</tbody>
</table>
<p>Bounds: a question of 1 to ${ASK_LIMITS.queryMaxLength} characters; <code>days</code> ${ASK_LIMITS.days.min} to ${ASK_LIMITS.days.max} (default ${ASK_LIMITS.days.default}); <code>limit</code> ${ASK_LIMITS.limit.min} to ${ASK_LIMITS.limit.max} (default ${ASK_LIMITS.limit.default}).</p>
`;
}
