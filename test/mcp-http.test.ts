// /mcp at the HTTP level: the explanation at GET, the transport's refusals (spec errors,
// never a 500), the Origin rules on a loopback server, and the call budget shared with /ask.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpConnectionInfoSchema } from "../src/api/mcp-http.js";
import { RateLimitedErrorSchema } from "../src/api/error-body.js";
import { get } from "./support/http-client.js";
import { type DemoData, publishDemoEdition, recentCut } from "./support/mcp-editions.js";
import { callTool, LEGACY, MODERN, modernEnvelope, postRpc } from "./support/mcp-rpc.js";
import { type McpTestServer, startMcpServer } from "./support/mcp-server.js";

const BASE = "https://svc.test";
let data: DemoData;
let open: McpTestServer;

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: LEGACY,
    capabilities: {},
    clientInfo: { name: "svc-test", version: "1" },
  },
};

beforeAll(async () => {
  data = await publishDemoEdition(recentCut(), BASE);
  open = await startMcpServer({ ...data.env, SVC_RATE_LIMIT: "0" });
});
afterAll(async () => {
  await open?.close();
  rmSync(data.dataDir, { recursive: true, force: true });
});

describe("media types of the dynamic replies", () => {
  it("are exactly the spec's: application/json and text/event-stream, no parameter", async () => {
    const base = open.url.replace(/\/mcp$/, "");
    const replies: Array<[string, Response, string]> = [
      ["GET /ask", await fetch(`${base}/ask?query=rain`), "application/json"],
      ["GET /ask, no question", await fetch(`${base}/ask`), "application/json"],
      ["GET /ask, empty question (400)", await fetch(`${base}/ask?query=`), "application/json"],
      [
        "POST /ask",
        await fetch(`${base}/ask`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ query: "rain" }),
        }),
        "application/json",
      ],
      [
        "GET /ask?stream=true",
        await fetch(`${base}/ask?query=rain&stream=true`),
        "text/event-stream",
      ],
      ["GET /healthz", await fetch(`${base}/healthz`), "application/json"],
    ];
    for (const [what, reply, type] of replies) {
      expect(reply.headers.get("content-type"), what).toBe(type);
      await reply.arrayBuffer();
    }
    expect(replies[2]?.[1].status).toBe(400);
  });
});

describe("GET /mcp", () => {
  it("explains how to connect (McpConnectionInfo)", async () => {
    const response = await fetch(open.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("svc-api-version")).toBe("1");
    const info = McpConnectionInfoSchema.parse(await response.json());
    expect(info).toMatchObject({
      endpoint: `${BASE}/mcp`,
      transport: "streamable-http",
      protocol_versions: ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"],
      server_card: `${BASE}/.well-known/mcp/server-card.json`,
    });
    expect(info.tools).toHaveLength(8);
    expect(JSON.stringify(info)).toMatch(/per 60 seconds|No rate limit/);
  });

  it("answers an event-stream GET and DELETE with 405 and Allow", async () => {
    const stream = await fetch(open.url, { headers: { Accept: "text/event-stream" } });
    expect(stream.status).toBe(405);
    expect(stream.headers.get("allow")).toBe("GET, POST");
    expect(await stream.json()).toMatchObject({ error: "method_not_allowed" });
    const deleted = await fetch(open.url, { method: "DELETE" });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get("allow")).toBe("GET, POST");
  });
});

describe("POST /mcp refusals", () => {
  it("answers malformed JSON with a JSON-RPC parse error (400)", async () => {
    for (const body of ['{"jsonrpc":', ""]) {
      const reply = await postRpc(open.url, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.message).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 }, id: null });
    }
  });

  it("answers a body that is not JSON-RPC with -32600 (400)", async () => {
    for (const body of [{ foo: 1 }, [1, 2], { jsonrpc: "1.0", id: 1, method: "ping" }]) {
      const reply = await postRpc(open.url, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.message).toMatchObject({ error: { code: -32600 } });
    }
  });

  it("answers an unknown method with -32601 and an unknown tool with -32602", async () => {
    const method = await postRpc(open.url, { jsonrpc: "2.0", id: 7, method: "foo/bar" });
    expect(method.message).toMatchObject({ id: 7, error: { code: -32601 } });
    const tool = await callTool(open.url, "svc_nope", {});
    expect(tool.status).toBe(200);
    expect(tool.message).toMatchObject({ error: { code: -32602 } });
  });

  it("answers bad arguments with a tool error", async () => {
    const reply = await callTool(open.url, "svc_search", { query: "", limit: 99 });
    expect(reply.status).toBe(200);
    expect(reply.message).toMatchObject({ result: { isError: true } });
  });

  it("refuses a body nested too deeply with -32600 (400), not a 500", async () => {
    for (const body of [
      "[".repeat(5000) + "]".repeat(5000),
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":${'{"a":'.repeat(100)}1${"}".repeat(100)}}`,
    ]) {
      const reply = await postRpc(open.url, body);
      expect(reply.status).toBe(400);
      expect(reply.message).toMatchObject({
        id: null,
        error: { code: -32600, message: /64 levels/ },
      });
    }
    const shallow = `{"jsonrpc":"2.0","id":1,"method":"ping","params":${'{"a":'.repeat(40)}1${"}".repeat(40)}}`;
    expect((await postRpc(open.url, shallow)).status).toBe(200);
  });

  it("refuses a 1 MB body with 413, a JSON-RPC error and no 500", async () => {
    const big = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "svc_ask", arguments: { query: "x".repeat(1024 * 1024) } },
    });
    const reply = await postRpc(open.url, big);
    expect(reply.status).toBe(413);
    expect(reply.message).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
  });

  it("refuses what the transport forbids: Accept, Content-Type, protocol version", async () => {
    const accept = await postRpc(open.url, initialize, { Accept: "application/json" });
    expect(accept.status).toBe(406);
    const type = await postRpc(open.url, JSON.stringify(initialize), {
      "Content-Type": "text/plain",
    });
    expect(type.status).toBe(415);
    const version = await postRpc(
      open.url,
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { "MCP-Protocol-Version": "1999-01-01" },
    );
    expect(version.status).toBe(400);
    expect(version.message).toMatchObject({ error: { message: /protocol version/i } });
  });

  it("serves 2025-11-25 after initialize and 2026-07-28 without a handshake", async () => {
    const init = await postRpc(open.url, initialize);
    expect(init.message).toMatchObject({ result: { protocolVersion: LEGACY } });
    const modern = await postRpc(
      open.url,
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: modernEnvelope() },
      { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/list" },
    );
    expect(modern.status).toBe(200);
    expect((modern.message?.result as { tools: unknown[] }).tools).toHaveLength(8);
  });
});

