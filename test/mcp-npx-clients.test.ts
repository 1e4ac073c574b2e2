// Real clients we do not ship, fetched by npx from the npm registry: the MCP Inspector CLI
// lists and calls every tool, and the official conformance suite runs the scenarios that fit
// a stateless read-only server (LIBRARIES.md, "MCP"). They need the network and take a minute,
// so they run only with SVC_RUN_NPX_CLIENTS=1 (CI sets it).
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCP_TOOL_NAMES } from "../src/api/mcp-http.js";
import { type DemoData, publishDemoEdition, recentCut } from "./support/mcp-editions.js";
import { callTool } from "./support/mcp-rpc.js";
import { type McpTestServer, startMcpServer } from "./support/mcp-server.js";

const RUN = process.env.SVC_RUN_NPX_CLIENTS === "1";
const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
const CONFORMANCE = "@modelcontextprotocol/conformance@0.1.16";
const SCENARIOS = ["server-initialize", "tools-list", "ping", "dns-rebinding-protection"];
const NPX_TIMEOUT_MS = 240_000;

async function npx(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)("npx", ["-y", ...args], {
      timeout: NPX_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, npm_config_update_notifier: "false" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.skipIf(!RUN)("MCP with clients from npm", () => {
  let data: DemoData;
  let server: McpTestServer;
  beforeAll(async () => {
    // A loopback base URL: the DNS rebinding scenario expects local-only Host and Origin.
    data = await publishDemoEdition(recentCut(), "http://localhost:8080");
    server = await startMcpServer({ ...data.env, SVC_RATE_LIMIT: "0" });
  }, NPX_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    if (data !== undefined) rmSync(data.dataDir, { recursive: true, force: true });
  });

  const inspect = (method: string, extra: string[] = []) =>
    npx([INSPECTOR, "--cli", server.url, "--transport", "http", "--method", method, ...extra]);

  it(
    "Inspector CLI lists the tools and calls each one",
    { timeout: 10 * NPX_TIMEOUT_MS },
    async () => {
      const listed = await inspect("tools/list");
      expect(listed.code, listed.stderr).toBe(0);
      const names = (JSON.parse(listed.stdout) as { tools: Array<{ name: string }> }).tools.map(
        (tool) => tool.name,
      );
      expect(names.sort()).toEqual([...MCP_TOOL_NAMES].sort());

      const latest = await callTool(server.url, "svc_latest", { limit: 1 });
      const url = (
        latest.message?.result as { structuredContent: { stories: Array<{ url: string }> } }
      ).structuredContent.stories[0]?.url;
      const args: Record<string, string[]> = {
        svc_ask: ["query=budget"],
        svc_latest: ["limit=2"],
        svc_since: ["limit=2"],
        svc_search: ["query=budget"],
        svc_get_story: [`url=${url}`],
        svc_sources: [`url=${url}`],
        svc_topics: [],
        svc_about: [],
      };
      for (const name of MCP_TOOL_NAMES) {
        const toolArgs = (args[name] ?? []).flatMap((arg) => ["--tool-arg", arg]);
        const called = await inspect("tools/call", ["--tool-name", name, ...toolArgs]);
        expect(called.code, `${name}: ${called.stderr}`).toBe(0);
        const result = JSON.parse(called.stdout) as {
          isError?: boolean;
          structuredContent?: object;
        };
        expect(result.isError ?? false, name).toBe(false);
        expect(result.structuredContent, name).toBeDefined();
      }
    },
  );

  it.each(SCENARIOS)(
    "passes the conformance scenario %s",
    { timeout: NPX_TIMEOUT_MS },
    async (scenario) => {
      const run = await npx([
        "-p",
        "node@22",
        "-p",
        CONFORMANCE,
        "conformance",
        "server",
        "--url",
        server.url,
        "--scenario",
        scenario,
      ]);
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    },
  );
});
