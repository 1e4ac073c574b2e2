// Two /mcp endpoints over the same live tree, /ask wiring and call budget: one with the fast
// path (long-lived servers, kept replies: the default), one that sends every request to the
// SDK's per-request handler, the reference the fast path must answer exactly like.
import Fastify, { type FastifyInstance } from "fastify";
import { loadConfig } from "../../src/config/config.js";
import { wireAsk } from "../../src/server/ask/ask-wiring.js";
import { LiveTree } from "../../src/server/static/live-tree.js";
import { createLogger } from "../../src/server/http/logger.js";
import { registerMcp } from "../../src/server/mcp/register-mcp.js";

export interface McpPaths {
  /** `/mcp` with the fast path. */
  fast: string;
  /** `/mcp` with the SDK's handler alone. */
  sdk: string;
  liveTree: LiveTree;
  close(): Promise<void>;
}

/** Serves `env`'s data directory (SVC_DATA_DIR, SVC_BASE_URL, SVC_RATE_LIMIT…) twice. */
export async function startMcpPaths(env: Record<string, string>): Promise<McpPaths> {
  const config = loadConfig(env);
  const logger = createLogger("silent");
  const liveTree = new LiveTree({
    dataDir: config.dataDir,
    commonHeaders: [],
    memoryDays: 2,
    memoryBytes: 64 * 1024 * 1024,
    pollMs: 25,
    logger,
  });
  await liveTree.start();
  const ask = await wireAsk(config, liveTree, logger);
  // One instant for both: svc_ask and svc_search answer relative to "now".
  const now = new Date();
  const apps: FastifyInstance[] = [];
  const serve = async (fastToolCalls: boolean): Promise<string> => {
    const app = Fastify();
    apps.push(app);
    await registerMcp(app, {
      ...ask.deps,
      clock: () => now,
      tree: () => liveTree.current(),
      cursorSecret: "differential",
      serverVersion: "0.0.0-test",
      fastToolCalls,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    return `http://127.0.0.1:${address.port}/mcp`;
  };
  const fast = await serve(true);
  const sdk = await serve(false);
  return {
    fast,
    sdk,
    liveTree,
    close: async () => {
      liveTree.stop();
      await Promise.all(apps.map((app) => app.close()));
      await ask.close();
    },
  };
}
