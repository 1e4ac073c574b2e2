// One MCP server with the eight read-only tools, the resources and the prompts. The SDK's
// handler asks for a fresh one per request (stateless serving; the fast path keeps one per era
// instead, shared-server.ts): everything costly (schemas, the edition
// catalog) is built once in the tool context and the tool modules, so a server is only a
// handful of registrations, and a server for one tools/call registers that tool alone.
import { McpServer } from "@modelcontextprotocol/server";
import { MCP_HANDSHAKE_VERSION, MCP_PROTOCOL_VERSIONS } from "../../api/mcp-http.js";
import { registerAboutTool } from "./about-tool.js";
import { registerAskTool } from "./ask-tool.js";
import { registerLatestTools } from "./latest-tools.js";
import { registerPrompts } from "./prompts.js";
import { registerResources } from "./resources.js";
import { registerSearchTool } from "./search-tool.js";
import { registerSinceTool } from "./since-tool.js";
import { registerStoryTools } from "./story-tools.js";
import type { ToolContext } from "./tool-context.js";

const INSTRUCTIONS =
  "News stories for software agents; every claim cites Manifest ids (source records). Call svc_ask first with the user's question. Then svc_get_story / svc_sources for a story's details and sources, svc_latest or svc_since to follow the news, svc_search to find stories, svc_topics for topic ids, svc_about for reuse terms and limits. All tools only read.";

/** Every version we serve, MCP_HANDSHAKE_VERSION first. */
const SUPPORTED_VERSIONS = [
  MCP_HANDSHAKE_VERSION,
  ...MCP_PROTOCOL_VERSIONS.filter((version) => version !== MCP_HANDSHAKE_VERSION),
];

/** The tools each registration function adds. */
const TOOL_GROUPS: ReadonlyArray<
  [names: readonly string[], register: (server: McpServer, context: ToolContext) => void]
> = [
  [["svc_ask"], registerAskTool],
  [["svc_latest", "svc_topics"], registerLatestTools],
  [["svc_since"], registerSinceTool],
  [["svc_search"], registerSearchTool],
  [["svc_get_story", "svc_sources"], registerStoryTools],
  [["svc_about"], registerAboutTool],
];

/** The names of every tool the server lists. */
export const SVC_TOOL_NAMES: ReadonlySet<string> = new Set(TOOL_GROUPS.flatMap(([names]) => names));

/**
 * What one request needs of a server: `{ tool }` for a single tools/call (the server then
 * registers that tool only: nothing else can be reached by the request), else everything.
 */
export type ServerNeed = { tool: string } | "all";

export function createSvcMcpServer(context: ToolContext, need: ServerNeed = "all"): McpServer {
  const server = new McpServer(
    {
      name: "svc",
      title: context.serviceName,
      version: context.serverVersion,
      websiteUrl: context.links.developers,
    },
    {
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
        completions: {},
      },
      instructions: INSTRUCTIONS,
      // The handshake grants the version a client asks for when it is one of these, and
      // counter-offers the first handshake version of the list otherwise (the SDK's rule).
      supportedProtocolVersions: SUPPORTED_VERSIONS,
    },
  );
  for (const [names, register] of TOOL_GROUPS) {
    if (need === "all" || names.includes(need.tool)) register(server, context);
  }
  if (need === "all") {
    registerResources(server, context);
    registerPrompts(server, context);
  }
  return server;
}
