// `/mcp`: the MCP server over Streamable HTTP (spec rule 7; docs/mcp.md). The SDK's
// createMcpHandler serves 2024-11-05 to 2025-11-25 (initialize, stateless) and 2026-07-28 (no handshake)
// from one factory; this plugin adds what is ours: the GET explanation, the Origin rules, the
// body limit, the rate limit shared with /ask for every tools/call, and the fast path that
// answers the common tools/call on long-lived SDK servers (fast-path.ts). An encapsulated
// Fastify plugin: its body parser and error replies apply to /mcp only.
// https://modelcontextprotocol.io/specification/2025-11-25/basic/transports
import { AsyncLocalStorage } from "node:async_hooks";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_VERSION } from "../../api/common.js";
import { MCP_BATCH_VERSIONS } from "../../api/mcp-http.js";
import { meterCall } from "../rate-limit/index.js";
import { connectionInfo } from "./connection-info.js";
import { fastPath } from "./fast-path.js";
import type { FastReply } from "./fast-tool-call.js";
import { fastCallOf } from "./fast-tool-call.js";
import type { McpDeps } from "./mcp-deps.js";
import { createSvcMcpServer, type ServerNeed, SVC_TOOL_NAMES } from "./mcp-server-factory.js";
import { withNodeKeepAlive } from "./node-keep-alive.js";
import { originCheck } from "./origin-guard.js";
import { toolContext } from "./tool-context.js";

export type { McpDeps } from "./mcp-deps.js";

/** Largest JSON-RPC message taken; tool arguments are a few hundred bytes. */
export const MCP_BODY_LIMIT = 64 * 1024;
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
/** JSON-RPC "server error" range code the SDK uses for transport-level refusals. */
const TRANSPORT_ERROR = -32000;
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

function jsonRpcError(code: number, message: string) {
  return { jsonrpc: "2.0", error: { code, message }, id: null };
}

/**
 * Deepest nesting of arrays and objects taken in a body. MCP messages are a few levels deep;
 * the SDK's Node adapter serialises the parsed body again, recursively, and a body of 5,000
 * nested arrays (10 KB) overflowed its stack: a 500 instead of a JSON-RPC error.
 */
export const MCP_MAX_DEPTH = 64;

/** True when `value` nests arrays or objects deeper than `limit` (read without recursion). */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** A single tools/call names the one tool its server needs; anything else needs everything. */
function serverNeed(body: unknown): ServerNeed {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "all";
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  const name = typeof params === "object" && params !== null ? params.name : undefined;
  return method === "tools/call" && typeof name === "string" ? { tool: name } : "all";
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

/**
 * Why a JSON-RPC batch (an array body) is refused, or undefined when its version allows one.
 * Batches exist in 2024-11-05 and 2025-03-26 only; a client of 2025-03-26 sends no
 * MCP-Protocol-Version header (the transport then assumes that version), later ones must.
 */
function batchRefusal(body: unknown, versionHeader: string | string[] | undefined) {
  if (!Array.isArray(body)) return undefined;
  const version = Array.isArray(versionHeader) ? versionHeader[0] : versionHeader;
  if (version === undefined || (MCP_BATCH_VERSIONS as readonly string[]).includes(version)) {
    return undefined;
  }
  return `Invalid Request: protocol version ${version} has no JSON-RPC batches (only ${MCP_BATCH_VERSIONS.join(" and ")} do). Send one message per POST.`;
}

/** A failure of the program (a bug, a stack overflow), not a refusal of a bad request. */
function isProgramFault(error: Error): boolean {
  return (
    error instanceof RangeError || error instanceof TypeError || error instanceof ReferenceError
  );
}

/** Writes a fast-path reply with the headers set so far (ours, CORS, the rate limit's). */
function sendFastReply(reply: FastifyReply, answered: FastReply): void {
  reply.hijack();
  const res = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, value);
  }
  res.writeHead(answered.status, {
    ...answered.headers,
    "content-length": Buffer.byteLength(answered.body),
  });
  res.end(answered.body);
}

function wantsEventStream(request: FastifyRequest): boolean {
  return /\btext\/event-stream\b/i.test(request.headers.accept ?? "");
}

async function mcpPlugin(app: FastifyInstance, deps: McpDeps): Promise<void> {
  const context = toolContext(deps);
  const { baseUrl } = context;
  const headers = { "SVC-API-Version": API_VERSION, ...deps.versionHeaders };
  // What the request being served needs of its server (set around `serve` below).
  const needs = new AsyncLocalStorage<ServerNeed>();
  // The SDK reports here both a refused request (the client's fault, at debug: a flood of
  // them must not flood the log) and its own failures (a fault of ours, logged as errors).
  const reportSdkError = (error: Error) => {
    if (isProgramFault(error)) app.log.error({ err: error }, "mcp request failed");
    else app.log.debug({ error: error.message }, "mcp request refused");
  };
  const handler = createMcpHandler(() => createSvcMcpServer(context, needs.getStore() ?? "all"), {
    legacy: "stateless",
    maxRequestBodySize: MCP_BODY_LIMIT,
    onerror: reportSdkError,
  });
  const serve = toNodeHandler(handler);
  // One long-lived server per era for the common tools/call (fast-path.ts), on by default.
  const fast =
    deps.fastToolCalls === false
      ? undefined
      : fastPath(context, () => createSvcMcpServer(context, "all"), reportSdkError);
  const checkOrigin = originCheck(baseUrl);
  app.addHook("onClose", async () => {
    await Promise.all([handler.close(), fast?.close()]);
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: "string" }, (_request, text, done) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text as string);
    } catch {
      const error = Object.assign(new Error("Parse error: the body is not valid JSON"), {
        statusCode: 400,
        jsonRpcCode: PARSE_ERROR,
      });
      done(error);
      return;
    }
    if (nestedDeeperThan(parsed, MCP_MAX_DEPTH)) {
      const error = Object.assign(
        new Error(
          `Invalid Request: the body nests arrays or objects more than ${MCP_MAX_DEPTH} levels deep.`,
        ),
        { statusCode: 400, jsonRpcCode: INVALID_REQUEST },
      );
      done(error);
      return;
    }
    done(null, parsed);
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
    const refusedBatch = batchRefusal(request.body, request.headers["mcp-protocol-version"]);
    if (refusedBatch !== undefined) {
      return reply.code(400).send(jsonRpcError(INVALID_REQUEST, refusedBatch));
    }
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
    const call = fast && fastCallOf(request.body, request.headers, SVC_TOOL_NAMES);
    const answered = call ? await fast?.answer(call) : undefined;
    if (answered !== undefined) return sendFastReply(reply, answered);
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    await needs.run(serverNeed(request.body), () =>
      serve(request.raw, withNodeKeepAlive(reply.raw), request.body),
    );
  });
}

/**
 * Adds GET, POST and DELETE `/mcp` to `app` in their own encapsulated context. Await it (or
 * `app.ready()`) before serving.
 */
export async function registerMcp(app: FastifyInstance, deps: McpDeps): Promise<void> {
  await app.register(mcpPlugin, deps);
}
