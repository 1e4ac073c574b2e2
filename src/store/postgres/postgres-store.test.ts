// A PostgreSQL session cut the instant it is opened. No real server can be made to do that on
// cue, so this test speaks the wire protocol's first messages itself: it logs the client in and,
// in the same TCP write, ends the session the way pg_terminate_backend does.
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { SvcError } from "../../errors.js";
import { PostgresManifestStore } from "./postgres-store.js";

/** One backend message: a type byte, then a length that counts itself, then the body. */
function message(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type, "ascii"), length, body]);
}

const AUTHENTICATION_OK = message("R", Buffer.from([0, 0, 0, 0]));
const READY_FOR_QUERY = message("Z", Buffer.from("I", "ascii"));
const TERMINATED = message(
  "E",
  Buffer.from(
    "SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0",
    "utf8",
  ),
);

/** Answers every startup packet with a finished login and the session's end, in one write. */
function cutAtLogin(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket: Socket) => {
    socket.once("data", () => {
      socket.end(Buffer.concat([AUTHENTICATION_OK, READY_FOR_QUERY, TERMINATED]));
    });
    socket.on("error", () => undefined);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") throw new Error("no TCP address");
      resolve({ server, port: address.port });
    });
  });
}

describe("PostgresManifestStore on a session cut at login", () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
  });

  it("reports the store as unavailable instead of ending the process", async () => {
    const listening = await cutAtLogin();
    server = listening.server;
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      const opened = PostgresManifestStore.open({
        connectionString: `postgres://svc@127.0.0.1:${listening.port}/svc`,
      });
      const error: unknown = await opened.then(
        () => undefined,
        (rejected: unknown) => rejected,
      );
      expect(error).toBeInstanceOf(SvcError);
      expect((error as SvcError).code).toBe("store_unavailable");
      // Give a stray 'error' event, had one escaped, the turn it needs to surface.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", record);
    }
  });
});
