// `GET /metrics`: Prometheus text (docs/metrics.md) of the whole server, every cluster worker
// included. Not rate limited and not versioned (it is for the operator's scraper, not the
// API). Only clients of SVC_METRICS_FROM (loopback by default) may read it: the rest get 403,
// so a server without a proxy in front does not show its internals to the world.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ErrorBody } from "../../api/error-body.js";
import { describeError } from "../../errors.js";

export interface MetricsRouteDeps {
  /** The exposition text (in a cluster worker: gathered by the primary). */
  scrape: () => Promise<string>;
  /** `text/plain; version=0.0.4; charset=utf-8` (the registry's). */
  contentType: string;
  /** Whether the request's client may read the metrics; everyone when absent. */
  allowed?: (request: FastifyRequest) => boolean;
}

const FORBIDDEN: ErrorBody = {
  error: "forbidden",
  message:
    "/metrics is served to the operator's addresses only (SVC_METRICS_FROM; loopback by default).",
  next_step:
    "Scrape from an address in SVC_METRICS_FROM, or add the scraper's address or range to it.",
};

export function registerMetricsRoute(app: FastifyInstance, deps: MetricsRouteDeps): void {
  app.get("/metrics", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (deps.allowed !== undefined && !deps.allowed(request)) {
      return reply.code(403).send(FORBIDDEN);
    }
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
