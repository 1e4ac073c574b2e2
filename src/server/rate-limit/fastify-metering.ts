// The rate limit as Fastify sees it: count the request's call, put the headers on the reply,
// and answer 429 when the budget is spent. Shared by /ask and MCP tool calls.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CallLimiter } from "./call-limiter.js";
import type { ClientAddressResolver } from "./client-address.js";
import { meterCall } from "./meter-call.js";

export interface MeteringDeps {
  limiter: CallLimiter;
  clientAddress: ClientAddressResolver;
  /** Headers of every JSON reply (SVC-API-Version, Deprecation…), also sent with a 429. */
  jsonHeaders: Readonly<Record<string, string>>;
}

/**
 * Counts the call `request` makes. Returns true when it may go on (the rate-limit headers are
 * on `reply`); false when the 429 has been sent: an async hook must then `return reply`.
 */
export async function meterRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: MeteringDeps,
): Promise<boolean> {
  const client = deps.clientAddress(
    request.socket.remoteAddress,
    request.headers["x-forwarded-for"],
  );
  const verdict = await meterCall(deps.limiter, client);
  reply.headers(verdict.headers);
  if (verdict.refusal === undefined) return true;
  void reply.code(429).headers(deps.jsonHeaders).send(verdict.refusal);
  return false;
}
