// DNS rebinding protection (MCP 2025-11-25, "Transports" → "Security Warning": servers MUST
// validate Origin; bind to localhost when running locally). A server whose base URL is a
// loopback address is a developer's machine: it refuses a Host that is not a loopback name
// (a rebound DNS name) and a browser Origin from anywhere else. A public base URL is meant to
// be read by anyone, from any origin, so nothing is checked there.
// https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#security-warning
import { isIP } from "node:net";

export type OriginCheck = (
  host: string | undefined,
  origin: string | undefined,
) => string | undefined;

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

function isLoopbackHostname(hostname: string): boolean {
  const bare = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (LOOPBACK_NAMES.has(bare) || bare.endsWith(".localhost")) return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

/** `host:port` / `[::1]:port` → the host name. */
function hostnameOf(hostHeader: string): string | undefined {
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
}

function originHostname(origin: string): string | undefined {
  try {
    return new URL(origin).hostname;
  } catch {
    return undefined;
  }
}

/**
 * The check for a server at `baseUrl`: undefined when any origin may call (a public base
 * URL); else a function returning why a request is refused, or undefined to let it through.
 */
export function originCheck(baseUrl: string): OriginCheck | undefined {
  if (!isLoopbackHostname(new URL(baseUrl).hostname)) return undefined;
  return (host, origin) => {
    const hostname = host === undefined ? undefined : hostnameOf(host);
    if (hostname === undefined || !isLoopbackHostname(hostname)) {
      return `Host ${JSON.stringify(host ?? "")} is not this local server's (DNS rebinding protection)`;
    }
    if (origin === undefined) return undefined;
    const from = originHostname(origin);
    if (from === undefined || !isLoopbackHostname(from)) {
      return `Origin ${JSON.stringify(origin)} may not call this local server`;
    }
    return undefined;
  };
}
