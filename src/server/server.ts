// Puts the server together (live tree, archive cache, static handler, Fastify app, /ask) and
// takes it apart gracefully: stop accepting, finish what is in flight, close.
import { chmod } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo, ListenOptions } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import type { Config } from "../config/config.js";
import { createApp } from "./http/app.js";
import { ArchiveFiles } from "./static/archive-files.js";
import { type AskConfig, type AskWiring, wireAsk } from "./ask/ask-wiring.js";
import { cacheControlClock } from "./static/cache-control.js";
import { LiveTree } from "./static/live-tree.js";
import { cursorSecret } from "./mcp/cursor-secret.js";
import {
  addressMatcher,
  clientAddressResolver,
  UNIX_SOCKET_CLIENT,
} from "./rate-limit/client-address.js";
import { commonHeaders } from "./http/reply-headers.js";
import { createStaticHandler } from "./static/static-handler.js";
import { createMetricsRegistry } from "../metrics/index.js";
import { serverMetrics } from "./metrics/server-metrics.js";

export type ServerConfig = Pick<Config, "dataDir" | "baseUrl"> &
  AskConfig &
  Partial<
    Pick<
      Config,
      "serviceName" | "cursorSecret" | "requestTimeoutSeconds" | "metricsFrom" | "requestLog"
    >
  >;

export interface ServerOptions {
  config: ServerConfig;
  logger: Logger;
  /** How often `public` is checked for a new publish. Default 1000 ms. */
  pollMs?: number;
  /** Story dates within this many days of the cut are held in memory. Default 2. */
  memoryDays?: number;
  /** Memory for those story files (all encodings). Default 512 MiB. */
  memoryBytes?: number;
  /** Memory for story files of older dates read from the archive. Default 64 MiB. */
  archiveCacheBytes?: number;
  /** After this long, connections still open at shutdown are cut. Default 10 s. */
  shutdownGraceMs?: number;
  /** Serve /ask. Default true. */
  ask?: boolean;
  /**
   * Where this process's metrics go (/metrics). Default: a new registry with Node's process
   * metrics. Pass the scheduler's registry when it runs in this process.
   */
  metrics?: Registry;
  clock?: () => number;
}

export interface SvcServer {
  readonly app: FastifyInstance;
  readonly server: Server;
  readonly liveTree: LiveTree;
  /** Starts listening; resolves with the port (useful with port 0). */
  listen(port: number, host?: string): Promise<number>;
  /**
   * Starts listening on a Unix socket (SVC_SOCKET) that any local user may connect to, like
   * a port on the loopback address; its directory's permissions decide who reaches it. The
   * path must be free (cluster/socket-path.ts clears a stale one first).
   */
  listenOnSocket(path: string): Promise<void>;
  /** Stops accepting, lets requests in flight finish, then resolves. Safe to call twice. */
  close(): Promise<void>;
}

const MIB = 1024 * 1024;
/** While draining, connections that went idle are closed this often. */
const IDLE_SWEEP_MS = 100;

/** Resolves once `server` listens where `options` say; rejects with the reason it cannot. */
function startListening(server: Server, options: ListenOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** Who may read /metrics: clients (after trusted proxies) in SVC_METRICS_FROM, loopback by default. */
function metricsReaders(config: ServerConfig) {
  const client = clientAddressResolver(config.trustedProxies, {
    unixSocket: config.socket !== undefined,
  });
  const allowed = addressMatcher(config.metricsFrom ?? ["loopback"], "SVC_METRICS_FROM");
  return (request: FastifyRequest) => {
    const address = client(request.socket.remoteAddress, request.headers["x-forwarded-for"]);
    // A process of this machine on the Unix socket, naming no client, is as local as loopback.
    return allowed(address === UNIX_SOCKET_CLIENT ? "127.0.0.1" : address);
  };
}

export async function createSvcServer(options: ServerOptions): Promise<SvcServer> {
  const { config, logger } = options;
  const common = commonHeaders(config);
  let closing = false;
  const liveTree = new LiveTree({
    dataDir: config.dataDir,
    commonHeaders: common,
    memoryDays: options.memoryDays ?? 2,
    memoryBytes: options.memoryBytes ?? 512 * MIB,
    pollMs: options.pollMs ?? 1000,
    logger,
  });
  await liveTree.start();
  const metrics = serverMetrics(
    options.metrics ?? createMetricsRegistry(),
    liveTree,
    options.clock,
  );
  let ask: AskWiring | undefined;
  if (options.ask ?? true) {
    ask = await wireAsk(config, liveTree, logger, () => metrics.rateLimit.fellBack());
  }
  const staticFiles = createStaticHandler({
    tree: () => liveTree.current(),
    archive: new ArchiveFiles({
      maxBytes: options.archiveCacheBytes ?? 64 * MIB,
      commonHeaders: common,
    }),
    baseUrl: config.baseUrl,
    commonHeaders: common,
    cacheControl: cacheControlClock(options.clock),
    closing: () => closing,
    logger,
  });
  const secret = cursorSecret(config.cursorSecret, config.dataDir);
  if (secret.problem !== undefined) {
    logger.warn(
      `svc_since cursors are signed with a secret of this process only: ${secret.problem}. Set SVC_CURSOR_SECRET (the same on every replica) to keep cursors valid across processes and restarts.`,
    );
  }
  const { app, server } = await createApp({
    logger,
    logRequests: config.requestLog !== "off",
    staticFiles,
    commonHeaders: common,
    closing: () => closing,
    hasTree: () => liveTree.current() !== undefined,
    ask: ask?.deps,
    tree: () => liveTree.current(),
    mcp: { serviceName: config.serviceName, cursorSecret: secret.secret },
    metricsAllowed: metricsReaders(config),
    ...(config.requestTimeoutSeconds === undefined
      ? {}
      : { requestTimeoutMs: config.requestTimeoutSeconds * 1000 }),
    metrics,
  });
  let closed: Promise<void> | undefined;
  const drain = async () => {
    closing = true;
    liveTree.stop();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => server.closeAllConnections(), options.shutdownGraceMs ?? 10_000);
    try {
      // Fastify closes only servers it started itself: stop accepting and wait for every
      // connection here, then close the app.
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await stopped;
      await app.close();
    } finally {
      clearInterval(sweep);
      clearTimeout(cut);
      metrics.close();
      await ask?.close();
    }
  };
  return {
    app,
    server,
    liveTree,
    listen: async (port, host) => {
      await startListening(server, { port, host });
      return (server.address() as AddressInfo).port;
    },
    listenOnSocket: async (path) => {
      await startListening(server, { path });
      await chmod(path, 0o666);
    },
    close: () => (closed ??= drain()),
  };
}
