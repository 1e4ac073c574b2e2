// `GET /metrics`: Prometheus text (docs/metrics.md) of the whole server, every cluster worker
// included. Not rate limited and not versioned (it is for the operator's scraper, not the
// API); restrict it at the proxy.
import type { FastifyInstance } from "fastify";
import type { ErrorBody } from "../api/error-body.js";
import { describeError } from "../errors.js";

export interface MetricsRouteDeps {
  /** The exposition text (in a cluster worker: gathered by the primary). */
  scrape: () => Promise<string>;
  /** `text/plain; version=0.0.4; charset=utf-8` (the registry's). */
  contentType: string;
}

export function registerMetricsRoute(app: FastifyInstance, deps: MetricsRouteDeps): void {
  app.get("/metrics", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    try {
      const text = await deps.scrape();
      return reply.type(deps.contentType).send(text);
    } catch (error) {
      app.log.error({ error: describeError(error) }, "metrics could not be collected");
      const body: ErrorBody = {
        error: "metrics_unavailable",
        message: "The metrics of every server process could not be gathered.",
        next_step: "Scrape again; the server log says why.",
      };
      return reply.code(503).send(body);
    }
  });
}
