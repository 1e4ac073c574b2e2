// The SDK's event-stream replies (2025-11-25 and earlier) carry `Connection: keep-alive`, and a
// Connection header set by the application overrides Node's own choice: a client that sent
// `Connection: close` (RFC 9112, section 9.6), or any client while the server shuts down, kept
// its connection open until the idle timeout. Node decides keep-alive; only `close` passes.
import type { ServerResponse } from "node:http";
import type { NodeServerResponseLike } from "@modelcontextprotocol/node";

/** `res` for the SDK's Node adapter, with its `Connection: keep-alive` left out. */
export function withNodeKeepAlive(res: ServerResponse): NodeServerResponseLike {
  return {
    writeHead: (status, headers = {}) => {
      const { connection, ...rest } = headers;
      return res.writeHead(status, connection?.toLowerCase() === "close" ? headers : rest);
    },
    write: (chunk) => res.write(chunk),
    end: (chunk) => res.end(chunk),
    on: (event, listener) => res.on(event, listener),
    get destroyed() {
      return res.destroyed;
    },
  };
}
