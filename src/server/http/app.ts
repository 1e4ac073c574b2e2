// The HTTP application: one node:http server whose handler answers published files itself
// (static/static-handler.ts, the hot path) and hands everything else to Fastify, where every
// dynamic route is registered, here and only here: /healthz, /readyz, /metrics, /ask and /mcp.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  LogController,
} from "fastify";
import type { Logger } from "pino";
import {
  clientErrorHandler,
  connectHandler,
  expectationFailedReply,
  missingHostReply,
} from "./client-errors.js";
import { FASTIFY_JSON_TYPE, isJsonType, JSON_TYPE } from "../static/content-types.js";
import { refuseEndpointMethod } from "./endpoint-methods.js";
import { registerHealthRoutes } from "./health-routes.js";
import { registerMetricsRoute } from "../metrics/metrics-route.js";
import { countRefusals } from "../rate-limit/index.js";
import { PREFLIGHT_HEADERS } from "./reply-headers.js";
import { logWhenDone } from "./request-log.js";
import { recordWhenSent } from "../metrics/request-metrics.js";
import { pathOfUrl } from "../static/request-path.js";
import type { ServerMetrics } from "../metrics/server-metrics.js";
import type { StaticHandler } from "../static/static-handler.js";
import { registerAsk, type AskDeps } from "../ask/register-ask.js";
import type { McpDeps } from "../mcp/mcp-deps.js";
import { registerMcp } from "../mcp/register-mcp.js";
import type { LoadedTree } from "../static/load-tree.js";
import { API_VERSION } from "../../api/common.js";
import { dynamicRouteOf, type MeteredRoute } from "../../metrics/index.js";

/** Longer than the idle timeout of common load balancers (60 s), so they close first. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Default of AppDeps.requestTimeoutMs (SVC_REQUEST_TIMEOUT). */
const REQUEST_TIMEOUT_MS = 10_000;
/** How often Node checks requests against their timeout (its default is 30 s). */
const TIMEOUT_CHECK_MS = 1000;
/** Largest request body any route takes (routes may set less, /ask does). */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Fastify's own per-request lines are left out: the front handler logs every request, static
 * or dynamic, in one format (request-log.ts). Errors are still logged.
 */
class ErrorsOnlyLog extends LogController {
  override incomingRequest(): void {}
  override routeNotFound(): void {}
  override requestCompleted(...args: Parameters<LogController["requestCompleted"]>): void {
    if (args[0]) super.requestCompleted(...args);
  }
}

export interface AppDeps {
  logger: Logger;
  staticFiles: StaticHandler;
  /** Headers of every reply (CORS, deprecation), a flat list. */
  commonHeaders: readonly string[];
  closing: () => boolean;
  hasTree: () => boolean;
  /** What /ask needs; /ask is not served without it. */
  ask: AskDeps | undefined;
  /** The edition being served; /mcp (which also needs `ask`) is served only with it. */
  tree?: () => LoadedTree | undefined;
  /** Settings of /mcp beyond what /ask has. */
  mcp?: Pick<McpDeps, "serviceName" | "cursorSecret">;
  /** Request and rate-limit metrics, and /metrics; neither is there without it. */
  metrics?: ServerMetrics;
  /** Who may read /metrics (SVC_METRICS_FROM); everyone when absent. */
  metricsAllowed?: (request: FastifyRequest) => boolean;
  /** Time for a whole request (line, headers, body) to arrive; then 408. Default 10 s. */
  requestTimeoutMs?: number;
  /** One log line per request (at level info). Default true. */
  logRequests?: boolean;
}

export interface App {
  app: FastifyInstance;
  server: Server;
}

