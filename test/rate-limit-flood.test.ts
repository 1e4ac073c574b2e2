// A bounded flood on loopback: 64 addresses (behind a trusted proxy) each sending 65 /ask calls
// at once, and a new client arriving in the middle of it. No address may get more than 60
// answers in the window, every refusal is our 429, and the newcomer's first call is answered
// within a second.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoData, publishDemoEdition, recentCut } from "./support/mcp-editions.js";
import { type McpTestServer, startMcpServer } from "./support/mcp-server.js";

const ADDRESSES = 64;
const CALLS_EACH = 65;

let data: DemoData;
let server: McpTestServer;
let base: string;

beforeAll(async () => {
  data = await publishDemoEdition(recentCut(), "https://svc.test");
  server = await startMcpServer({ ...data.env, SVC_TRUSTED_PROXIES: "loopback" });
  base = server.url.replace(/\/mcp$/, "");
});
afterAll(async () => {
  await server?.close();
  rmSync(data.dataDir, { recursive: true, force: true });
});

const ask = (address: string) =>
  fetch(`${base}/ask?query=rain`, { headers: { "X-Forwarded-For": address } });

describe("a flood from 64 addresses", () => {
  it("answers at most 60 calls per address and does not starve a new client", async () => {
    const answered = new Map<string, number>();
    const statuses = new Set<number>();
    const flood = Array.from({ length: ADDRESSES }, async (_, index) => {
      const address = `203.0.113.${index + 1}`;
      for (let call = 0; call < CALLS_EACH; call++) {
        const reply = await ask(address);
        statuses.add(reply.status);
        if (reply.status === 200) answered.set(address, (answered.get(address) ?? 0) + 1);
        await reply.arrayBuffer();
      }
    });
    // The newcomer arrives while the flood runs.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const newcomer = await ask("198.51.100.200");
    const newcomerMs = performance.now() - started;
    await newcomer.arrayBuffer();
    await Promise.all(flood);
    expect(newcomer.status).toBe(200);
    expect(newcomerMs).toBeLessThan(1000);
    expect([...statuses].sort()).toEqual([200, 429]);
    expect(answered.size).toBe(ADDRESSES);
    for (const [address, count] of answered) expect(count, address).toBe(60);
  }, 120_000);
});
