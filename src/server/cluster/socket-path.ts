// The Unix socket `svc serve` listens on (SVC_SOCKET), made ready once before listening (by
// the cluster primary, before its workers share the socket): a socket left by a server that
// died is removed; one a running server answers on, or a file that is not a socket, is a
// clear error rather than EADDRINUSE.
import { lstat, unlink } from "node:fs/promises";
import { connect } from "node:net";
import { SvcError } from "../../errors.js";

/** Whether something accepts connections on the socket at `path`. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect({ path });
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
}

export async function prepareSocketPath(path: string): Promise<void> {
  const found = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (found === undefined) return;
  if (!found.isSocket()) {
    throw new SvcError(
      "invalid_config",
      `SVC_SOCKET ${path} exists and is not a socket`,
      "Point SVC_SOCKET at a path of its own, e.g. /run/svc/svc.sock.",
    );
  }
  if (await answers(path)) {
    throw new SvcError(
      "invalid_config",
      `SVC_SOCKET ${path}: another server is listening on it`,
      "Stop that server, or give this one another SVC_SOCKET.",
    );
  }
  // Left by a server that did not close it (killed, or its machine restarted).
  await unlink(path);
}
