// The eight MCP tools through the official SDK clients over real HTTP, once per protocol
// version: the v2 client pinned to 2026-07-28 (no handshake), and v1 clients
// (@modelcontextprotocol/sdk) of three eras speaking their latest version with initialize:
// 1.32 (2025-11-25), 1.17 (2025-06-18) and 1.12 (2025-03-26), the last two installed as npm
// aliases. Every result is checked against the outputSchema the server lists, and its text
// against its structuredContent.
import { rmSync } from "node:fs";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client as Client2025_03 } from "mcp-sdk-2025-03-26/client/index.js";
import { StreamableHTTPClientTransport as Transport2025_03 } from "mcp-sdk-2025-03-26/client/streamableHttp.js";
import { Client as Client2025_06 } from "mcp-sdk-2025-06-18/client/index.js";
import { StreamableHTTPClientTransport as Transport2025_06 } from "mcp-sdk-2025-06-18/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCP_TOOL_NAMES } from "../src/api/mcp-http.js";
import { type DemoData, publishDemoEdition, recentCut } from "./support/mcp-editions.js";
import { outputChecker } from "./support/mcp-rpc.js";
import { type McpTestServer, startMcpServer } from "./support/mcp-server.js";

const BASE = "https://svc.test";
const CUT = recentCut();

interface ToolResult {
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: object;
  outputSchema?: object;
  annotations?: Record<string, unknown>;
}

/** Resources, prompts and completion, as every client era offers them. */
interface ContextMethods {
  listResources(): Promise<{ resources: Array<{ uri: string; name: string; mimeType?: string }> }>;
  listResourceTemplates(): Promise<{ resourceTemplates: Array<{ uriTemplate: string }> }>;
  readResource(params: {
    uri: string;
  }): Promise<{ contents: Array<{ uri: string; mimeType?: string; text?: string }> }>;
  listPrompts(): Promise<{ prompts: Array<{ name: string }> }>;
  getPrompt(params: {
    name: string;
    arguments: Record<string, string>;
  }): Promise<{ messages: Array<{ role: string; content: { type: string; text?: string } }> }>;
  complete(params: {
    ref: { type: string; name?: string; uri?: string };
    argument: { name: string; value: string };
  }): Promise<{ completion: { values: string[] } }>;
}

