// Headers every reply carries, whatever answers it: open CORS for reads, and the
// deprecation announcement when one is configured (RFC 9745 `Deprecation`, RFC 8594 `Sunset`,
// with their `Link` relations).

export interface DeprecationSettings {
  deprecationAt: Date | undefined;
  sunsetAt: Date | undefined;
  deprecationLink: string | undefined;
}

/** Response headers a browser script may read (CORS). */
const EXPOSED = [
  "ETag",
  "Last-Modified",
  "SVC-API-Version",
  "RateLimit",
  "RateLimit-Policy",
  "Retry-After",
  "Deprecation",
  "Sunset",
  "Link",
].join(", ");

/** `Deprecation`, `Sunset` and `Link` as a flat list (empty when nothing is configured). */
export function deprecationHeaders(settings: DeprecationSettings): string[] {
  const headers: string[] = [];
  const links: string[] = [];
  if (settings.deprecationAt !== undefined) {
    headers.push("Deprecation", `@${Math.floor(settings.deprecationAt.getTime() / 1000)}`);
    if (settings.deprecationLink) links.push(`<${settings.deprecationLink}>; rel="deprecation"`);
  }
  if (settings.sunsetAt !== undefined) {
    headers.push("Sunset", settings.sunsetAt.toUTCString());
    if (settings.deprecationLink) links.push(`<${settings.deprecationLink}>; rel="sunset"`);
  }
  if (links.length > 0) headers.push("Link", links.join(", "));
  return headers;
}

/** Headers of every reply, as a flat list `[name, value, name, value, ...]`. */
export function commonHeaders(settings: DeprecationSettings): string[] {
  return [
    "Access-Control-Allow-Origin",
    "*",
    "Access-Control-Expose-Headers",
    EXPOSED,
    "X-Content-Type-Options",
    "nosniff",
    ...deprecationHeaders(settings),
  ];
}

/** The reply to a CORS preflight (or any OPTIONS request): 204 with what may be sent. */
export const PREFLIGHT_HEADERS = [
  "Access-Control-Allow-Methods",
  "GET, HEAD, POST, OPTIONS",
  "Access-Control-Allow-Headers",
  "Accept, Accept-Encoding, Content-Type, If-None-Match, If-Modified-Since, Last-Event-ID, MCP-Protocol-Version, Mcp-Method, Mcp-Name",
  "Access-Control-Max-Age",
  "86400",
  "Allow",
  "GET, HEAD, POST, OPTIONS",
  "Content-Length",
  "0",
];
