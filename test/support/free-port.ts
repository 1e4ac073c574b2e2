// A free TCP port of 127.0.0.1 for a server a test starts.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** Free when asked: the caller binds it soon after. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
