// A free TCP port of 127.0.0.1 for a server a test starts.
import { type AddressInfo, createServer } from "node:net";

/** Free when asked: the caller binds it soon after. */
export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}

export interface ReservedPort {
  port: number;
  /** Frees the port: call it just before the server that is to have it binds it. */
  release: () => Promise<void>;
}

/**
 * A free port held by a placeholder listener until `release()`, for a server that starts
 * long after its port must be known (nginx after the build that writes its address into the
 * published files): a port left free for half a minute is one that a parallel test file's
 * server can be given meanwhile.
 */
export async function reservePort(): Promise<ReservedPort> {
  // A connection that reaches the placeholder is closed at once, never left waiting.
  const holder = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const port = (holder.address() as AddressInfo).port;
  let released: Promise<void> | undefined;
  return {
    port,
    release: () => (released ??= new Promise<void>((resolve) => holder.close(() => resolve()))),
  };
}
