// /mcp in every worker of `svc serve` with SVC_SERVE_WORKERS=2, run from the built CLI as
// operators run it: tool calls on fresh connections are answered by both workers, in both
// eras, and a svc_latest cursor made by one worker is taken by the other (one cursor secret
// per data directory).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get } from "./support/http-client.js";
import { MODERN, modernEnvelope } from "./support/mcp-rpc.js";
import { type ServeCluster, startServeCluster } from "./support/serve-cluster.js";

const BASE = "https://svc.test";
const CALLS = 24;

let cluster: ServeCluster;

/** One tools/call on a new connection (the primary hands connections to the workers in turn). */
async function callOnce(name: string, args: Record<string, unknown>, era: "modern" | "legacy") {
  const modern = era === "modern";
  const reply = await get(cluster.port, "/mcp", {
    method: "POST",
    headers: {
      Connection: "close",
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...(modern
        ? { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/call", "Mcp-Name": name }
        : { "MCP-Protocol-Version": "2025-11-25" }),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: modern ? modernEnvelope({ name, arguments: args }) : { name, arguments: args },
    }),
  });
  const text = reply.body.toString("utf8");
  expect(reply.status, text).toBe(200);
  const json = modern ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? "");
  const { result } = JSON.parse(json) as {
    result: { isError?: boolean; structuredContent?: Record<string, unknown> };
  };
  expect(result.isError ?? false, text).toBe(false);
  return result.structuredContent ?? {};
}

beforeAll(async () => {
  // Ready once several fresh connections in a row (both workers) answer /readyz with 200.
  let ready = 0;
  cluster = await startServeCluster(BASE, { SVC_RATE_LIMIT: "0" }, async (port) => {
    const reply = await get(port, "/readyz", { headers: { Connection: "close" } });
    ready = reply.status === 200 ? ready + 1 : 0;
    return ready >= 4;
  });
}, 180_000);

afterAll(() => cluster?.stop());

describe("/mcp with SVC_SERVE_WORKERS=2", () => {
  it("is answered by both workers, and a cursor of one is taken by the other", async () => {
    const first = await callOnce("svc_latest", { limit: 1 }, "modern");
    const cursor = first.next_cursor as string;
    expect(typeof cursor).toBe("string");
    for (let call = 0; call < CALLS; call++) {
      const era = call % 2 === 0 ? "modern" : "legacy";
      const page = await callOnce("svc_latest", { limit: 1, cursor }, era);
      expect((page.stories as unknown[]).length).toBe(1);
      expect((await callOnce("svc_topics", {}, era)).topics).not.toHaveLength(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const servedBy = new Set(
      cluster
        .output()
        .split("\n")
        .filter((line) => line.includes('"path":"/mcp"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );
    expect(servedBy.size, cluster.output().slice(-2000)).toBe(2);
  }, 120_000);
});
