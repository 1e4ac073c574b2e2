// Raw JSON-RPC over HTTP for /mcp tests that check what a client library would hide: status
// codes, headers, bodies that are not JSON-RPC, and a reply as JSON or as an event stream.
// Also the check of a tool result against the outputSchema the server lists (ajv, 2020-12).
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";

export interface RpcReply {
  status: number;
  headers: Headers;
  text: string;
  /** The JSON-RPC message (from a JSON body or the first `data:` of an event stream). */
  message: Record<string, unknown> | undefined;
}

export function modernEnvelope(params: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...params,
    _meta: {
      "io.modelcontextprotocol/protocolVersion": MODERN,
      "io.modelcontextprotocol/clientInfo": { name: "svc-test", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    },
  };
}

function messageOf(text: string, type: string | null): Record<string, unknown> | undefined {
  try {
    if (type?.startsWith("text/event-stream")) {
      const data = /^data: (.*)$/m.exec(text)?.[1];
      return data === undefined ? undefined : (JSON.parse(data) as Record<string, unknown>);
    }
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** POSTs `body` (an object, or raw text) to `url` with MCP's Accept header and `headers`. */
export async function postRpc(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RpcReply> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    message: messageOf(text, response.headers.get("content-type")),
  };
}

/** A modern (2026-07-28) tools/call, which needs no handshake. */
export function callTool(
  url: string,
  name: string,
  args: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<RpcReply> {
  return postRpc(
    url,
    {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: modernEnvelope({ name, arguments: args }),
    },
    { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/call", "Mcp-Name": name, ...headers },
  );
}

/** Checks values against JSON Schemas as an MCP client would (draft 2020-12, formats). */
export function outputChecker(): (schema: object, value: unknown) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const compiled = new Map<object, ReturnType<typeof ajv.compile>>();
  return (schema, value) => {
    let validate = compiled.get(schema);
    if (validate === undefined) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ""}`);
  };
}
