// The HTTP bodies of `/mcp` that are ours to define: the GET explanation and the envelope of
// a JSON-RPC message. The MCP payloads themselves follow the MCP specification
// (https://modelcontextprotocol.io/specification) and are not repeated here.
import { z } from "zod";
import { Uri } from "./common.js";

/**
 * The MCP protocol versions `/mcp` serves, oldest first: every revision of the Streamable
 * HTTP era and its predecessor (hosts built on SDKs of 2024 and 2025 are still in use).
 */
export const MCP_PROTOCOL_VERSIONS = [
  "2024-11-05",
  "2025-03-26",
  "2025-06-18",
  "2025-11-25",
  "2026-07-28",
] as const;

export type McpProtocolVersion = (typeof MCP_PROTOCOL_VERSIONS)[number];

/**
 * The version of the initialize handshake we prefer: the answer to a client that asks for one
 * we do not serve, and the one our examples show. 2026-07-28 needs no handshake.
 */
export const MCP_HANDSHAKE_VERSION: McpProtocolVersion = "2025-11-25";

/** Versions whose rules allow a JSON-RPC batch (an array of messages in one POST). */
export const MCP_BATCH_VERSIONS: readonly McpProtocolVersion[] = ["2024-11-05", "2025-03-26"];

/** The MCP tools, all read-only (spec rule 7); `svc_ask` is the one to call first. */
export const MCP_TOOL_NAMES = [
  "svc_ask",
  "svc_latest",
  "svc_since",
  "svc_search",
  "svc_get_story",
  "svc_sources",
  "svc_topics",
  "svc_about",
] as const;

export const McpConnectionInfoSchema = z
  .looseObject({
    message: z.string().meta({ description: "How to connect, in one paragraph." }),
    endpoint: Uri.meta({ description: "The Streamable HTTP endpoint (POST JSON-RPC here)." }),
    transport: z.literal("streamable-http"),
    protocol_versions: z.array(z.string()).optional(),
    tools: z
      .array(z.looseObject({ name: z.string(), description: z.string().optional() }))
      .optional(),
    server_card: Uri.optional().meta({ description: "Address of the MCP server card." }),
    next_step: z.string().optional(),
  })
  .meta({ id: "McpConnectionInfo", description: "Reply of GET /mcp: how to connect." });

export const JsonRpcMessageSchema = z
  .looseObject({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.int()]).nullable().optional(),
    method: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z
      .looseObject({ code: z.int(), message: z.string(), data: z.unknown().optional() })
      .optional(),
  })
  .meta({
    id: "JsonRpcMessage",
    description:
      "A JSON-RPC 2.0 message: a request or notification (`method`), or a response (`result` or `error`). Its MCP payloads follow the MCP specification.",
  });

export type McpConnectionInfo = z.infer<typeof McpConnectionInfoSchema>;
export type JsonRpcMessage = z.infer<typeof JsonRpcMessageSchema>;
