// Client addresses as the rate limit sees them: parsed from a socket or an X-Forwarded-For
// hop, IPv4-mapped IPv6 written as IPv4, and one counting key per address (per /64 for IPv6,
// the smallest network a provider hands to one customer: RFC 6177).
import { isIP } from "node:net";

export type IpFamily = "ipv4" | "ipv6";

export interface IpAddress {
  address: string;
  family: IpFamily;
}

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * Parses an address as sockets and proxies write it: `1.2.3.4`, `1.2.3.4:80`, `::1`,
 * `[::1]:80`, `fe80::1%eth0`, `::ffff:1.2.3.4`. Undefined when it is not an IP address.
 */
export function parseIpAddress(text: string): IpAddress | undefined {
  let value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1] !== undefined) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/%[\w.-]+$/, "");
  const mapped = MAPPED_IPV4.exec(value);
  if (mapped?.[1] !== undefined && isIP(mapped[1]) === 4) {
    return { address: mapped[1], family: "ipv4" };
  }
  const version = isIP(value);
  if (version === 4) return { address: value, family: "ipv4" };
  if (version === 6) return { address: value.toLowerCase(), family: "ipv6" };
  return undefined;
}

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
  // A trailing dotted quad (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is two groups.
  const text = address.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_all: string, a: string, b: string, c: string, d: string) =>
      `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`,
  );
  const [head = "", tail] = text.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = new Array<number>(Math.max(0, 8 - left.length - right.length)).fill(0);
  return [...left, ...zeros, ...right];
}

/**
 * The key a client is counted under: the IPv4 address itself, or the /64 network of an
 * IPv6 address (`2001:db8:1:2::/64`), so that one customer cannot get a fresh budget per
 * address. Anything that is not an address is counted as it is.
 */
export function rateLimitKey(address: string): string {
  const parsed = parseIpAddress(address);
  if (parsed === undefined) return address;
  if (parsed.family === "ipv4") return parsed.address;
  const prefix = ipv6Groups(parsed.address)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${prefix.join(":")}::/64`;
}
