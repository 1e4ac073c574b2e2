// The shared call budget of /ask and MCP tool calls: who the client is, where the counts
// live (memory, node:cluster primary, Redis), and the headers and 429 body of a counted reply.
export {
  type CallCount,
  type CallLimiter,
  type CallLimiterOptions,
  createCallLimiter,
  type RateLimitPolicy,
} from "./call-limiter.js";
export {
  type ClientAddressResolver,
  clientAddressResolver,
  UNKNOWN_CLIENT,
} from "./client-address.js";
export { startRateLimitPrimary } from "./cluster-primary.js";
export { parseIpAddress, rateLimitKey } from "./ip-address.js";
export { type LimiterStoreOption, redactUrl } from "./limiter-store.js";
export { type CallVerdict, meterCall, RATE_LIMITED_CODE, rateLimitHeaders } from "./meter-call.js";
export { type MeteringDeps, meterRequest } from "./fastify-metering.js";
export { countRefusals } from "./count-refusals.js";
