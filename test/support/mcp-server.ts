// Starts the real serving stack with /mcp on a free port: the live tree, /ask's wiring and
// the app, assembled as src/server/server.ts does, plus the live tree handed to the app
// (`tree`), which /mcp reads stories from.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig } from "../../src/config/config.js";
import { createApp } from "../../src/server/app.js";
import { ArchiveFiles } from "../../src/server/archive-files.js";
import { wireAsk } from "../../src/server/ask-wiring.js";
import { cacheControlClock } from "../../src/server/cache-control.js";
import { LiveTree } from "../../src/server/live-tree.js";
import { createLogger } from "../../src/server/logger.js";
import { commonHeaders } from "../../src/server/reply-headers.js";
import { createStaticHandler } from "../../src/server/static-handler.js";

export interface McpTestServer {
  port: number;
  url: string;
  liveTree: LiveTree;
  server: Server;
  close(): Promise<void>;
}

/** Serves `env`'s data directory (SVC_DATA_DIR, SVC_BASE_URL, SVC_RATE_LIMIT…) on 127.0.0.1. */
export async function startMcpServer(env: Record<string, string>): Promise<McpTestServer> {
  const config = loadConfig(env);
  const logger = createLogger("silent");
  const common = commonHeaders(config);
  const liveTree = new LiveTree({
    dataDir: config.dataDir,
    commonHeaders: common,
    memoryDays: 2,
    memoryBytes: 64 * 1024 * 1024,
    pollMs: 25,
    logger,
  });
  await liveTree.start();
  const ask = await wireAsk(config, liveTree, logger);
  const staticFiles = createStaticHandler({
    tree: () => liveTree.current(),
    archive: new ArchiveFiles({ maxBytes: 16 * 1024 * 1024, commonHeaders: common }),
    baseUrl: config.baseUrl,
    commonHeaders: common,
    cacheControl: cacheControlClock(),
    closing: () => false,
    logger,
  });
  const { app, server } = await createApp({
    logger,
    staticFiles,
    commonHeaders: common,
    closing: () => false,
    hasTree: () => liveTree.current() !== undefined,
    ask: ask.deps,
    tree: () => liveTree.current(),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    liveTree,
    server,
    close: async () => {
      liveTree.stop();
      server.closeAllConnections();
      await app.close();
      await ask.close();
    },
  };
}
