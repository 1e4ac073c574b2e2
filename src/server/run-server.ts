// Runs one serving process until SIGTERM or SIGINT (or, in a cluster worker, until the
// primary goes away), then shuts down gracefully: exit code 0 once in-flight requests are done.
import cluster from "node:cluster";
import type { Logger } from "pino";
import { describeError, SvcError } from "../errors.js";
import { createSvcServer, type ServerOptions, type SvcServer } from "./server.js";

export interface RunServerOptions extends ServerOptions {
  port: number;
  host?: string;
  /** A Unix socket to listen on instead of the port (SVC_SOCKET; prepared by the caller). */
  socket?: string | undefined;
}

/** Listens on SVC_SOCKET or PORT; a refusal (port taken, no such directory) is a clear error. */
async function listenWhereAsked(
  server: SvcServer,
  options: RunServerOptions,
): Promise<{ port: number } | { socket: string }> {
  const { socket } = options;
  try {
    if (socket !== undefined) {
      await server.listenOnSocket(socket);
      return { socket };
    }
    return { port: await server.listen(options.port, options.host) };
  } catch (error) {
    await server.close();
    const where = socket === undefined ? `port ${options.port}` : `SVC_SOCKET ${socket}`;
    throw new SvcError(
      "invalid_config",
      `cannot listen on ${where}: ${describeError(error)}`,
      socket === undefined
        ? "Stop what uses that port, or set another PORT."
        : "Create the socket's directory and let this user write there, or set another SVC_SOCKET.",
      { cause: error },
    );
  }
}

/** Serves until told to stop; resolves with the exit code. */
export async function runServer(options: RunServerOptions): Promise<number> {
  const { logger } = options;
  const server = await createSvcServer(options);
  const where = await listenWhereAsked(server, options);
  logger.info(
    { ...where, tree: server.liveTree.current()?.name ?? null, worker: cluster.worker?.id ?? null },
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