/** The node:http request handler in front of Fastify. */
function frontHandler(deps: AppDeps, fastify: (req: IncomingMessage, res: ServerResponse) => void) {
  const logRequests = deps.logRequests !== false && deps.logger.isLevelEnabled("info");
  const common = deps.commonHeaders;
  const noHost = missingHostReply(common);
  const metrics = deps.metrics?.http;
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = metrics === undefined ? 0 : performance.now();
    if (logRequests) logWhenDone(deps.logger, req, res);
    if (req.headers.host === undefined && req.httpVersion === "1.1") {
      noHost(res);
      return;
    }
    if (req.method === "OPTIONS") {
      res.writeHead(204, [...common, ...PREFLIGHT_HEADERS]);
      res.end();
      if (metrics) recordWhenSent(metrics, res, dynamicRouteOf(pathOfUrl(req.url ?? "/")), started);
      return;
    }
    if (deps.staticFiles.serve(req, res)) {
      if (metrics) recordWhenSent(metrics, res, "static", started);
      return;
    }
    if (refuseEndpointMethod(req, res, common)) {
      if (metrics) recordWhenSent(metrics, res, dynamicRouteOf(pathOfUrl(req.url ?? "/")), started);
      return;
    }
    for (let index = 0; index < common.length; index += 2) {
      res.setHeader(common[index] as string, common[index + 1] as string);
    }
    if (deps.closing()) res.setHeader("Connection", "close");
    if (metrics) recordWhenSent(metrics, res, dynamicRouteOf(pathOfUrl(req.url ?? "/")), started);
    fastify(req, res);
  };
}

/** The shared call budget as `route` sees it: its refusals counted under its name. */
function meteredAs(ask: AskDeps, route: MeteredRoute, metrics: ServerMetrics | undefined): AskDeps {
  if (metrics === undefined) return ask;
  return { ...ask, limiter: countRefusals(ask.limiter, () => metrics.rateLimit.refused(route)) };
}

/** Every dynamic route, in one place. */
async function registerDynamicRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerHealthRoutes(app, { hasTree: deps.hasTree, closing: deps.closing });
  if (deps.metrics !== undefined) {
    registerMetricsRoute(app, {
      ...deps.metrics,
      ...(deps.metricsAllowed === undefined ? {} : { allowed: deps.metricsAllowed }),
    });
  }
  if (deps.ask !== undefined) await registerAsk(app, meteredAs(deps.ask, "ask", deps.metrics));
  if (deps.ask !== undefined && deps.tree !== undefined) {
    const ask = meteredAs(deps.ask, "mcp", deps.metrics);
    await registerMcp(app, { ...ask, ...deps.mcp, tree: deps.tree });
  }
}

export async function createApp(deps: AppDeps): Promise<App> {
  let server: Server | undefined;
  // Typed as Fastify's logger so the instance is a plain FastifyInstance.
  const logger: FastifyBaseLogger = deps.logger;
  const requestTimeoutMs = deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    loggerInstance: logger,
    logController: new ErrorsOnlyLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Requests that reach a route while shutting down are answered (with Connection: close).
    return503OnClosing: false,
    forceCloseConnections: "idle",
    // Refusals of Node's HTTP parser and timeouts, in our Error format (client-errors.ts).
    clientErrorHandler: clientErrorHandler(deps.commonHeaders, requestTimeoutMs),
    serverFactory: (handler) => {
      server = createServer(
        {
          keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
          headersTimeout: requestTimeoutMs,
          requestTimeout: requestTimeoutMs,
          connectionsCheckingInterval: TIMEOUT_CHECK_MS,
          // Checked by the front handler, which answers in our Error format (client-errors.ts).
          requireHostHeader: false,
        },
        frontHandler(deps, handler),
      );
      server.on("connect", connectHandler(deps.commonHeaders));
      server.on("checkExpectation", expectationFailedReply(deps.commonHeaders));
      return server;
    },
    // A URL Fastify cannot route (bad percent-encoding) is simply a file that does not exist.
    frameworkErrors: (_error, request, reply) => {
      reply.hijack();
      deps.staticFiles.notFound(request.raw, reply.raw);
    },
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && isJsonType(type)) {
      reply.header("SVC-API-Version", API_VERSION);
      // Fastify's default for a serialized object; the spec names `application/json`, which
      // has no charset parameter (JSON is UTF-8, RFC 8259), as the published files send it.
      if (type === FASTIFY_JSON_TYPE) reply.header("content-type", JSON_TYPE);
    }
    return payload;
  });
  app.setNotFoundHandler((request, reply) => {
    reply.hijack();
    deps.staticFiles.notFound(request.raw, reply.raw);
  });
  await registerDynamicRoutes(app, deps);
  await app.ready();
  if (server === undefined) throw new Error("Fastify did not create the HTTP server");
  return { app, server };
}
