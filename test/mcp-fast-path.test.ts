// The fast path of /mcp (long-lived servers, kept replies) answers every request exactly as the
// SDK's per-request handler does: a corpus of requests (every tool with good and bad
// arguments, an unknown tool, every protocol version, odd headers, notifications, batches) is
// sent to both, each twice (the second may come from the kept replies), and the status, the
// headers a client reads and the JSON-RPC messages must be equal.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoData, publishDemoEdition, recentCut } from "./support/mcp-editions.js";
import { type McpPaths, startMcpPaths } from "./support/mcp-paths.js";
import { callTool, MODERN, modernEnvelope } from "./support/mcp-rpc.js";

const BASE = "https://svc.test";
const LEGACY_VERSIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] as const;
const COMPARED_HEADERS = ["content-type", "cache-control", "allow", "x-accel-buffering"];

let data: DemoData;
let paths: McpPaths;
let story: { url: string; headline: string };

interface Case {
  what: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | unknown[];
}

beforeAll(async () => {
  data = await publishDemoEdition(recentCut(), BASE);
  paths = await startMcpPaths({ ...data.env, SVC_RATE_LIMIT: "0" });
  const latest = await callTool(paths.sdk, "svc_latest", { limit: 1 });
  const result = latest.message?.result as { structuredContent: { stories: (typeof story)[] } };
  story = result.structuredContent.stories[0] as typeof story;
}, 120_000);
afterAll(async () => {
  await paths?.close();
  if (data !== undefined) rmSync(data.dataDir, { recursive: true, force: true });
});

const BASE_HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
};

/** Every tool with arguments that work and arguments that do not. */
function toolArguments(): Array<[string, unknown]> {
  const [date = "", slug = ""] = new URL(story.url).pathname.split("/").slice(-3, -1);
  return [
    ["svc_get_story", { url: story.url }],
    ["svc_get_story", { date, slug }],
    ["svc_get_story", { url: "https://elsewhere.example/x" }],
    ["svc_get_story", { date: "2001-01-01", slug: "nothing-here" }],
    ["svc_get_story", { url: 5 }],
    ["svc_get_story", {}],
    ["svc_sources", { url: story.url }],
    ["svc_sources", { date: "bad" }],
    ["svc_topics", {}],
    ["svc_topics", undefined],
    ["svc_topics", { extra: true }],
    ["svc_about", {}],
    ["svc_latest", { limit: 2 }],
    ["svc_latest", { limit: 100 }],
    ["svc_latest", { topic: "no-such-topic" }],
    ["svc_search", { query: story.headline, limit: 2 }],
    ["svc_search", { query: "" }],
    ["svc_since", { limit: 1 }],
    ["svc_since", { cursor: "forged" }],
    ["svc_ask", { query: story.headline }],
    ["svc_ask", { query: "x".repeat(501) }],
    ["svc_nope", {}],
    ["svc_topics", [1, 2]],
    ["svc_topics", "text"],
  ];
}

function modernCall(
  id: unknown,
  name: string,
  args: unknown,
  extra: Record<string, string> = {},
): Case & { body: Record<string, unknown> } {
  return {
    what: `2026-07-28 ${name} ${JSON.stringify(args)}`,
    headers: {
      "MCP-Protocol-Version": MODERN,
      "Mcp-Method": "tools/call",
      "Mcp-Name": name,
      ...extra,
    },
    body: {
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: modernEnvelope({ name, arguments: args }),
    },
  };
}

function legacyCall(
  version: string | undefined,
  id: unknown,
  name: string,
  args: unknown,
): Case & { body: Record<string, unknown> } {
  return {
    what: `${version ?? "no version header"} ${name} ${JSON.stringify(args)}`,
    headers: version === undefined ? {} : { "MCP-Protocol-Version": version },
    body: { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } },
  };
}

