// openapi.json paths served by the process rather than the file tree: `/mcp` (MCP over
// Streamable HTTP) and the health checks.
import { MCP_PROTOCOL_VERSIONS, MCP_TOOL_NAMES } from "./mcp-http.js";
import {
  bodyOf,
  type OpenApiObject,
  rateLimitHeaders,
  ref,
  textBody,
} from "./openapi-components.js";

const TOOLS = MCP_TOOL_NAMES.map((name) => `\`${name}\``).join(", ");
const VERSIONS = `${MCP_PROTOCOL_VERSIONS.slice(0, -1).join(", ")} and ${MCP_PROTOCOL_VERSIONS.at(-1)}`;

function mcpPath(baseUrl: string): OpenApiObject {
  const jsonRpc = (description: string) => ({
    description,
    content: { "application/json": bodyOf("JsonRpcMessage") },
  });
  return {
    get: {
      operationId: "getMcpConnectionInfo",
      tags: ["MCP"],
      summary: "How to connect to the MCP server",
      description:
        "Explains how to connect: the endpoint, the transport (Streamable HTTP), the protocol versions and the tools.",
      responses: {
        "200": {
          description: "How to connect (JSON).",
          content: { "application/json": bodyOf("McpConnectionInfo") },
        },
        "405": {
          description:
            "A GET that asks for an event stream (`Accept: text/event-stream`): the server opens no stream of its own; send requests with POST.",
        },
      },
    },
    post: {
      operationId: "postMcpMessage",
      tags: ["MCP"],
      summary: "Send an MCP message",
      description: `MCP over Streamable HTTP (protocol versions ${VERSIONS}), stateless: no session is kept. Tools, all read-only: ${TOOLS}; call \`svc_ask\` first. \`svc_since\` returns \`next_cursor\` and \`has_more\`; send \`next_cursor\` back to get only newer stories. Tool calls (\`tools/call\`) count toward the rate limit shared with /ask. Server card: ${baseUrl}/mcp/server-card.`,
      parameters: ["McpProtocolVersion", "McpMethod", "McpName"].map((name) =>
        ref("parameters", name),
      ),
      requestBody: {
        required: true,
        content: { "application/json": bodyOf("JsonRpcMessage") },
      },
      responses: {
        "200": {
          description:
            "The JSON-RPC response, as JSON or as an event stream, as the client's `Accept` allows.",
          headers: rateLimitHeaders(),
          content: {
            "application/json": bodyOf("JsonRpcMessage"),
            "text/event-stream": textBody("Server-sent events carrying JSON-RPC messages."),
          },
        },
        "202": { description: "A notification or response was accepted; no body." },
        "400": jsonRpc("Not a valid JSON-RPC message; the body is a JSON-RPC error."),
        "403": jsonRpc("The `Origin` header names a site that may not call this server."),
        "413": ref("responses", "BodyTooLarge"),
        "415": ref("responses", "UnsupportedMediaType"),
        "429": ref("responses", "RateLimited"),
      },
    },
  };
}

function healthPath(
  operationId: string,
  summary: string,
  description: string,
  canRefuse: boolean,
): OpenApiObject {
  const body = { "application/json": bodyOf("Health") };
  const refused = { description: "Not ready: `status` says why.", content: body };
  return {
    get: {
      operationId,
      tags: ["Operations"],
      summary,
      description,
      responses: {
        "200": { description: "`status` is `ok`.", content: body },
        ...(canRefuse ? { "503": refused } : {}),
      },
    },
  };
}

/** `/mcp`, `/healthz` and `/readyz`. */
export function servicePaths(baseUrl: string): Record<string, OpenApiObject> {
  return {
    "/mcp": mcpPath(baseUrl),
    "/healthz": healthPath(
      "getLiveness",
      "Liveness check",
      "Whether the server process is alive. For load balancers and orchestrators.",
      false,
    ),
    "/readyz": healthPath(
      "getReadiness",
      "Readiness check",
      "Whether this server can serve requests: a published edition is loaded. For load balancers and orchestrators.",
      true,
    ),
  };
}
