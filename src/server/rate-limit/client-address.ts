// Who is calling: the socket's peer, or, when that peer is a proxy we trust, the right-most
// address in X-Forwarded-For that is not one of our proxies (the left part of the header is
// written by the client and can be forged; only what our proxies appended is believed).
import { BlockList } from "node:net";
import { SvcError } from "../../errors.js";
import { parseIpAddress } from "./ip-address.js";

/** Named ranges accepted in the trusted-proxy list (the names proxy-addr uses). */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** Returns the client's address from the socket's peer and the X-Forwarded-For header. */
export type ClientAddressResolver = (
  peer: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
) => string;

/** The address counted when the socket has none (it was closed before we asked). */
export const UNKNOWN_CLIENT = "unknown";
/** The client counted for a call on the Unix socket that names no client (X-Forwarded-For). */
export const UNIX_SOCKET_CLIENT = "unix-socket";

function addEntry(list: BlockList, entry: string): string | undefined {
  const [host = "", bits, extra] = entry.split("/");
  const parsed = parseIpAddress(host);
  const max = parsed?.family === "ipv4" ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (
    parsed === undefined ||
    extra !== undefined ||
    (bits !== undefined && !/^\d{1,3}$/.test(bits))
  ) {
    return `"${entry}": expected an IP address, a CIDR range (10.0.0.0/8, fd00::/8) or one of ${Object.keys(NAMED_RANGES).join(", ")}`;
  }
  if (!Number.isInteger(prefix) || prefix > max) {
    return `"${entry}": the prefix length must be 0 to ${max}`;
  }
  list.addSubnet(parsed.address, prefix, parsed.family);
  return undefined;
}

/**
 * Whether an address is in a list of IPs, CIDR ranges and the names `loopback`, `linklocal`,
 * `uniquelocal` (as the trusted-proxy list). Throws one SvcError naming every bad entry,
 * telling the operator to fix `setting`.
 */
export function addressMatcher(entries: readonly string[], setting: string) {
  const list = new BlockList();
  const problems: string[] = [];
  for (const raw of entries.map((entry) => entry.trim()).filter(Boolean)) {
    for (const entry of NAMED_RANGES[raw.toLowerCase()] ?? [raw]) {
      const problem = addEntry(list, entry);
      if (problem !== undefined) problems.push(problem);
    }
  }
  if (problems.length > 0) {
    throw new SvcError(
      "invalid_config",
      `${setting}: ${problems.join("; ")}`,
      `Fix ${setting}: a comma-separated list of IPs and CIDR ranges (docs/configuration.md).`,
    );
  }
  return (address: string): boolean => {
    const parsed = parseIpAddress(address);
    return parsed !== undefined && list.check(parsed.address, parsed.family);
  };
}

/** Peer verdicts remembered before the memo starts again. */
const VERDICTS_KEPT = 4096;

/**
 * Builds the resolver for a list of trusted proxies: IPs, CIDR ranges (IPv4 and IPv6) and the
 * names `loopback`, `linklocal`, `uniquelocal`. An empty list trusts no one: the socket's
 * peer is the client. With `unixSocket` (the server listens on a Unix socket, SVC_SOCKET) a
 * peer without an address is a process of this machine, trusted as a proxy (like
 * `loopback`). Throws one SvcError naming every bad entry.
 */
export function clientAddressResolver(
  trustedProxies: readonly string[],
  options: { unixSocket?: boolean } = {},
): ClientAddressResolver {
  const inTrustedList = addressMatcher(trustedProxies, "SVC_TRUSTED_PROXIES");
  const anyTrusted = trustedProxies.some((entry) => entry.trim() !== "");
  // A peer's verdict is remembered: the peers of a server are few (its proxies, or its
  // clients when it has none), and BlockList.check builds a SocketAddress every time.
  const verdicts = new Map<string, boolean>();
  const isTrusted = (address: string) => {
    if (!anyTrusted) return false;
    let verdict = verdicts.get(address);
    if (verdict === undefined) {
      verdict = inTrustedList(address);
      if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
      verdicts.set(address, verdict);
    }
    return verdict;
  };
  const peerTrusted = (peer: string | undefined) =>
    peer === undefined ? options.unixSocket === true : isTrusted(peer);
  return (peer, forwardedFor) => {
    let client = (peer === undefined ? undefined : parseIpAddress(peer)?.address) ?? peer;
    client ??= options.unixSocket === true ? UNIX_SOCKET_CLIENT : UNKNOWN_CLIENT;
    if (!peerTrusted(peer) || forwardedFor === undefined) return client;
    const hops = [forwardedFor]
      .flat()
      .join(",")
      .split(",")
      .map((hop) => hop.trim())
      .filter((hop) => hop !== "");
    // Walk from the nearest hop back; stop at the first address no proxy of ours wrote.
    for (let index = hops.length - 1; index >= 0; index -= 1) {
      const hop = parseIpAddress(hops[index] ?? "");
      // A hop that is not an address cannot be counted: the last address we believe is.
      if (hop === undefined) return client;
      client = hop.address;
      if (!isTrusted(hop.address)) return client;
    }
    return client;
  };
}
