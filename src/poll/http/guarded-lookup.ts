// DNS resolution that refuses forbidden addresses (forbidden-address.ts) after resolving, so a
// public name pointing inside the network is refused like an address would be. Passed to
// node:http as `lookup`: it decides which address the socket connects to.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { isForbiddenAddress } from "./forbidden-address.js";

/** Thrown (as the lookup's error) for a forbidden address; the fetcher reports it. */
export class ForbiddenAddressError extends Error {
  readonly code = "SVC_FORBIDDEN_ADDRESS";
}

/** A lookup that resolves every address of a name and refuses if any is forbidden. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = allowPrivate
        ? undefined
        : addresses.find((entry) => isForbiddenAddress(entry.address));
      if (refused !== undefined) {
        return callback(
          new ForbiddenAddressError(
            `${hostname} resolves to ${refused.address}, a private or reserved address`,
          ),
          "",
          0,
        );
      }
      const [first] = addresses;
      if (first === undefined) return callback(new Error(`${hostname} has no address`), "", 0);
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}
