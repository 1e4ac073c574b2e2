// Which addresses the poller refuses by default (docs/poll.md): everything that is not a
// public unicast address (private, loopback, link-local, unique-local, carrier-grade NAT,
// multicast, unspecified, reserved, documentation ranges ...), judged by ipaddr.js's ranges,
// IPv4-mapped IPv6 addresses as their IPv4 address.
import ipaddr from "ipaddr.js";

export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() !== "unicast";
}
