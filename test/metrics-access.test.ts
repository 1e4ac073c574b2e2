// /metrics off the public: only clients of SVC_METRICS_FROM (loopback by default, after
// trusted proxies) read it; anyone else gets 403 in our Error format.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../src/api/error-body.js";
import { type DemoData, publishDemoEdition, recentCut } from "./support/mcp-editions.js";
import { type McpTestServer, startMcpServer } from "./support/mcp-server.js";

let data: DemoData;
const servers: McpTestServer[] = [];

beforeAll(async () => {
  data = await publishDemoEdition(recentCut(), "https://svc.test");
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  rmSync(data.dataDir, { recursive: true, force: true });
});

async function serve(env: Record<string, string>): Promise<string> {
  const server = await startMcpServer({ ...data.env, SVC_TRUSTED_PROXIES: "loopback", ...env });
  servers.push(server);
  return server.url.replace(/\/mcp$/, "/metrics");
}

const scrape = (url: string, forwardedFor?: string) =>
  fetch(url, forwardedFor === undefined ? {} : { headers: { "X-Forwarded-For": forwardedFor } });

describe("who may read /metrics", () => {
  it("by default: this machine only, not a client behind the proxy", async () => {
    const url = await serve({});
    expect((await scrape(url)).status).toBe(200);
    const outside = await scrape(url, "203.0.113.5");
    expect(outside.status).toBe(403);
    expect(outside.headers.get("content-type")).toBe("application/json");
    expect(ErrorBodySchema.parse(await outside.json()).error).toBe("forbidden");
  });

  it("with SVC_METRICS_FROM: the addresses it names, and no longer loopback", async () => {
    const url = await serve({ SVC_METRICS_FROM: "203.0.113.0/24" });
    expect((await scrape(url, "203.0.113.5")).status).toBe(200);
    expect((await scrape(url, "198.51.100.5")).status).toBe(403);
    expect((await scrape(url)).status).toBe(403);
  });
});
