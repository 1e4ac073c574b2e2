// /mcp in every worker of `svc serve` with SVC_SERVE_WORKERS=2, run from the built CLI as
// operators run it: tool calls on fresh connections are answered by both workers, in both
// eras, and a svc_latest cursor made by one worker is taken by the other (one cursor secret
// per data directory).
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./support/free-port.js";
import { get } from "./support/http-client.js";
import { type DemoData, publishDemoEdition, recentCut } from "./support/mcp-editions.js";
import { MODERN, modernEnvelope } from "./support/mcp-rpc.js";
import { SVC_MAIN } from "./support/svc-cli.js";

const BASE = "https://svc.test";
const CALLS = 24;

let data: DemoData;
let port: number;
let child: ChildProcess;
let output = "";

/** One tools/call on a new connection (the primary hands connections to the workers in turn). */
async function callOnce(name: string, args: Record<string, unknown>, era: "modern" | "legacy") {
  const modern = era === "modern";
  const reply = await get(port, "/mcp", {
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

async function untilReady(timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let ready = 0;
  while (Date.now() < until) {
    try {
      // Both workers ready: several fresh connections in a row answer 200.
      ready =
        (await get(port, "/readyz", { headers: { Connection: "close" } })).status === 200
          ? ready + 1
          : 0;
      if (ready >= 4) return;
    } catch {
      ready = 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the cluster did not come up:\n${output}`);
}

beforeAll(async () => {
  data = await publishDemoEdition(recentCut(), BASE);
  port = await freePort();
  child = spawn(process.execPath, [SVC_MAIN, "serve"], {
    env: {
      PATH: process.env.PATH,
      ...data.env,
      PORT: String(port),
      SVC_SERVE_WORKERS: "2",
      SVC_LOG_LEVEL: "info",
      SVC_RATE_LIMIT: "0",
      SVC_SCHEDULER: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await untilReady(90_000);
}, 180_000);

afterAll(() => {
  if (child !== undefined && child.exitCode === null) child.kill("SIGKILL");
  if (data !== undefined) rmSync(data.dataDir, { recursive: true, force: true });
});

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
      output
        .split("\n")
        .filter((line) => line.includes('"path":"/mcp"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );
    expect(servedBy.size, output.slice(-2000)).toBe(2);
  }, 120_000);
});
