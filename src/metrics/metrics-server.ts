// A tiny HTTP server for a process that has no other: `svc scheduler` answers GET /metrics
// (Prometheus text) with it, and 404 JSON for anything else.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import type { ErrorBody } from "../api/error-body.js";
import { describeError } from "../errors.js";

export interface MetricsServerOptions {
  port: number;
  /** Default: every interface (Node's default); prefer 127.0.0.1 or a private address. */
  host?: string;
  registry: Registry;
  logger: Pick<Logger, "error">;
}

export interface MetricsServer {
  /** The port listened on (useful with port 0). */
  readonly port: number;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: ErrorBody, extra = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    ...extra,
  });
  res.end(text);
}

function handler(options: MetricsServerOptions) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?", 1)[0];
    if (path !== "/metrics") {
      sendJson(res, 404, {
        error: "not_found",
        message: `${path} does not exist: this server only answers /metrics.`,
        next_step: "GET /metrics for the Prometheus text exposition.",
      });
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      const body = { error: "method_not_allowed", message: "Use GET /metrics." };
      sendJson(res, 405, body, { Allow: "GET, HEAD" });
      return;
    }
    options.registry.metrics().then(
      (text) => {
        res.writeHead(200, {
          "Content-Type": options.registry.contentType,
          "Content-Length": Buffer.byteLength(text),
          "Cache-Control": "no-store",
        });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        options.logger.error({ error: describeError(error) }, "metrics could not be collected");
        sendJson(res, 500, {
          error: "internal",
          message: "The metrics could not be collected.",
          next_step: "Scrape again; the process log says why.",
        });
      },
    );
  };
}

/**
 * Serves `registry` at GET /metrics on `port` (`host`) until `close()`. Resolves once
 * listening; rejects when the port cannot be taken (in use, not allowed).
 */
export function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const server = createServer(handler(options));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: options.port, host: options.host }, () => {
      server.off("error", reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
