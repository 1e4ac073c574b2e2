// Replies to requests Node refuses before Fastify routes them (a bad byte in the request line,
// headers over Node's limit, a body that stalls past the request timeout): our Error body
// with `error`, `message` and `next_step`, SVC-API-Version and the CORS headers of every reply,
// instead of Fastify's `{"error":"Bad Request","message":"Client Error","statusCode":400}`.
// The socket is then closed: a request Node could not parse leaves nothing sane to read.
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { API_VERSION } from "../../api/common.js";
import type { ErrorBody } from "../../api/error-body.js";
import { JSON_TYPE } from "../static/content-types.js";

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
  if (code === "SVC_MISSING_HOST") {
    return {
      status: 400,
      body: {
        error: "bad_request",
        message: "The HTTP/1.1 request has no Host header (RFC 9112, section 3.2).",
        next_step:
          "Send a Host header with the server's name, as every HTTP client does, then retry.",
      },
    };
  }
  if (code === "SVC_CONNECT") {
    return {
      status: 405,
      body: {
        error: "method_not_allowed",
        message: "CONNECT is not served: this is not a proxy.",
        next_step: "Read published files with GET or HEAD, and ask with GET or POST /ask.",
      },
    };
  }
  if (code === "SVC_EXPECTATION") {
    return {
      status: 417,
      body: {
        error: "expectation_failed",
        message:
          "The request's Expect header asks for something other than 100-continue, which is all this server knows (RFC 9110, section 10.1.1).",
        next_step: "Send the request without the Expect header (or with Expect: 100-continue).",
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

/** Writes the reply for `code` on the raw socket and closes it. */
function replyOnSocket(common: string, requestTimeoutMs: number) {
  return (code: string | undefined, socket: Socket): void => {
    if (socket.writable) {
      const { status, body } = clientFault(code, requestTimeoutMs);
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

function headerLines(commonHeaders: readonly string[]): string {
  const extra: string[] = [];
  for (let index = 0; index + 1 < commonHeaders.length; index += 2) {
    extra.push(`${commonHeaders[index]}: ${commonHeaders[index + 1]}\r\n`);
  }
  return extra.join("");
}

/** Fastify's `clientErrorHandler`: our reply on the raw socket, then the socket closed. */
export function clientErrorHandler(commonHeaders: readonly string[], requestTimeoutMs: number) {
  const reply = replyOnSocket(headerLines(commonHeaders), requestTimeoutMs);
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection has nobody left to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    reply(error.code, socket);
  };
}

/**
 * The server's `connect` listener: Node hands a CONNECT request to it instead of the request
 * handler (and closes the socket without a word when nobody listens): 405 in our format.
 */
export function connectHandler(commonHeaders: readonly string[]) {
  const reply = replyOnSocket(headerLines(commonHeaders), 0);
  return (_request: unknown, socket: Socket): void => reply("SVC_CONNECT", socket);
}

/**
 * Node answers an HTTP/1.1 request without Host with an empty 400 of its own unless told not
 * to (`requireHostHeader: false`); the front handler then calls this for our Error body.
 */
export function missingHostReply(commonHeaders: readonly string[]): (res: FrontResponse) => void {
  return frontReply(commonHeaders, "SVC_MISSING_HOST");
}

/**
 * The server's `checkExpectation` listener: Node hands it a request whose Expect is not
 * 100-continue (and answers an empty 417 of its own when nobody listens): 417 in our format.
 */
export function expectationFailedReply(
  commonHeaders: readonly string[],
): (_request: unknown, res: FrontResponse) => void {
  const reply = frontReply(commonHeaders, "SVC_EXPECTATION");
  return (_request, res) => reply(res);
}

interface FrontResponse {
  writeHead(status: number, headers: string[]): unknown;
  end(body: string): unknown;
}

/** Our reply for `code` through Node's response object, before Fastify sees the request. */
function frontReply(commonHeaders: readonly string[], code: string): (res: FrontResponse) => void {
  const { status, body } = clientFault(code, 0);
  const text = JSON.stringify(body);
  return (res) => {
    res.writeHead(status, [
      ...commonHeaders,
      "Content-Type",
      JSON_TYPE,
      "Content-Length",
      String(Buffer.byteLength(text)),
      "SVC-API-Version",
      API_VERSION,
      "Connection",
      "close",
    ]);
    res.end(text);
  };
}
