// Methods the dynamic endpoints take. Fastify routes only the common methods and answers any
// other (TRACE, PROPFIND, ...) with a 404 "no such file"; for /ask and /mcp that is the wrong
// answer: the endpoint exists, the method does not (RFC 9110 section 15.5.6, 405 with Allow).
import type { IncomingMessage, ServerResponse } from "node:http";
import { API_VERSION } from "../../api/common.js";
import { JSON_TYPE } from "../static/content-types.js";
import { pathOfUrl } from "../static/request-path.js";

interface Endpoint {
  /** Methods its routes answer (some of them with their own 405). */
  routed: ReadonlySet<string>;
  allow: string;
  example: string;
}

const ENDPOINTS: Readonly<Record<string, Endpoint>> = {
  "/ask": {
    routed: new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]),
    allow: "GET, HEAD, POST, OPTIONS",
    example: 'GET /ask?query=… or POST /ask with {"query": "…"}',
  },
  "/mcp": {
    routed: new Set(["GET", "HEAD", "POST", "DELETE", "OPTIONS"]),
    allow: "GET, POST",
    example: "POST JSON-RPC messages to /mcp; GET /mcp explains how to connect",
  },
};

/**
 * Answers 405 in our Error format when `req` names /ask or /mcp with a method their routes do
 * not take; returns false (nothing sent) otherwise.
 */
export function refuseEndpointMethod(
  req: IncomingMessage,
  res: ServerResponse,
  commonHeaders: readonly string[],
): boolean {
  const path = pathOfUrl(req.url ?? "/");
  const endpoint = ENDPOINTS[path];
  const method = req.method ?? "";
  if (endpoint === undefined || endpoint.routed.has(method)) return false;
  const body = JSON.stringify({
    error: "method_not_allowed",
    message: `${path} does not take ${method.slice(0, 40)}.`,
    next_step: `${endpoint.example}.`,
  });
  res.writeHead(405, [
    ...commonHeaders,
    "Allow",
    endpoint.allow,
    "Content-Type",
    JSON_TYPE,
    "Content-Length",
    String(Buffer.byteLength(body)),
    "SVC-API-Version",
    API_VERSION,
  ]);
  res.end(body);
  return true;
}