/** What both clients can do, whatever their version. */
interface AnyClient extends ContextMethods {
  listTools(): Promise<{ tools: ListedTool[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<ToolResult>;
  era(): string | undefined;
  close(): Promise<void>;
}

/** The client's resource, prompt and completion calls, bound to it. */
function contextMethods(client: ContextMethods): ContextMethods {
  return {
    listResources: () => client.listResources(),
    listResourceTemplates: () => client.listResourceTemplates(),
    readResource: (params) => client.readResource(params),
    listPrompts: () => client.listPrompts(),
    getPrompt: (params) => client.getPrompt(params),
    complete: (params) => client.complete(params),
  };
}

async function v2Client(url: string): Promise<AnyClient> {
  const client = new Client(
    { name: "svc-test-v2", version: "1" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    ...contextMethods(client),
    listTools: async () => await client.listTools(),
    callTool: async (params) => (await client.callTool(params)) as ToolResult,
    era: () => client.getNegotiatedProtocolVersion(),
    close: () => client.close(),
  };
}

interface V1Transport {
  start(): Promise<void>;
  onmessage?: ((message: unknown, extra?: unknown) => void) | undefined;
}

/** What every 1.x client class offers, whatever its release (their typings differ). */
interface V1ClientLike extends ContextMethods {
  connect(transport: V1Transport): Promise<void>;
  listTools(): Promise<{ tools: ListedTool[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

/** A v1 client class and its transport, of any 1.x release. */
interface V1Sdk {
  Client: new (info: { name: string; version: string }) => unknown;
  Transport: new (url: URL) => unknown;
}

/**
 * Connects a 1.x client. The version the server granted is read off the initialize result as
 * it arrives (1.12 keeps no record of it): the client sets `onmessage` before `start`.
 */
const v1Client =
  (sdk: V1Sdk) =>
  async (url: string): Promise<AnyClient> => {
    const client = new sdk.Client({ name: "svc-test-v1", version: "1" }) as V1ClientLike;
    const transport = new sdk.Transport(new URL(url)) as V1Transport;
    let granted: string | undefined;
    const start = transport.start.bind(transport);
    transport.start = async () => {
      const deliver = transport.onmessage;
      transport.onmessage = (message, extra) => {
        const version = (message as { result?: { protocolVersion?: unknown } }).result
          ?.protocolVersion;
        if (typeof version === "string") granted ??= version;
        deliver?.(message, extra);
      };
      await start();
    };
    await client.connect(transport);
    return {
      ...contextMethods(client),
      listTools: async () => await client.listTools(),
      callTool: async (params) => (await client.callTool(params)) as ToolResult,
      era: () => granted,
      close: () => client.close(),
    };
  };

let data: DemoData;
let server: McpTestServer;
const check = outputChecker();

beforeAll(async () => {
  data = await publishDemoEdition(CUT, BASE);
  server = await startMcpServer({ ...data.env, SVC_RATE_LIMIT: "0" });
});
afterAll(async () => {
  await server?.close();
  rmSync(data.dataDir, { recursive: true, force: true });
});

describe.each([
  { version: "2026-07-28", connect: v2Client },
  { version: "2025-11-25", connect: v1Client({ Client: ClientV1, Transport: TransportV1 }) },
  {
    version: "2025-06-18",
    connect: v1Client({ Client: Client2025_06, Transport: Transport2025_06 }),
  },
  {
    version: "2025-03-26",
    connect: v1Client({ Client: Client2025_03, Transport: Transport2025_03 }),
  },
])("MCP $version", ({ version, connect }) => {
  let client: AnyClient;
  let tools: Map<string, ListedTool>;

  /** Calls a tool and checks the result against its outputSchema and its text. */
  async function call(name: string, args: Record<string, unknown> = {}) {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
    const structured = result.structuredContent ?? {};
    const schema = tools.get(name)?.outputSchema;
    expect(schema, `${name} has an outputSchema`).toBeDefined();
    expect(check(schema ?? {}, structured), name).toEqual([]);
    expect(JSON.parse(result.content?.[0]?.text ?? "null")).toEqual(structured);
    return structured;
  }

  beforeAll(async () => {
    client = await connect(server.url);
    tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
  });
  afterAll(async () => {
    await client?.close();
  });

  it("negotiates the protocol version", () => {
    expect(client.era()).toBe(version);
  });

  it("lists the eight read-only tools, each with a title, description and schemas", () => {
    expect([...tools.keys()].sort()).toEqual([...MCP_TOOL_NAMES].sort());
    for (const tool of tools.values()) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema).toMatchObject({ type: "object" });
      expect(tool.outputSchema).toMatchObject({ type: "object" });
      expect(tool.annotations).toMatchObject({
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      });
    }
    expect(tools.get("svc_ask")?.description).toMatch(/call this first/i);
    expect(tools.get("svc_ask")?.inputSchema).toMatchObject({
      properties: {
        query: { minLength: 1, maxLength: 500 },
        days: { minimum: 1, maximum: 30, default: 7 },
        limit: { minimum: 1, maximum: 20, default: 5 },
      },
      required: ["query"],
    });
  });

  it("answers every tool, each output matching its outputSchema", async () => {
    const latest = await call("svc_latest", { limit: 3 });
    const stories = latest.stories as Array<{ url: string; headline: string; slug: string }>;
    expect(stories).toHaveLength(3);
    expect(latest.has_more).toBe(true);
    const [first] = stories;
    if (first === undefined) throw new Error("no story");

    const story = await call("svc_get_story", { url: first.url });
    expect(story).toMatchObject({ url: first.url, headline: first.headline });
    const date = /\/stories\/(\d{4}-\d{2}-\d{2})\//.exec(first.url)?.[1];
    expect(await call("svc_get_story", { date, slug: first.slug })).toEqual(story);

    const sources = await call("svc_sources", { url: `${first.url}index.json` });
    const manifests = sources.manifests as Array<{ id: string; url: string }>;
    expect(manifests.map((manifest) => manifest.id).sort()).toEqual(
      [...(story.cited_manifest_ids as string[])].sort(),
    );
    for (const manifest of manifests) expect(manifest.url).toMatch(/^https?:\/\//);

    const answer = await call("svc_ask", { query: first.headline });
    expect(answer._meta).toMatchObject({ response_type: "answer", uses_llm: false });
    expect((answer.results as unknown[]).length).toBeGreaterThan(0);

    const found = await call("svc_search", { query: first.headline, limit: 3 });
    expect((found.results as Array<{ url: string }>)[0]?.url).toBe(first.url);

    const since = await call("svc_since", { limit: 2 });
    expect(since).toMatchObject({ has_more: true, generated_at: CUT });
    expect(since.next_cursor).toEqual(expect.any(String));

    const topics = await call("svc_topics");
    expect((topics.topics as Array<{ id: string }>).map((topic) => topic.id)).toContain("world");

    const about = await call("svc_about");
    expect(about).toMatchObject({
      versions: {
        api: "1",
        mcp_protocol_versions: [
          "2024-11-05",
          "2025-03-26",
          "2025-06-18",
          "2025-11-25",
          "2026-07-28",
        ],
      },
      links: { openapi: `${BASE}/openapi.json`, developers: `${BASE}/developers/` },
    });
    expect(about.credit_line).toMatch(/svc\.test/);
  });

  it("lists stories brief by default (url, headline, dek, dates, topic, ids) and whole with detail full", async () => {
    const brief = await call("svc_latest", { limit: 5 });
    const full = await call("svc_latest", { limit: 5, detail: "full" });
    const keys = (reply: Record<string, unknown>) =>
      new Set((reply["stories"] as Array<Record<string, unknown>>).flatMap(Object.keys));
    expect(
      [...keys(brief)].every((key) =>
        [
          "slug",
          "url",
          "headline",
          "dek",
          "topic",
          "published_at",
          "updated_at",
          "cited_manifest_ids",
        ].includes(key),
      ),
    ).toBe(true);
    expect(keys(full).has("trust")).toBe(true);
    expect(JSON.stringify(brief).length).toBeLessThan(JSON.stringify(full).length * 0.8);
    for (const name of ["svc_search", "svc_since"]) {
      const headline = (brief["stories"] as Array<{ headline: string }>)[0]?.headline ?? "";
      const args = name === "svc_search" ? { query: headline } : {};
      const listed = await call(name, args);
      const items = (listed["results"] ?? listed["stories"]) as Array<Record<string, unknown>>;
      expect(items.length, name).toBeGreaterThan(0);
      expect(
        items.every((item) => item["trust"] === undefined),
        name,
      ).toBe(true);
      const whole = await call(name, { ...args, detail: "full" });
      const wholeItems = (whole["results"] ?? whole["stories"]) as Array<Record<string, unknown>>;
      expect(
        wholeItems.some((item) => item["trust"] !== undefined),
        name,
      ).toBe(true);
    }
  });

  it("pages svc_latest with next_cursor: every story once, in order, then has_more false", async () => {
    const whole = await call("svc_latest", { limit: 50 });
    const urls = (whole["stories"] as Array<{ url: string }>).map((story) => story.url);
    expect(urls.length).toBeGreaterThan(3);
    expect(whole["has_more"]).toBe(false);
    const paged: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const reply = await call("svc_latest", { limit: 3, ...(cursor ? { cursor } : {}) });
      paged.push(...(reply["stories"] as Array<{ url: string }>).map((story) => story.url));
      if (reply["has_more"] !== true) {
        expect(reply["next_cursor"]).toBeUndefined();
        break;
      }
      cursor = reply["next_cursor"] as string;
      expect(cursor).toEqual(expect.any(String));
    }
    expect(paged).toEqual(urls);
    // A cursor of svc_since is not one of svc_latest's.
    const since = await call("svc_since", {});
    const refused = await client.callTool({
      name: "svc_latest",
      arguments: { cursor: since["next_cursor"] },
    });
    expect(refused.isError).toBe(true);
    expect(refused.content?.[0]?.text).toMatch(/"invalid_cursor"/);
  });

  it("lists and reads resources: the latest edition, topics and stories as JSON and Markdown", async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toContain(`${BASE}/editions/latest.json`);
    expect(uris.some((uri) => /\/n\/[a-z0-9-]+\/index\.json$/.test(uri))).toBe(true);
    const storyUri = uris.find((uri) =>
      /\/stories\/\d{4}-\d{2}-\d{2}\/[a-z0-9-]+\/index\.json$/.test(uri),
    );
    expect(storyUri).toBeDefined();
    const templates = (await client.listResourceTemplates()).resourceTemplates.map(
      (template) => template.uriTemplate,
    );
    expect(templates.sort()).toEqual(
      [
        `${BASE}/n/{topic}/index.json`,
        `${BASE}/stories/{date}/{slug}/index.json`,
        `${BASE}/stories/{date}/{slug}/index.md`,
      ].sort(),
    );
    const story = await client.readResource({ uri: storyUri! });
    const json = JSON.parse(story.contents[0]?.text ?? "null") as { url: string; headline: string };
    expect(story.contents[0]?.mimeType).toBe("application/json");
    expect(`${json.url}index.json`).toBe(storyUri);
    const markdown = await client.readResource({ uri: storyUri!.replace(/json$/, "md") });
    expect(markdown.contents[0]?.mimeType).toBe("text/markdown");
    expect(markdown.contents[0]?.text).toContain(json.headline);
    const latest = await client.readResource({ uri: `${BASE}/editions/latest.json` });
    expect(JSON.parse(latest.contents[0]?.text ?? "{}")).toHaveProperty("stories");
    await expect(
      client.readResource({ uri: `${BASE}/stories/2001-01-01/no-such-story/index.json` }),
    ).rejects.toThrow();
    await expect(
      client.readResource({ uri: `${BASE}/stories/2001-01-01/..%2F..%2Fetc/index.json` }),
    ).rejects.toThrow();
  });

  it("offers the briefing and claim prompts, and completes topic ids", async () => {
    const names = (await client.listPrompts()).prompts.map((prompt) => prompt.name).sort();
    expect(names).toEqual(["check-claim", "topic-briefing"]);
    const topics = (await client.listResources()).resources
      .map((resource) => /\/n\/([a-z0-9-]+)\/index\.json$/.exec(resource.uri)?.[1])
      .filter((id): id is string => id !== undefined);
    const topic = topics[0]!;
    const briefing = await client.getPrompt({ name: "topic-briefing", arguments: { topic } });
    expect(briefing.messages[0]?.content.text).toMatch(/Manifest ids: \S/);
    const claim = await client.getPrompt({
      name: "check-claim",
      arguments: { claim: "The bridge reopened." },
    });
    expect(claim.messages[0]?.content.text).toContain("svc_ask");
    const completed = await client.complete({
      ref: { type: "ref/prompt", name: "topic-briefing" },
      argument: { name: "topic", value: topic.slice(0, 2) },
    });
    expect(completed.completion.values).toContain(topic);
    const fromTemplate = await client.complete({
      ref: { type: "ref/resource", uri: `${BASE}/n/{topic}/index.json` },
      argument: { name: "topic", value: topic.slice(0, 2) },
    });
    expect(fromTemplate.completion.values).toContain(topic);
  });

  it("reports bad input, a missing story and a bad cursor as tool errors of one shape", async () => {
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ["svc_ask", { query: "x".repeat(501) }, "question_too_long", /500/],
      ["svc_ask", { query: "  " }, "empty_question", /empty/],
      ["svc_ask", { query: "budget", limit: 21 }, "invalid_limit", /limit/],
      [
        "svc_ask",
        { query: "budget", topic: "no-such-topic" },
        "unknown_topic",
        /not a published topic/,
      ],
      ["svc_latest", { limit: 0 }, "invalid_arguments", /`limit`/],
      ["svc_latest", { topic: "no-such-topic" }, "unknown_topic", /not a published topic/],
      ["svc_get_story", { date: "2020-01-01", slug: "no-such-story" }, "not_found", /No story/],
      ["svc_get_story", {}, "invalid_story_address", /url/],
      ["svc_get_story", { url: 42 }, "invalid_arguments", /`url`/],
      [
        "svc_sources",
        { url: "https://elsewhere.example/x" },
        "invalid_story_address",
        /not a story address/,
      ],
      ["svc_since", { cursor: "not-a-cursor" }, "invalid_cursor", /cursor/],
      ["svc_since", { limit: 51 }, "invalid_arguments", /`limit`/],
      ["svc_search", { query: "budget", days: 31 }, "invalid_arguments", /`days`/],
    ];
    for (const [name, args, code, message] of cases) {
      const what = `${name} ${JSON.stringify(args).slice(0, 60)}`;
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, what).toBe(true);
      const body = JSON.parse(result.content?.[0]?.text ?? "null") as Record<string, unknown>;
      expect(Object.keys(body).sort(), what).toEqual(["error", "message", "next_step"]);
      expect(body["error"], what).toBe(code);
      expect(body["message"], what).toMatch(message);
      expect(typeof body["next_step"], what).toBe("string");
      // No structuredContent: clients would check it against the tool's outputSchema.
      expect(result.structuredContent, what).toBeUndefined();
    }
  });
});