function corpus(): Case[] {
  const cases: Case[] = [];
  for (const [name, args] of toolArguments()) {
    cases.push(modernCall(7, name, args));
    for (const version of [...LEGACY_VERSIONS, undefined]) {
      cases.push(legacyCall(version, "call-1", name, args));
    }
  }
  const topics = modernCall(1, "svc_topics", {});
  const legacyTopics = legacyCall("2025-11-25", 1, "svc_topics", {});
  const modernParams = modernEnvelope({ name: "svc_topics", arguments: {} });
  const modernMeta = modernParams._meta as Record<string, unknown>;
  cases.push(
    {
      ...topics,
      what: "2026-07-28 without Mcp-Name",
      headers: { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/call" },
    },
    {
      ...topics,
      what: "2026-07-28, Mcp-Name of another tool",
      headers: { ...topics.headers, "Mcp-Name": "svc_about" },
    },
    {
      ...topics,
      what: "2026-07-28, Mcp-Method wrong",
      headers: { ...topics.headers, "Mcp-Method": "tools/list" },
    },
    {
      ...topics,
      what: "2026-07-28 without MCP-Protocol-Version",
      headers: { "Mcp-Method": "tools/call", "Mcp-Name": "svc_topics" },
    },
    {
      ...topics,
      what: "2026-07-28 body, 2025-11-25 header",
      headers: { ...topics.headers, "MCP-Protocol-Version": "2025-11-25" },
    },
    {
      ...legacyTopics,
      what: "2026-07-28 header without envelope",
      headers: {
        "MCP-Protocol-Version": MODERN,
        "Mcp-Method": "tools/call",
        "Mcp-Name": "svc_topics",
      },
    },
    {
      ...topics,
      what: "2026-07-28 envelope without clientInfo",
      body: {
        ...topics.body,
        params: {
          ...modernParams,
          _meta: { ...modernMeta, "io.modelcontextprotocol/clientInfo": undefined },
        },
      },
    },
    {
      ...topics,
      what: "2026-07-28 envelope naming 2099-01-01",
      headers: { ...topics.headers, "MCP-Protocol-Version": "2099-01-01" },
      body: {
        ...topics.body,
        params: {
          ...modernParams,
          _meta: { ...modernMeta, "io.modelcontextprotocol/protocolVersion": "2099-01-01" },
        },
      },
    },
    {
      ...topics,
      what: "2026-07-28 with a progress token",
      body: {
        ...topics.body,
        params: { ...modernParams, _meta: { ...modernMeta, progressToken: 3 } },
      },
    },
    {
      ...legacyTopics,
      what: "unsupported version header",
      headers: { "MCP-Protocol-Version": "2099-01-01" },
    },
    {
      ...legacyTopics,
      what: "Accept: application/json only",
      headers: { ...legacyTopics.headers, Accept: "application/json" },
    },
    {
      ...topics,
      what: "2026-07-28, Accept: application/json only",
      headers: { ...topics.headers, Accept: "application/json" },
    },
    {
      ...legacyTopics,
      what: "Content-Type with charset",
      headers: { ...legacyTopics.headers, "Content-Type": "application/json; charset=utf-8" },
    },
    {
      ...legacyTopics,
      what: "Content-Type text/plain",
      headers: { ...legacyTopics.headers, "Content-Type": "text/plain" },
    },
    { ...legacyTopics, what: "id 1.5", body: { ...legacyTopics.body, id: 1.5 } },
    { ...legacyTopics, what: "id null", body: { ...legacyTopics.body, id: null } },
    { ...legacyTopics, what: "jsonrpc 1.0", body: { ...legacyTopics.body, jsonrpc: "1.0" } },
    {
      ...legacyTopics,
      what: "a task in params",
      body: {
        ...legacyTopics.body,
        params: { name: "svc_topics", arguments: {}, task: { ttl: 1000 } },
      },
    },
    { ...legacyTopics, what: "no name", body: { ...legacyTopics.body, params: { arguments: {} } } },
    {
      ...legacyTopics,
      what: "progress token (2025-11-25)",
      body: {
        ...legacyTopics.body,
        params: { name: "svc_topics", arguments: {}, _meta: { progressToken: "p" } },
      },
    },
    {
      what: "notification (2025-11-25)",
      headers: { "MCP-Protocol-Version": "2025-11-25" },
      body: { jsonrpc: "2.0", method: "notifications/initialized" },
    },
    {
      what: "notification (2026-07-28)",
      headers: { "MCP-Protocol-Version": MODERN, "Mcp-Method": "notifications/cancelled" },
      body: {
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { ...modernEnvelope({ requestId: 4 }) },
      },
    },
    {
      what: "initialize",
      headers: {},
      body: {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "t", version: "1" },
        },
      },
    },
    {
      what: "ping",
      headers: { "MCP-Protocol-Version": "2025-11-25" },
      body: { jsonrpc: "2.0", id: 2, method: "ping" },
    },
    {
      what: "tools/list",
      headers: { "MCP-Protocol-Version": "2025-06-18" },
      body: { jsonrpc: "2.0", id: 3, method: "tools/list" },
    },
    {
      what: "batch of two calls (2025-03-26)",
      headers: { "MCP-Protocol-Version": "2025-03-26" },
      body: [legacyTopics.body, { ...legacyTopics.body, id: 2 }],
    },
    {
      what: "batch without header",
      headers: {},
      body: [
        legacyTopics.body,
        { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "svc_about" } },
      ],
    },
    {
      what: "batch under 2025-11-25",
      headers: { "MCP-Protocol-Version": "2025-11-25" },
      body: [legacyTopics.body],
    },
  );
  return cases;
}

