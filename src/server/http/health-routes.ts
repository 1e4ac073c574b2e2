// `/healthz` (the process is up) and `/readyz` (an edition is loaded and the server is not
// shutting down: 503 otherwise). Bodies follow `Health` (src/api/health.ts).
import type { FastifyInstance } from "fastify";
import type { Health } from "../../api/health.js";

export interface HealthDeps {
  hasTree: () => boolean;
  closing: () => boolean;
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  app.get("/healthz", async (_request, reply) => {
    const body: Health = { status: "ok" };
    return reply.header("Cache-Control", "no-store").send(body);
  });
  app.get("/readyz", async (_request, reply) => {
    const status = deps.closing() ? "shutting_down" : deps.hasTree() ? "ok" : "no_edition";
    const body: Health = { status };
    return reply
      .code(status === "ok" ? 200 : 503)
      .header("Cache-Control", "no-store")
      .send(body);
  });
}
