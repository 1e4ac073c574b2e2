// Builds one HTTP/1.1 request as raw bytes, for tests that send what a client library would
// refuse or normalise (odd methods, raw bytes in the target, broken framing headers).

export type HeaderList = Array<[string, string]>;

const CRLF = "\r\n";

/**
 * `method target HTTP/1.1`, then Host, Accept and Connection: close (each replaced when
 * `headers` names it), `headers`, and Content-Length for `body` unless the headers frame the
 * body themselves. Header text is written as Latin-1, so any byte can be put in.
 */
export function rawRequest(
  method: string,
  target: string | Buffer,
  headers: HeaderList = [],
  body?: Buffer | string,
): Buffer {
  const named = new Set(headers.map(([name]) => name.toLowerCase()));
  const defaults: HeaderList = [
    ["Host", "svc.test"],
    ["Accept", "application/json"],
    ["Connection", "close"],
  ];
  const lines = [...defaults.filter(([name]) => !named.has(name.toLowerCase())), ...headers];
  const bodyBytes = typeof body === "string" ? Buffer.from(body) : body;
  if (bodyBytes !== undefined && !named.has("content-length") && !named.has("transfer-encoding")) {
    lines.push(["Content-Length", String(bodyBytes.length)]);
  }
  const head = lines.map(([name, value]) => `${name}: ${value}${CRLF}`).join("");
  return Buffer.concat([
    Buffer.from(`${method} `, "latin1"),
    typeof target === "string" ? Buffer.from(target, "latin1") : target,
    Buffer.from(` HTTP/1.1${CRLF}${head}${CRLF}`, "latin1"),
    bodyBytes ?? Buffer.alloc(0),
  ]);
}

/** The request line and headers exactly as given (CRLF-joined, then a blank line), and `body`. */
export function rawLines(lines: string[], body = ""): Buffer {
  return Buffer.from(`${lines.join(CRLF)}${CRLF}${CRLF}${body}`, "latin1");
}