interface Seen {
  status: number;
  headers: Record<string, string | null>;
  messages: unknown[];
}

/** The JSON-RPC messages of a JSON body or of an event stream's `data:` lines. */
function messagesOf(text: string, type: string | null): unknown[] {
  if (text === "") return [];
  if (type?.startsWith("text/event-stream")) {
    return [...text.matchAll(/^data: (.+)$/gm)].map(
      (match) => JSON.parse(match[1] as string) as unknown,
    );
  }
  return [JSON.parse(text)];
}

async function send(url: string, request: Case): Promise<Seen> {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...BASE_HEADERS, ...request.headers },
    body: JSON.stringify(request.body),
  });
  const text = await response.text();
  const type = response.headers.get("content-type");
  const headers = Object.fromEntries(
    COMPARED_HEADERS.map((name) => [name, response.headers.get(name)]),
  );
  return { status: response.status, headers, messages: messagesOf(text, type) };
}

describe("the fast path of /mcp", () => {
  it("answers every request of the corpus as the SDK's handler does, twice", async () => {
    const cases = corpus();
    expect(cases.length).toBeGreaterThan(150);
    for (const request of cases) {
      const reference = await send(paths.sdk, request);
      for (let round = 0; round < 2; round++) {
        expect(await send(paths.fast, request), `${request.what} (round ${round + 1})`).toEqual(
          reference,
        );
      }
    }
  }, 180_000);

  it("keeps concurrent calls that share an id apart", async () => {
    const names = ["svc_topics", "svc_about", "svc_get_story", "svc_latest"];
    const requests = Array.from({ length: 40 }, (_, index) => {
      const name = names[index % names.length] as string;
      const args =
        name === "svc_get_story"
          ? { url: story.url }
          : name === "svc_latest"
            ? { limit: 1 + (index % 5) }
            : {};
      return index % 2 === 0 ? modernCall(1, name, args) : legacyCall("2025-11-25", 1, name, args);
    });
    const [fast, reference] = await Promise.all([
      Promise.all(requests.map((request) => send(paths.fast, request))),
      Promise.all(requests.map((request) => send(paths.sdk, request))),
    ]);
    expect(fast).toEqual(reference);
  }, 60_000);
});
