// `/mcp`: the MCP server over Streamable HTTP (spec rule 7; docs/mcp.md). The SDK's
// createMcpHandler serves 2025-11-25 (initialize, stateless) and 2026-07-28 (no handshake)
// from one factory; this plugin adds what is ours: the GET explanation, the Origin rules, the
// body limit, and the rate limit shared with /ask for every tools/call. An encapsulated
// Fastify plugin: its body parser and error replies apply to /mcp only.
// https://modelcontextprotocol.io/specification/2025-11-25/basic/transports
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_VERSION } from "../../api/common.js";
import { meterCall } from "../rate-limit/index.js";
import { connectionInfo } from "./connection-info.js";
import type { McpDeps } from "./mcp-deps.js";
import { createSvcMcpServer } from "./mcp-server-factory.js";
import { originCheck } from "./origin-guard.js";
import { toolContext } from "./tool-context.js";

export type { McpDeps } from "./mcp-deps.js";

/** Largest JSON-RPC message taken; tool arguments are a few hundred bytes. */
export const MCP_BODY_LIMIT = 64 * 1024;
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
/** JSON-RPC "server error" range code the SDK uses for transport-level refusals. */
const TRANSPORT_ERROR = -32000;
const PARSE_ERROR = -32700;

function jsonRpcError(code: number, message: string) {
  return { jsonrpc: "2.0", error: { code, message }, id: null };
}

/** How many tools/call a body holds (a JSON-RPC batch may hold several). */
function toolCallsIn(body: unknown): number {
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  let calls = 0;
  for (const message of messages) {
    if (typeof message === "object" && message !== null) {
      if ((message as { method?: unknown }).method === "tools/call") calls += 1;
    }
  }
  return calls;
}

function wantsEventStream(request: FastifyRequest): boolean {
  return /\btext\/event-stream\b/i.test(request.headers.accept ?? "");
}

async function mcpPlugin(app: FastifyInstance, deps: McpDeps): Promise<void> {
  const context = toolContext(deps);
  const { baseUrl } = context;
  const headers = { "SVC-API-Version": API_VERSION, ...deps.versionHeaders };
  const handler = createMcpHandler(() => createSvcMcpServer(context), {
    legacy: "stateless",
    maxRequestBodySize: MCP_BODY_LIMIT,
    onerror: (error) => app.log.debug({ error: error.message }, "mcp request refused"),
  });
  const serve = toNodeHandler(handler);
  const checkOrigin = originCheck(baseUrl);
  app.addHook("onClose", () => handler.close());

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: "string" }, (_request, text, done) => {
    try {
      done(null, JSON.parse(text as string));
    } catch {
      const error = Object.assign(new Error("Parse error: the body is not valid JSON"), {
        statusCode: 400,
        jsonRpcCode: PARSE_ERROR,
      });
      done(error);
    }
  });
  // Left unread: the SDK answers 415 for anything that is not JSON.
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

  app.setErrorHandler(
    (error: Error & { statusCode?: number; jsonRpcCode?: number }, _request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) throw error;
      const message =
        status === 413 ? `Request body too large: at most ${MCP_BODY_LIMIT} bytes.` : error.message;
      return reply
        .code(status)
        .headers(headers)
        .send(jsonRpcError(error.jsonRpcCode ?? TRANSPORT_ERROR, message));
    },
  );

  app.addHook("onRequest", async (request, reply) => {
    reply.headers({ ...headers, "Cache-Control": "no-store" });
    const refused = checkOrigin?.(request.headers.host, request.headers.origin);
    if (refused !== undefined) {
      return reply.code(403).send(jsonRpcError(TRANSPORT_ERROR, `Forbidden: ${refused}.`));
    }
  });

  const methodNotAllowed = (reply: FastifyReply, message: string) =>
    reply
      .code(405)
      .header("Allow", "GET, POST")
      .send({
        error: "method_not_allowed",
        message,
        next_step: `POST JSON-RPC messages to ${baseUrl}/mcp; GET it without Accept: text/event-stream to read how to connect.`,
      });

  app.get("/mcp", async (request, reply) => {
    if (wantsEventStream(request)) {
      return methodNotAllowed(reply, "This server opens no server-initiated event stream.");
    }
    return reply.send(connectionInfo(baseUrl, deps.limiter.policy));
  });

  app.delete("/mcp", async (_request, reply) =>
    methodNotAllowed(reply, "There are no sessions to end: this server is stateless."),
  );

  app.post("/mcp", { bodyLimit: MCP_BODY_LIMIT }, async (request, reply) => {
    // Every tools/call counts against the budget /ask uses; initialize, tools/list, ping don't.
    for (let calls = toolCallsIn(request.body); calls > 0; calls -= 1) {
      const client = deps.clientAddress(
        request.socket.remoteAddress,
        request.headers["x-forwarded-for"],
      );
      const verdict = await meterCall(deps.limiter, client);
      reply.headers(verdict.headers);
      if (verdict.refusal !== undefined) return reply.code(429).send(verdict.refusal);
    }
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    await serve(request.raw, reply.raw, request.body);
  });
}

/**
 * Adds GET, POST and DELETE `/mcp` to `app` in their own encapsulated context. Await it (or
 * `app.ready()`) before serving.
 */
export async function registerMcp(app: FastifyInstance, deps: McpDeps): Promise<void> {
  await app.register(mcpPlugin, deps);
}
