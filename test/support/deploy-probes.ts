// The requests the deploy test sends both to nginx and to a replica: every endpoint of the
// spec (files, /ask, /mcp, health), the published pages, the spec's 404s in each form, and
// paths svc refuses by its rules (src/server/static/request-path.ts), each in the variants a client
// sends (compression, HEAD, Accept for errors, methods a file does not take).
import type { LatestStories } from "../../src/api/story-lists.js";
import type { Probe } from "./deploy-compare.js";
import { HAS_BROTLI } from "./deploy-nginx.js";

const MCP_HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
  "MCP-Protocol-Version": "2026-07-28",
};

function mcpCall(id: number, method: string, params: Record<string, unknown>): Probe {
  const envelope = {
    ...params,
    _meta: {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "svc-deploy-test", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    },
  };
  const name: Record<string, string> =
    typeof params.name === "string" ? { "Mcp-Name": params.name } : {};
  return {
    path: "/mcp",
    method: "POST",
    headers: { ...MCP_HEADERS, "Mcp-Method": method, ...name },
    body: JSON.stringify({ jsonrpc: "2.0", id, method, params: envelope }),
  };
}

/** The first topic's id and the first story's path (ends in /), from latest.json. */
function firstTopicAndStory(latest: LatestStories): { topic: string; story: string } {
  return {
    topic: String(latest.newsrooms?.[0]?.id ?? "world"),
    story: new URL(latest.stories[0]?.url ?? "http://x/").pathname,
  };
}

/** Files of the published tree, read from latest.json (a topic, a story in every form). */
export function publishedPaths(latest: LatestStories): string[] {
  const { topic, story } = firstTopicAndStory(latest);
  return [
    "/",
    "/editions/latest.json",
    "/editions/latest.json?unused=1",
    "/editions/feed.json",
    "/editions/feed.xml",
    "/editions/atom.xml",
    "/roundups/index.json",
    "/roundups/",
    "/.well-known/reuse.json",
    "/.well-known/mcp/server-card.json",
    "/mcp/server-card",
    "/openapi.json",
    "/llms.txt",
    "/developers/",
    "/assets/site.css",
    `/n/${topic}/index.json`,
    `/n/${topic}/`,
    `/n/${topic}/index.html`,
    `${story}index.json`,
    `${story}index.md`,
    `${story}index.html`,
    story,
  ];
}

/** Paths svc answers with 404 (or a redirect), whatever the tree holds. */
export function refusedPaths(latest: LatestStories): string[] {
  const { topic, story } = firstTopicAndStory(latest);
  return [
    "/no-such-file.json",
    "/stories/2026-01-01/no-such-story/index.json",
    "/stories/2026-02-30/abc/index.json",
    "/stories/2026-01-01/ab/index.json",
    `${story.slice(0, -1)}`,
    `${story}index.txt`,
    `/n/${topic}`,
    `/n/${topic}/index.md`,
    "/n/World/index.json",
    "/n/",
    "/editions/",
    "/.hidden",
    "/.well-known/",
    "/editions/./latest.json",
    "/editions/../editions/latest.json",
    "//editions/latest.json",
    "/editions/%6catest.json",
    "/editions%2flatest.json",
    "/editions/%252e%252e/latest.json",
    `/${"a".repeat(600)}`,
    "/ask/",
    "/mcp/other",
  ];
}

/**
 * Paths nginx refuses in the request line (400), before reading any header; it hands them to
 * a replica without the client's headers, so their 404 is always JSON (docs/deploy.md).
 */
export const LINE_REFUSED_PATHS = [
  "/../etc/passwd",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/editions/latest.json%00",
  "/editions/latest%zz.json",
  "/editions/latest.json%",
];

/** Every request of the comparison. */
export function deployProbes(latest: LatestStories): Probe[] {
  const encodings = ["gzip", ...(HAS_BROTLI ? ["br"] : []), "gzip;q=0, br;q=0"];
  const files = publishedPaths(latest).flatMap((path): Probe[] => [
    { path },
    { path, method: "HEAD" },
    ...encodings.map((encoding) => ({ path, headers: { "Accept-Encoding": encoding } })),
  ]);
  const accepts = ["text/markdown", "text/html", "text/html;q=0.5, application/json", "*/*"];
  const missing = refusedPaths(latest).flatMap((path): Probe[] => [
    { path },
    { path, method: "HEAD" },
    ...accepts.map((accept) => ({ path, headers: { Accept: accept } })),
  ]);
  const lineRefused = LINE_REFUSED_PATHS.flatMap((path): Probe[] => [
    { path },
    { path, method: "HEAD" },
  ]);
  const question = encodeURIComponent(latest.stories[0]?.headline.split(" ")[0] ?? "flood");
  const askJson = { "Content-Type": "application/json" };
  return [
    ...files,
    ...missing,
    ...lineRefused,
    { path: "/editions/latest.json", method: "POST", body: "x" },
    { path: "/editions/latest.json", method: "OPTIONS" },
    { path: "/ask", method: "OPTIONS" },
    { path: `/ask?query=${question}` },
    { path: `/ask?query=${question}`, headers: { Accept: "text/event-stream" } },
    { path: "/ask" },
    { path: "/ask?query=" },
    { path: "/ask", method: "POST", headers: askJson, body: JSON.stringify({ query: question }) },
    { path: "/ask", method: "POST", headers: askJson, body: "{not json" },
    { path: "/mcp" },
    mcpCall(1, "tools/list", {}),
    mcpCall(2, "tools/call", { name: "svc_latest", arguments: {} }),
    { path: "/healthz" },
    { path: "/readyz" },
  ];
}
