// Replies to requests Node refuses before Fastify routes them (a bad byte in the request line,
// headers over Node's limit, a body that stalls past the request timeout): our Error body
// with `error`, `message` and `next_step`, SVC-API-Version and the CORS headers of every reply,
// instead of Fastify's `{"error":"Bad Request","message":"Client Error","statusCode":400}`.
// The socket is then closed: a request Node could not parse leaves nothing sane to read.
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { API_VERSION } from "../api/common.js";
import type { ErrorBody } from "../api/error-body.js";
import { JSON_TYPE } from "./content-types.js";

interface ClientFault {
  status: number;
  body: ErrorBody;
}

/** What Node's error code says about the request, as our status and Error body. */
export function clientFault(code: string | undefined, requestTimeoutMs: number): ClientFault {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return {
      status: 408,
      body: {
        error: "request_timeout",
        message: `The request was not received in full within ${requestTimeoutMs / 1000} seconds.`,
        next_step:
          "Send the whole request at once (a body matching its Content-Length), then retry.",
      },
    };
  }
  if (code === "HPE_HEADER_OVERFLOW") {
    return {
      status: 431,
      body: {
        error: "headers_too_large",
        message:
          "The request line and headers are larger than the server takes (16 KB), for example a very long URL.",
        next_step:
          "Send a shorter request: /ask takes a question of at most 500 characters (POST it as JSON for long ones).",
      },
    };
  }
  return {
    status: 400,
    body: {
      error: "bad_request",
      message: `The request is not valid HTTP/1.1 (${code ?? "unparsable"}): for example a raw non-ASCII byte or a space in the URL, or a malformed header.`,
      next_step: "Percent-encode the URL (RFC 3986) and send well-formed headers, then retry.",
    },
  };
}

/** Fastify's `clientErrorHandler`: our reply on the raw socket, then the socket closed. */
export function clientErrorHandler(commonHeaders: readonly string[], requestTimeoutMs: number) {
  const extra: string[] = [];
  for (let index = 0; index + 1 < commonHeaders.length; index += 2) {
    extra.push(`${commonHeaders[index]}: ${commonHeaders[index + 1]}\r\n`);
  }
  const common = extra.join("");
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection has nobody left to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    if (socket.writable) {
      const { status, body } = clientFault(error.code, requestTimeoutMs);
      const text = JSON.stringify(body);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n` +
          `Content-Type: ${JSON_TYPE}\r\n` +
          `Content-Length: ${Buffer.byteLength(text)}\r\n` +
          `SVC-API-Version: ${API_VERSION}\r\n` +
          common +
          `Connection: close\r\n\r\n${text}`,
      );
    }
    socket.destroy();
  };
}
