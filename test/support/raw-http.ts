// One HTTP exchange as raw bytes over a socket, for tests of what clients would normalise away
// (bad bytes, broken headers, stalled bodies): the reply is read until the server closes.
import { connect } from "node:net";

export interface RawReply {
  /** NaN when nothing came back. */
  status: number;
  headers: Map<string, string>;
  /** The body, de-chunked when it was sent chunked. */
  body: string;
  ms: number;
}

/** The body of a chunked reply; sizes count bytes, so this works on bytes, not on text. */
function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = body;
  for (;;) {
    const end = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.subarray(0, end).toString("latin1"), 16);
    if (end === -1 || !Number.isFinite(size) || size === 0) return Buffer.concat(parts);
    parts.push(rest.subarray(end + 2, end + 2 + size));
    rest = rest.subarray(end + 2 + size + 2);
  }
}

/** Writes `request` to 127.0.0.1:`port` and reads until the server closes (at most `timeoutMs`). */
export function sendRaw(
  port: number,
  request: Buffer | string,
  timeoutMs = 8000,
): Promise<RawReply> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined); // a reset after the reply is fine; no reply shows as NaN
    socket.on("close", () => {
      const bytes = Buffer.concat(chunks);
      const split = bytes.indexOf("\r\n\r\n");
      const head = (split === -1 ? bytes : bytes.subarray(0, split)).toString("utf8");
      const rawBody = split === -1 ? Buffer.alloc(0) : bytes.subarray(split + 4);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = new Map(
        lines.map((line) => {
          const at = line.indexOf(":");
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()] as const;
        }),
      );
      const chunked = headers.get("transfer-encoding") === "chunked";
      const body = (chunked ? dechunk(rawBody) : rawBody).toString("utf8");
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body,
        ms: performance.now() - started,
      });
    });
    socket.write(request);
    setTimeout(() => socket.destroy(), timeoutMs).unref();
  });
}
