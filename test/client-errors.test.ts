// Requests Node refuses before any route: every one answered with our Error body (error,
// message, next_step), SVC-API-Version and CORS, never Fastify's or Node's default bodies;
// a body that stalls is cut off at SVC_REQUEST_TIMEOUT; other methods on /ask get 405.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../src/api/error-body.js";
import { type DemoData, publishDemoEdition, recentCut } from "./support/mcp-editions.js";
import { type McpTestServer, startMcpServer } from "./support/mcp-server.js";
import { type RawReply, sendRaw } from "./support/raw-http.js";

let data: DemoData;
let server: McpTestServer;

beforeAll(async () => {
  data = await publishDemoEdition(recentCut(), "https://svc.test");
  server = await startMcpServer({ ...data.env, SVC_RATE_LIMIT: "0", SVC_REQUEST_TIMEOUT: "1" });
});
afterAll(async () => {
  await server?.close();
  rmSync(data.dataDir, { recursive: true, force: true });
});

/** Writes `request` (bytes as given) and reads the reply until the server closes. */
const raw = (request: Buffer | string) => sendRaw(server.port, request);

function expectOurError(reply: RawReply, status: number, code: string) {
  expect(reply.status).toBe(status);
  expect(reply.headers.get("content-type")).toBe("application/json");
  expect(reply.headers.get("svc-api-version")).toBe("1");
  expect(reply.headers.get("access-control-allow-origin")).toBe("*");
  const body = ErrorBodySchema.parse(JSON.parse(reply.body));
  expect(body.error).toBe(code);
  expect(body.next_step).toEqual(expect.any(String));
}

describe("requests refused before routing", () => {
  it("a raw non-ASCII byte in the request target: 400 bad_request", async () => {
    const request = Buffer.concat([
      Buffer.from("GET /ask?query="),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(" HTTP/1.1\r\nHost: x\r\n\r\n"),
    ]);
    expectOurError(await raw(request), 400, "bad_request");
  });

  it("an HTTP/1.1 request without Host: 400 bad_request; CONNECT: 405 method_not_allowed", async () => {
    expectOurError(
      await raw("GET /ask?query=bridge HTTP/1.1\r\nConnection: close\r\n\r\n"),
      400,
      "bad_request",
    );
    expectOurError(
      await raw("CONNECT svc.test:443 HTTP/1.1\r\nHost: svc.test:443\r\n\r\n"),
      405,
      "method_not_allowed",
    );
  });

  it("headers over Node's limit, and a 20,000-character GET /ask: 431 headers_too_large", async () => {
    expectOurError(
      await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`),
      431,
      "headers_too_large",
    );
    expectOurError(
      await raw(`GET /ask?query=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
      431,
      "headers_too_large",
    );
  });

  it("a body that stalls short of its Content-Length: 408 within the timeout (1 s here)", async () => {
    const reply = await raw(
      'POST /ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":',
    );
    expectOurError(reply, 408, "request_timeout");
    expect(reply.ms).toBeLessThan(4000);
  });
});

describe("an Expect other than 100-continue", () => {
  it("gets 417 expectation_failed in our format, not Node's empty 417", async () => {
    const reply = await raw(
      "GET /ask?query=bridge HTTP/1.1\r\nHost: x\r\nExpect: the-unexpected\r\nConnection: close\r\n\r\n",
    );
    expectOurError(reply, 417, "expectation_failed");
  });
});

describe("other methods on /ask", () => {
  it("get 405 with Allow, in our format", async () => {
    const base = server.url.replace(/\/mcp$/, "");
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const reply = await fetch(`${base}/ask`, { method });
      expect(reply.status, method).toBe(405);
      expect(reply.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
      const body = ErrorBodySchema.parse(await reply.json());
      expect(body.error).toBe("method_not_allowed");
    }
  });

  it("and methods Fastify does not route (TRACE, PROPFIND) on /ask and /mcp get 405 too", async () => {
    const cases: Array<[string, string, string]> = [
      ["TRACE", "/ask", "GET, HEAD, POST, OPTIONS"],
      ["PROPFIND", "/ask?query=x", "GET, HEAD, POST, OPTIONS"],
      ["PUT", "/mcp", "GET, POST"],
      ["PATCH", "/mcp", "GET, POST"],
      ["TRACE", "/mcp", "GET, POST"],
    ];
    for (const [method, path, allow] of cases) {
      const reply = await raw(
        `${method} ${path} HTTP/1.1\r\nHost: svc.test\r\nConnection: close\r\n\r\n`,
      );
      expectOurError(reply, 405, "method_not_allowed");
      expect(reply.headers.get("allow"), `${method} ${path}`).toBe(allow);
    }
    // A file that does not exist is still a 404, whatever the method.
    expect(
      (await raw("PROPFIND /nothing HTTP/1.1\r\nHost: svc.test\r\nConnection: close\r\n\r\n"))
        .status,
    ).toBe(404);
  });
});
