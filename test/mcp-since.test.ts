// svc_since across two editions published with the CLI while the server runs: following
// next_cursor from call to call returns every story of the new edition exactly once, nothing
// the caller had already seen, and a changed cursor is a clear tool error.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LatestStories } from "../src/api/story-lists.js";
import {
  type DemoData,
  nextCut,
  publishDemoEdition,
  publishNextEdition,
  recentCut,
} from "./support/mcp-editions.js";
import { callTool } from "./support/mcp-rpc.js";
import { type McpTestServer, startMcpServer } from "./support/mcp-server.js";

const BASE = "https://svc.test";
const CUT = recentCut();
const NEXT = nextCut(CUT);

interface SincePage {
  stories: Array<{ url: string; headline: string; updated_at: string }>;
  next_cursor: string;
  has_more: boolean;
  generated_at: string;
}

let data: DemoData;
let server: McpTestServer;

async function since(args: Record<string, unknown>): Promise<SincePage> {
  const reply = await callTool(server.url, "svc_since", args);
  const result = reply.message?.result as { structuredContent?: SincePage; isError?: boolean };
  expect(result.isError ?? false, reply.text).toBe(false);
  return result.structuredContent as SincePage;
}

/** Follows the chain from `cursor` until has_more is false; every story, in order. */
async function follow(cursor: string | undefined, limit: number) {
  const seen: SincePage["stories"] = [];
  let page = await since(cursor === undefined ? { limit } : { cursor, limit });
  seen.push(...page.stories);
  while (page.has_more) {
    page = await since({ cursor: page.next_cursor, limit });
    seen.push(...page.stories);
  }
  return { stories: seen, cursor: page.next_cursor, generatedAt: page.generated_at };
}

beforeAll(async () => {
  data = await publishDemoEdition(CUT, BASE);
  server = await startMcpServer({ ...data.env, SVC_RATE_LIMIT: "0" });
});
afterAll(async () => {
  await server?.close();
  rmSync(data.dataDir, { recursive: true, force: true });
});

describe("svc_since", () => {
  it("returns each new story exactly once along a chain of cursors", async () => {
    const first = await follow(undefined, 4);
    expect(first.generatedAt).toBe(CUT);
    const latest = JSON.parse(
      readFileSync(join(data.dataDir, "public", "editions", "latest.json"), "utf8"),
    ) as LatestStories;
    expect(first.stories.map((story) => story.url).sort()).toEqual(
      latest.stories.map((story) => story.url).sort(),
    );
    // Up to date: the same cursor gives nothing new.
    expect((await since({ cursor: first.cursor })).stories).toEqual([]);

    await publishNextEdition(data, NEXT, "since-test-1");
    await expect
      .poll(() => server.liveTree.current()?.cutMs, { timeout: 10_000 })
      .toBe(Date.parse(NEXT));

    const second = await follow(first.cursor, 3);
    expect(second.generatedAt).toBe(NEXT);
    const urls = second.stories.map((story) => story.url);
    expect(new Set(urls).size).toBe(urls.length);
    for (const story of second.stories) expect(story.updated_at).toBe(NEXT);
    const next = JSON.parse(
      readFileSync(join(data.dataDir, "public", "editions", "latest.json"), "utf8"),
    ) as LatestStories;
    expect(next.generated_at).toBe(NEXT);
    expect([...urls].sort()).toEqual(next.stories.map((story) => story.url).sort());
    expect(second.stories.filter((story) => /since-test-1/.test(story.headline))).toHaveLength(1);
    expect((await since({ cursor: second.cursor })).stories).toEqual([]);
  });

  it("refuses a changed cursor with a tool error that says what to do", async () => {
    const { next_cursor: cursor } = await since({ limit: 1 });
    const [payload = "", tag = ""] = cursor.split(".");
    const edited = Buffer.from(
      Buffer.from(payload, "base64url")
        .toString()
        .replace(/"t":\d/, '"t":9'),
    ).toString("base64url");
    for (const bad of [
      `${edited}.${tag}`,
      `${payload}.${"A".repeat(22)}`,
      "abc",
      cursor.slice(1),
    ]) {
      const reply = await callTool(server.url, "svc_since", { cursor: bad });
      const result = reply.message?.result as {
        isError?: boolean;
        content: Array<{ text: string }>;
      };
      expect(result.isError, bad).toBe(true);
      expect(result.content[0]?.text).toMatch(/cursor.*not valid/);
      expect(result.content[0]?.text).toMatch(/without a cursor/);
    }
  });

  it("signs cursors with SVC_CURSOR_SECRET: replicas sharing it accept each other's", async () => {
    const secret = (value: string) => ({
      ...data.env,
      SVC_RATE_LIMIT: "0",
      SVC_CURSOR_SECRET: value,
    });
    const replicas = await Promise.all([
      startMcpServer(secret("first shared secret")),
      startMcpServer(secret("first shared secret")),
      startMcpServer(secret("another secret, elsewhere")),
    ]);
    try {
      const call = async (replica: McpTestServer, args: Record<string, unknown>) => {
        const reply = await callTool(replica.url, "svc_since", args);
        return reply.message?.result as { isError?: boolean; structuredContent?: SincePage };
      };
      const [one, two, other] = replicas;
      const cursor = (await call(one, { limit: 1 })).structuredContent?.next_cursor ?? "";
      expect((await call(two, { cursor })).isError ?? false).toBe(false);
      expect((await call(other, { cursor })).isError).toBe(true);
      // The server without a secret signs with another key too.
      expect((await call(server, { cursor })).isError).toBe(true);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
  });

  it("follows one topic, and refuses a topic that is not published", async () => {
    const latest = JSON.parse(
      readFileSync(join(data.dataDir, "public", "editions", "latest.json"), "utf8"),
    ) as LatestStories & { stories: Array<{ topic?: string }> };
    const topic = latest.stories[0]?.topic ?? "";
    const ofTopic = latest.stories.filter((story) => story.topic === topic);
    expect(ofTopic.length).toBeGreaterThan(0);
    const seen: string[] = [];
    let page = await since({ topic, limit: 1 });
    seen.push(...page.stories.map((story) => story.url));
    while (page.has_more) {
      page = await since({ topic, limit: 1, cursor: page.next_cursor });
      seen.push(...page.stories.map((story) => story.url));
    }
    expect(seen.sort()).toEqual(ofTopic.map((story) => story.url).sort());
    expect((await since({ topic, cursor: page.next_cursor })).stories).toEqual([]);

    const reply = await callTool(server.url, "svc_since", { topic: "no-such-topic" });
    const result = reply.message?.result as { isError?: boolean; content: Array<{ text: string }> };
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toMatch(/not a published topic/);
  });
});
