// The reply of GET /mcp without `Accept: text/event-stream` (McpConnectionInfo,
// src/api/mcp-http.ts): how to connect, for a person or an agent that found the address.
import {
  MCP_PROTOCOL_VERSIONS,
  MCP_TOOL_NAMES,
  type McpConnectionInfo,
} from "../../api/mcp-http.js";
import { TREE_PATHS } from "../../tree/site-links.js";
import type { RateLimitPolicy } from "../rate-limit/index.js";
import { rateLimitText } from "./limits-text.js";

/** One line per tool, for people; models read the full descriptions from tools/list. */
const TOOL_SUMMARIES: Record<(typeof MCP_TOOL_NAMES)[number], string> = {
  svc_ask: "Call first: answers a question with facts copied from recent stories.",
  svc_latest: "The latest edition's stories, optionally of one topic.",
  svc_since: "Stories new or refreshed since a cursor (next_cursor, has_more).",
  svc_search: "Stories matching words in their headline and facts.",
  svc_get_story: "A whole story by url or date + slug.",
  svc_sources: "The Manifests (sources) a story cites.",
  svc_topics: "The topics (newsrooms).",
  svc_about: "Schedule, reuse terms, limits, versions and links.",
};

export function connectionInfo(
  baseUrl: string,
  policy: RateLimitPolicy | undefined,
): McpConnectionInfo {
  const endpoint = `${baseUrl}/mcp`;
  return {
    message: `This is an MCP server (Streamable HTTP, stateless). Point an MCP client at ${endpoint} and POST JSON-RPC messages there with Accept: application/json, text/event-stream. Protocols 2024-11-05 to 2025-11-25 start with initialize; 2026-07-28 needs no handshake. No key or session is needed. GET with Accept: text/event-stream answers 405: this server sends no server-initiated stream.`,
    endpoint,
    transport: "streamable-http",
    protocol_versions: [...MCP_PROTOCOL_VERSIONS],
    tools: MCP_TOOL_NAMES.map((name) => ({ name, description: TOOL_SUMMARIES[name] })),
    server_card: `${baseUrl}/${TREE_PATHS.serverCard}`,
    rate_limit: rateLimitText(policy),
    next_step: `Try: npx @modelcontextprotocol/inspector --cli ${endpoint} --transport http --method tools/list. Then call svc_ask first.`,
  };
}
