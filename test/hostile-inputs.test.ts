// The hostile-input corpus (test/fixtures/hostile-inputs.ts) against a real server on
// loopback: every request is answered (no hang), never with a 5xx, and every 4xx is our Error
// body (error, message, next_step) with SVC-API-Version, or for /mcp a JSON-RPC error, MCP's
// own format. Afterwards the server still answers /ask and static files.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileCorpus } from "./fixtures/hostile-inputs.js";
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

const send = (bytes: Buffer) => sendRaw(server.port, bytes);

function problemsOf(reply: RawReply, jsonRpc: boolean, noBody: boolean): string[] {
  if (!Number.isFinite(reply.status)) return ["no reply"];
  if (reply.status >= 500) return [`status ${reply.status}: ${reply.body.slice(0, 200)}`];
  if (reply.status < 400 || noBody) return [];
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(reply.body) as Record<string, unknown>;
  } catch {
    return [`status ${reply.status} with a body that is not JSON: ${reply.body.slice(0, 120)}`];
  }
  const ours = ["error", "message", "next_step"].every((key) => typeof body[key] === "string");
  const rpc = jsonRpc && body.jsonrpc === "2.0" && typeof body.error === "object";
  if (!ours && !rpc)
    return [`status ${reply.status} with another body: ${reply.body.slice(0, 160)}`];
  if (ours && reply.headers.get("svc-api-version") !== "1")
    return [`status ${reply.status} without SVC-API-Version`];
  return [];
}

describe("hostile inputs", () => {
  it("never answer 5xx, never hang, and every error is in our format", async () => {
    const latest = JSON.parse(
      readFileSync(join(data.dataDir, "public", "editions", "latest.json"), "utf8"),
    ) as { stories: Array<{ url: string }> };
    const corpus = hostileCorpus(new URL(latest.stories[0]?.url ?? "https://svc.test/").pathname);
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < corpus.length) {
        const item = corpus[next++];
        if (item === undefined) return;
        const reply = await send(item.request);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        for (const problem of problemsOf(reply, item.jsonRpc === true, item.noBody === true)) {
          problems.push(`${item.name}: ${problem}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(problems).toEqual([]);
    // Most hostile requests are refused, and refused as errors (a corpus that passed through
    // would prove nothing).
    const refused = [...statuses]
      .filter(([status]) => status >= 400)
      .reduce((sum, [, n]) => sum + n, 0);
    expect(refused).toBeGreaterThan(corpus.length / 2);

    // Still serving.
    const ask = await fetch(`http://127.0.0.1:${server.port}/ask?query=bridge`);
    expect(ask.status).toBe(200);
    const file = await fetch(`http://127.0.0.1:${server.port}/editions/latest.json`);
    expect(file.status).toBe(200);
  }, 120_000);
});
