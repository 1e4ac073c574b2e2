// Kept replies never outlive their edition: tools whose serialised result is kept per loaded
// tree (svc_about, svc_topics, svc_get_story) answer from the new edition as soon as the live
// tree swaps it in, in both eras, and a story missing before is found after.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DemoData,
  nextCut,
  publishDemoEdition,
  publishNextEdition,
  recentCut,
} from "./support/mcp-editions.js";
import { callTool, postRpc } from "./support/mcp-rpc.js";
import { type McpTestServer, startMcpServer } from "./support/mcp-server.js";

const BASE = "https://svc.test";
const CUT = recentCut();
const NEXT = nextCut(CUT);

let data: DemoData;
let server: McpTestServer;

beforeAll(async () => {
  data = await publishDemoEdition(CUT, BASE);
  server = await startMcpServer({ ...data.env, SVC_RATE_LIMIT: "0" });
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (data !== undefined) rmSync(data.dataDir, { recursive: true, force: true });
});

type Result = { structuredContent?: Record<string, unknown>; isError?: boolean };

/** The tool's result, once as 2026-07-28 and once as 2025-11-25 (both must agree). */
async function call(name: string, args: Record<string, unknown>): Promise<Result> {
  const modern = await callTool(server.url, name, args);
  const legacy = await postRpc(
    server.url,
    { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
    { "MCP-Protocol-Version": "2025-11-25" },
  );
  const modernResult = modern.message?.result as Result;
  expect((legacy.message?.result as Result).structuredContent).toEqual(
    modernResult.structuredContent,
  );
  return modernResult;
}

async function untilServing(cut: string): Promise<void> {
  const until = Date.now() + 30_000;
  while (server.liveTree.current()?.cutMs !== Date.parse(cut)) {
    if (Date.now() > until) throw new Error(`the live tree did not swap in ${cut}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("kept MCP replies", () => {
  it("follow the live tree to the next edition", async () => {
    const newStory = { date: NEXT.slice(0, 10) };
    for (let round = 0; round < 2; round++) {
      const about = await call("svc_about", {});
      expect((about.structuredContent?.schedule as { latest_edition: string }).latest_edition).toBe(
        CUT,
      );
      expect((await call("svc_topics", {})).structuredContent?.generated_at).toBe(CUT);
    }
    await publishNextEdition(data, NEXT, "cache-check-1");
    await untilServing(NEXT);
    const about = await call("svc_about", {});
    expect((about.structuredContent?.schedule as { latest_edition: string }).latest_edition).toBe(
      NEXT,
    );
    expect((await call("svc_topics", {})).structuredContent?.generated_at).toBe(NEXT);
    // The new edition's newest story, found through svc_latest, reads as the whole story.
    const latest = await call("svc_latest", { limit: 50 });
    const stories = latest.structuredContent?.stories as Array<{ url: string; headline: string }>;
    const fresh = stories.find((story) => story.headline.includes("cache-check-1"));
    expect(fresh?.url).toContain(newStory.date);
    const whole = await call("svc_get_story", { url: fresh?.url });
    expect(whole.isError ?? false).toBe(false);
    expect(whole.structuredContent?.headline).toBe(fresh?.headline);
  }, 120_000);
});
