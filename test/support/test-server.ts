// Starts the real server in-process on a free port against a data directory, with a fixed
// clock and a logger whose lines the test can read.
import { Writable } from "node:stream";
import { loadConfig } from "../../src/config/config.js";
import { createLogger } from "../../src/server/http/logger.js";
import { createSvcServer, type ServerOptions, type SvcServer } from "../../src/server/server.js";

export interface RunningServer {
  server: SvcServer;
  port: number;
  /** Every log line written so far, parsed. */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string>,
  options: Partial<Omit<ServerOptions, "config" | "logger">> = {},
): Promise<RunningServer> {
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (line.trim() !== "") logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const server = await createSvcServer({
    config: loadConfig(env),
    logger: createLogger("info", sink),
    pollMs: 25,
    ask: false,
    ...options,
  });
  const port = await server.listen(0, "127.0.0.1");
  return { server, port, logs, close: () => server.close() };
}
