// Runs one serving process until SIGTERM or SIGINT (or, in a cluster worker, until the
// primary goes away), then shuts down gracefully: exit code 0 once in-flight requests are done.
import cluster from "node:cluster";
import type { Logger } from "pino";
import { describeError } from "../errors.js";
import { createSvcServer, type ServerOptions } from "./server.js";

export interface RunServerOptions extends ServerOptions {
  port: number;
  host?: string;
}

/** Serves until told to stop; resolves with the exit code. */
export async function runServer(options: RunServerOptions): Promise<number> {
  const { logger } = options;
  const server = await createSvcServer(options);
  const port = await server.listen(options.port, options.host);
  logger.info(
    { port, tree: server.liveTree.current()?.name ?? null, worker: cluster.worker?.id ?? null },
    "listening",
  );
  return new Promise((resolve) => {
    const stop = (reason: string) => {
      logger.info({ reason }, "shutting down: finishing requests in flight");
      server.close().then(
        () => {
          logger.info("stopped");
          resolve(0);
        },
        (error: unknown) => {
          logger.error({ error: describeError(error) }, "shutdown failed");
          resolve(1);
        },
      );
    };
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stop(signal));
    if (cluster.isWorker) process.once("disconnect", () => stop("primary gone"));
  });
}

export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}
