// The call budget in words, for svc_about and GET /mcp.
import type { RateLimitPolicy } from "../rate-limit/index.js";

export function rateLimitText(policy: RateLimitPolicy | undefined): string {
  if (policy === undefined) return "No rate limit is configured on this server.";
  return `${policy.quota} calls per ${policy.windowSeconds} seconds per IP address, /ask calls and MCP tools/call counted together (initialize, tools/list and ping are free). Over it: HTTP 429 with Retry-After.`;
}
