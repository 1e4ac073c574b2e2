// Which POSTs to /mcp may be answered by the long-lived servers (shared-server.ts) rather than
// the SDK's per-request handler, and the HTTP reply the SDK's handler would have written for
// them. Only the common case qualifies, the one for which the SDK's HTTP layer does nothing but
// pass the message to a fresh server and frame its result: one JSON-RPC `tools/call` of one of
// our tools, JSON in, both media types accepted, and either a 2026-07-28 request with its
// envelope and the three standard headers agreeing with the body, or a 2025-era request (no
// envelope) with no MCP-Protocol-Version or one of ours. Anything else goes to the SDK, which
// then answers exactly as before. differential test: test/mcp-fast-path.test.ts.
// https://modelcontextprotocol.io/specification/2025-11-25/basic/transports
import type { IncomingHttpHeaders } from "node:http";
import {
  classifyInboundRequest,
  isJsonContentType,
  type JSONRPCRequest,
} from "@modelcontextprotocol/server";
import { MCP_PROTOCOL_VERSIONS } from "../../api/mcp-http.js";
import type { Era } from "./shared-server.js";

const MODERN_VERSION = "2026-07-28";
/** The 2025-era versions the SDK's stateless transport accepts in MCP-Protocol-Version. */
const LEGACY_VERSIONS: ReadonlySet<string> = new Set(
  MCP_PROTOCOL_VERSIONS.filter((version) => version !== MODERN_VERSION),
);

const PLAIN_CALL_PARAMS: ReadonlySet<string> = new Set(["name", "arguments", "_meta"]);

export interface FastCall {
  era: Era;
  /** The client's JSON-RPC id, given back in the reply. */
  id: string | number;
  tool: string;
  /** The arguments as sent (JSON), to key cached replies. */
  argumentsJson: string;
  message: JSONRPCRequest;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One header's value; undefined when absent, null when repeated (never fast). */
function single(headers: IncomingHttpHeaders, name: string): string | undefined | null {
  const value = headers[name];
  return Array.isArray(value) ? null : value;
}

/**
 * The call when `body` and `headers` are the common case described above and `tool` is one of
 * `tools`; undefined otherwise. Conservative: a request left out is merely slower.
 */
export function fastCallOf(
  body: unknown,
  headers: IncomingHttpHeaders,
  tools: ReadonlySet<string>,
): FastCall | undefined {
  if (!isPlainObject(body) || body.method !== "tools/call" || body.jsonrpc !== "2.0") return;
  const { id, params } = body;
  if (typeof id !== "string" && (typeof id !== "number" || !Number.isSafeInteger(id))) return;
  if (!isPlainObject(params) || typeof params.name !== "string" || !tools.has(params.name)) return;
  // Anything beyond these (a task, input responses, request state) is the SDK's to read.
  if (Object.keys(params).some((key) => !PLAIN_CALL_PARAMS.has(key))) return;
  const args = params.arguments;
  if (args !== undefined && !isPlainObject(args)) return;
  // A progress token asks for notifications before the result: the SDK streams those.
  if (isPlainObject(params._meta) && "progressToken" in params._meta) return;
  // What the SDK's stateless transport requires of every POST (406, 415 otherwise).
  const accept = single(headers, "accept");
  if (typeof accept !== "string") return;
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) return;
  const contentType = single(headers, "content-type");
  if (typeof contentType !== "string" || !isJsonContentType(contentType)) return;
  const version = single(headers, "mcp-protocol-version");
  const method = single(headers, "mcp-method");
  const name = single(headers, "mcp-name");
  if (version === null || method === null || name === null) return;
  const route = classifyInboundRequest({
    httpMethod: "POST",
    body,
    ...(version === undefined ? {} : { protocolVersionHeader: version }),
    ...(method === undefined ? {} : { mcpMethodHeader: method }),
    ...(name === undefined ? {} : { mcpNameHeader: name }),
  });
  const era = eraOf(route, version, method, name, params.name);
  if (era === undefined) return;
  return {
    era,
    id,
    tool: params.name,
    argumentsJson: args === undefined ? "" : JSON.stringify(args),
    message: body as unknown as JSONRPCRequest,
  };
}

function eraOf(
  route: ReturnType<typeof classifyInboundRequest>,
  version: string | undefined,
  method: string | undefined,
  name: string | undefined,
  tool: string,
): Era | undefined {
  if (route.kind === "modern") {
    const standardHeaders = version === MODERN_VERSION && method === "tools/call" && name === tool;
    return route.classification.revision === MODERN_VERSION && standardHeaders
      ? "modern"
      : undefined;
  }
  if (route.kind === "legacy" && route.reason === "no-claim") {
    return version === undefined || LEGACY_VERSIONS.has(version) ? "legacy" : undefined;
  }
  return undefined;
}

export interface FastReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The reply the SDK writes for a result: `resultJson` (a JSON-RPC result, serialised) in the
 * message `{result, jsonrpc, id}` (the SDK's key order), as JSON for 2026-07-28 and as a
 * one-event stream for the 2025 era (its stateless transport; no event id, no priming event).
 */
export function fastReply(call: FastCall, resultJson: string): FastReply {
  const message = `{"result":${resultJson},"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}`;
  if (call.era === "modern") {
    return { status: 200, headers: { "content-type": "application/json" }, body: message };
  }
  return {
    status: 200,
    headers: {
      "content-type": "text/event-stream",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
    body: `event: message\ndata: ${message}\n\n`,
  };
}
