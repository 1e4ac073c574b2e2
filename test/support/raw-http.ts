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

function dechunk(body: string): string {
  let rest = body;
  let out = "";
  for (;;) {
    const end = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, end), 16);
    if (end === -1 || !Number.isFinite(size) || size === 0) return out;
    out += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 2 + size + 2);
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
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const head = split === -1 ? text : text.slice(0, split);
      const rawBody = split === -1 ? "" : text.slice(split + 4);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = new Map(
        lines.map((line) => {
          const at = line.indexOf(":");
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()] as const;
        }),
      );
      const body = headers.get("transfer-encoding") === "chunked" ? dechunk(rawBody) : rawBody;
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
