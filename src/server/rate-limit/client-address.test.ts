// Who the rate limit counts: the socket's peer, or the right-most untrusted X-Forwarded-For
// hop when the peer is a trusted proxy; IPv6 counted per /64.
import { describe, expect, it } from "vitest";
import { clientAddressResolver, UNIX_SOCKET_CLIENT, UNKNOWN_CLIENT } from "./client-address.js";
import { parseIpAddress, rateLimitKey } from "./ip-address.js";

describe("clientAddressResolver", () => {
  const behindProxies = clientAddressResolver(["10.0.0.0/8", "fd00::/8", "192.0.2.7"]);

  it("uses the socket address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    const direct = clientAddressResolver([]);
    expect(direct("203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
    expect(direct("::ffff:203.0.113.9", undefined)).toBe("203.0.113.9");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(behindProxies("203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
  });

  it("takes the right-most hop that is not a trusted proxy", () => {
    // The client forged the first entry; our two proxies appended the rest.
    const header = "1.1.1.1, 198.51.100.23, 10.1.2.3";
    expect(behindProxies("10.0.0.1", header)).toBe("198.51.100.23");
    expect(behindProxies("::ffff:10.0.0.1", header)).toBe("198.51.100.23");
    expect(behindProxies("fd00::5", "2001:db8::1, fd00::9")).toBe("2001:db8::1");
    expect(behindProxies("192.0.2.7", ["198.51.100.1", "198.51.100.2"])).toBe("198.51.100.2");
  });

  it("reads hops with ports and brackets", () => {
    expect(behindProxies("10.0.0.1", "198.51.100.23:4711")).toBe("198.51.100.23");
    expect(behindProxies("10.0.0.1", "[2001:db8::1]:443")).toBe("2001:db8::1");
  });

  it("stops at a hop that is not an address, counting the nearest one it believes", () => {
    expect(behindProxies("10.0.0.1", "198.51.100.23, garbage, 10.9.9.9")).toBe("10.9.9.9");
    expect(behindProxies("10.0.0.1", "garbage")).toBe("10.0.0.1");
  });

  it("uses the proxy itself when every hop is trusted or the header is missing", () => {
    expect(behindProxies("10.0.0.1", "10.0.0.2, 10.0.0.3")).toBe("10.0.0.2");
    expect(behindProxies("10.0.0.1", undefined)).toBe("10.0.0.1");
  });

  it("trusts the peers of a Unix socket (SVC_SOCKET) as proxies, and only those", () => {
    const onSocket = clientAddressResolver([], { unixSocket: true });
    expect(onSocket(undefined, "198.51.100.1")).toBe("198.51.100.1");
    expect(onSocket(undefined, "1.1.1.1, 198.51.100.1")).toBe("198.51.100.1");
    expect(onSocket(undefined, undefined)).toBe(UNIX_SOCKET_CLIENT);
    expect(onSocket("203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
    // Without the socket, a peer without an address believes nothing.
    expect(clientAddressResolver([])(undefined, "198.51.100.1")).toBe(UNKNOWN_CLIENT);
  });

  it("accepts named ranges and rejects bad entries, naming each", () => {
    expect(clientAddressResolver(["loopback"])("127.0.0.1", "198.51.100.4")).toBe("198.51.100.4");
    expect(clientAddressResolver(["uniquelocal"])("::1", "198.51.100.4")).toBe("::1");
    expect(() => clientAddressResolver(["10.0.0.0/33", "proxy.local", "10.0.0.0/"])).toThrow(
      /"10.0.0.0\/33": the prefix length must be 0 to 32; "proxy.local": expected.*; "10.0.0.0\/": expected/,
    );
  });
});

describe("rateLimitKey", () => {
  it("counts IPv4 per address and IPv6 per /64", () => {
    expect(rateLimitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:DB8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("64:ff9b::198.51.100.1")).toBe("64:ff9b:0:0::/64");
  });

  it("parses what sockets and proxies write, and nothing else", () => {
    expect(parseIpAddress("fe80::1%eth0")).toEqual({ address: "fe80::1", family: "ipv6" });
    expect(parseIpAddress("1.2.3.4:80")).toEqual({ address: "1.2.3.4", family: "ipv4" });
    expect(parseIpAddress("unknown")).toBeUndefined();
    expect(parseIpAddress("1.2.3.4.5")).toBeUndefined();
  });
});