describe("protocol versions of every era", () => {
  const initializeAt = (protocolVersion: string, id = 1) => ({
    ...initialize,
    id,
    params: { ...initialize.params, protocolVersion },
  });

  it("grants each handshake version a client asks for, and 2025-11-25 for an unknown one", async () => {
    for (const version of ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]) {
      const reply = await postRpc(open.url, initializeAt(version));
      expect(reply.status, version).toBe(200);
      expect(reply.message, version).toMatchObject({ result: { protocolVersion: version } });
    }
    const unknown = await postRpc(open.url, initializeAt("2023-01-01"));
    expect(unknown.message).toMatchObject({ result: { protocolVersion: "2025-11-25" } });
  });

  it("takes each version's MCP-Protocol-Version header, and none (2025-03-26's clients)", async () => {
    const list = { jsonrpc: "2.0", id: 3, method: "tools/list" };
    for (const version of ["2025-03-26", "2025-06-18", "2025-11-25", undefined]) {
      const headers: Record<string, string> =
        version === undefined ? {} : { "MCP-Protocol-Version": version };
      const reply = await postRpc(open.url, list, headers);
      expect(reply.status, String(version)).toBe(200);
      expect((reply.message?.result as { tools: unknown[] }).tools, String(version)).toHaveLength(
        8,
      );
    }
  });

  const batch = [
    { jsonrpc: "2.0", id: 1, method: "ping" },
    { jsonrpc: "2.0", id: 2, method: "tools/list" },
  ];

  it("answers a batch of 2025-03-26 (no header, or its own) with one reply per request", async () => {
    const headerSets: Record<string, string>[] = [{}, { "MCP-Protocol-Version": "2025-03-26" }];
    for (const headers of headerSets) {
      const response = await fetch(open.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify(batch),
      });
      expect(response.status, JSON.stringify(headers)).toBe(200);
      const text = await response.text();
      for (const id of [1, 2]) expect(text, JSON.stringify(headers)).toContain(`"id":${id}`);
    }
  });

  it("refuses a batch under 2025-06-18 and later, which removed batching (-32600, 400)", async () => {
    for (const version of ["2025-06-18", "2025-11-25"]) {
      const reply = await postRpc(open.url, batch, { "MCP-Protocol-Version": version });
      expect(reply.status, version).toBe(400);
      expect(reply.message, version).toMatchObject({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: /no JSON-RPC batches/ },
      });
    }
  });
});

describe("Origin and Host on a loopback server", () => {
  let local: McpTestServer;
  beforeAll(async () => {
    local = await startMcpServer({ ...data.env, SVC_BASE_URL: "http://localhost:8080" });
  });
  afterAll(async () => {
    await local?.close();
  });

  it("refuses a foreign Origin or Host with 403, and takes local ones", async () => {
    const foreign = await postRpc(local.url, initialize, { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.message).toMatchObject({ error: { message: /Origin/ } });
    const rebound = await get(local.port, "/mcp", {
      method: "POST",
      headers: {
        Host: "evil.example:8080",
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify(initialize),
    });
    expect(rebound.status).toBe(403);
    const same = await postRpc(local.url, initialize, { Origin: "http://localhost:8080" });
    expect(same.status).toBe(200);
  });

  it("lets any origin call a server with a public base URL", async () => {
    const reply = await postRpc(open.url, initialize, { Origin: "https://elsewhere.example" });
    expect(reply.status).toBe(200);
  });
});

describe("the call budget shared with /ask", () => {
  let limited: McpTestServer;
  beforeAll(async () => {
    limited = await startMcpServer({ ...data.env, SVC_RATE_LIMIT: "60" });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("counts 30 /ask calls and 30 tool calls together, then answers 429", async () => {
    const askUrl = limited.url.replace(/\/mcp$/, "/ask");
    for (let n = 0; n < 30; n += 1) {
      const ask = await fetch(askUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ query: "budget" }),
      });
      expect(ask.status).toBe(200);
    }
    for (let n = 0; n < 30; n += 1) {
      const reply = await callTool(limited.url, "svc_about", {});
      expect(reply.status, reply.text).toBe(200);
      expect(reply.headers.get("ratelimit")).toMatch(/r=\d+/);
      // Handshakes and listings are free.
      expect((await postRpc(limited.url, initialize)).status).toBe(200);
      expect((await postRpc(limited.url, { jsonrpc: "2.0", id: 3, method: "ping" })).status).toBe(
        200,
      );
    }
    const refused = await callTool(limited.url, "svc_about", {});
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = RateLimitedErrorSchema.parse(JSON.parse(refused.text));
    expect(body).toMatchObject({ error: "rate_limited" });
    const ask = await fetch(`${askUrl}?query=budget`);
    expect(ask.status).toBe(429);
  });
});
