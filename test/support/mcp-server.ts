// Starts the real serving stack (src/server/server.ts: live tree, /ask, /mcp) on a free port of
// 127.0.0.1, with the live tree checked for new publishes every 25 ms.
import type { Server } from "node:http";
import { loadConfig } from "../../src/config/config.js";
import { type LiveTree } from "../../src/server/static/live-tree.js";
import { createLogger } from "../../src/server/http/logger.js";
import { createSvcServer } from "../../src/server/server.js";

export interface McpTestServer {
  port: number;
  url: string;
  liveTree: LiveTree;
  server: Server;
  close(): Promise<void>;
}

/** Serves `env`'s data directory (SVC_DATA_DIR, SVC_BASE_URL, SVC_RATE_LIMIT…) on 127.0.0.1. */
export async function startMcpServer(env: Record<string, string>): Promise<McpTestServer> {
  const svc = await createSvcServer({
    config: loadConfig(env),
    logger: createLogger("silent"),
    pollMs: 25,
    memoryBytes: 64 * 1024 * 1024,
    archiveCacheBytes: 16 * 1024 * 1024,
    shutdownGraceMs: 1000,
  });
  const port = await svc.listen(0, "127.0.0.1");
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    liveTree: svc.liveTree,
    server: svc.server,
    close: () => svc.close(),
  };
}
