// `npm run bench -- mcp`: MCP tools/call per second through the whole /mcp stack (Fastify,
// the SDK's handler, the tool) for svc_get_story and svc_ask, rate limit off, one server
// process on the demo edition, measured with wrk POSTing a 2026-07-28 JSON-RPC request from a
// Lua script (same machine, 32 connections). Targets (issue 16): svc_get_story >= 3,000/s,
// svc_topics >= 4,000/s; svc_ask >= 1,000/s (issue 6). Two floors in the same run: a ping, no
// tool at all (Fastify, the SDK's per-request server and web Request/Response), and GET
// /healthz, a plain Fastify JSON route of the same server (what any route costs here).
import { execFile } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { callTool, LEGACY, modernEnvelope, MODERN, postRpc } from "../test/support/mcp-rpc.js";
import { startMcpServer } from "../test/support/mcp-server.js";
import { runCli } from "./run-cli.js";

const WRK = "/usr/bin/wrk";
const CONNECTIONS = 32;
const SECONDS = Number(process.env.SVC_BENCH_MCP_SECONDS ?? 5);
const ROUNDS = Number(process.env.SVC_BENCH_MCP_ROUNDS ?? 3);

/**
 * A wrk script that POSTs one tools/call (2026-07-28), or, when `name` is "ping", a ping of
 * 2025-11-25 (2026-07-28 has no ping).
 */
function wrkScript(name: string, args: Record<string, unknown>): string {
  if (name === "healthz") return 'wrk.method = "GET"\n';
  const ping = name === "ping";
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: ping ? "ping" : "tools/call",
    ...(ping ? {} : { params: modernEnvelope({ name, arguments: args }) }),
  });
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    ...(ping
      ? { "MCP-Protocol-Version": LEGACY }
      : { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/call", "Mcp-Name": name }),
  };
  return [
    'wrk.method = "POST"',
    ...Object.entries(headers).map(
      ([key, value]) => `wrk.headers[${JSON.stringify(key)}] = ${JSON.stringify(value)}`,
    ),
    `wrk.body = ${JSON.stringify(body)}`,
    "",
  ].join("\n");
}

/** Runs wrk without blocking: the server answers from this same process. */
async function wrk(url: string, script: string, seconds: number): Promise<number> {
  const { stdout } = await promisify(execFile)(
    WRK,
    ["-t2", `-c${CONNECTIONS}`, `-d${seconds}s`, "-s", script, url],
    { encoding: "utf8" },
  );
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
  if (rate === undefined) throw new Error(`wrk printed no rate:\n${stdout}`);
  if (/Non-2xx|Socket errors/.test(stdout)) throw new Error(`wrk saw failed calls:\n${stdout}`);
  return Number(rate);
}

function wrkMissing(): boolean {
  try {
    accessSync(WRK, constants.X_OK);
    return false;
  } catch {
    return true;
  }
}

/** GET /healthz once, in the shape of a tools/call sample (a JSON body, no error). */
async function healthzSample(url: string) {
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, text, message: { result: {} } };
}

/** Each tool's rate against the two floors of the same run. */
function printRatios(means: ReadonlyMap<string, number>): void {
  const ping = means.get("ping") ?? NaN;
  const route = means.get("healthz") ?? NaN;
  for (const [name, mean] of means) {
    if (name === "ping" || name === "healthz") continue;
    console.log(
      `mcp ${name}: ${(mean / ping).toFixed(2)}x the SDK ping, ${(mean / route).toFixed(2)}x GET /healthz`,
    );
  }
}

export async function benchMcp(): Promise<void> {
  if (wrkMissing()) {
    const message = `mcp benchmark needs ${WRK} (Debian package wrk)`;
    if (process.env.SVC_REQUIRE_TOOLS === "1") throw new Error(message);
    console.log(`skipped: ${message}`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), "svc-bench-mcp-"));
  const env = {
    SVC_DATA_DIR: join(work, "data"),
    DATABASE_URL: "",
    SVC_BASE_URL: "http://127.0.0.1:8080",
  };
  try {
    await runCli(["demo"], env);
    await runCli(["build"], env);
    await runCli(["publish"], env);
    const server = await startMcpServer({ ...env, SVC_RATE_LIMIT: "0" });
    try {
      const latest = await callTool(server.url, "svc_latest", { limit: 1 });
      const story = (
        latest.message?.result as {
          structuredContent?: { stories: Array<{ url: string; headline: string }> };
        }
      ).structuredContent?.stories[0];
      if (story === undefined) throw new Error(`no story to fetch: ${latest.text.slice(0, 300)}`);
      const targets = [
        // Targets of issue 16 (svc_ask's of issue 6).
        { name: "svc_get_story", args: { url: story.url }, target: 3000 },
        { name: "svc_ask", args: { query: story.headline }, target: 1000 },
        { name: "svc_topics", args: {}, target: 4000 },
        // No tool at all: what Fastify and the SDK's per-request server cost on their own
        // (a 2025-11-25 ping, answered as a one-event stream).
        { name: "ping", args: {}, target: 0 },
        // A plain Fastify JSON route of the same server: the floor of any route.
        { name: "healthz", args: {}, target: 0 },
      ];
      const means = new Map<string, number>();
      for (const { name, args, target } of targets) {
        const url = name === "healthz" ? server.url.replace(/\/mcp$/, "/healthz") : server.url;
        const script = join(work, `${name}.lua`);
        writeFileSync(script, wrkScript(name, args));
        const sample =
          name === "healthz"
            ? await healthzSample(url)
            : name === "ping"
              ? await postRpc(
                  server.url,
                  { jsonrpc: "2.0", id: 1, method: "ping" },
                  { "MCP-Protocol-Version": LEGACY },
                )
              : await callTool(url, name, args);
        if (sample.status !== 200 || (sample.message?.result as { isError?: boolean }).isError) {
          throw new Error(`${name} does not answer: ${sample.text.slice(0, 300)}`);
        }
        await wrk(url, script, 2);
        const rates: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          rates.push(await wrk(url, script, SECONDS));
        }
        const mean = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
        means.set(name, mean);
        const kind = name === "healthz" ? " GET" : name === "ping" ? "" : " tools/call";
        console.log(
          `mcp ${name}${kind} (reply ${(sample.text.length / 1024).toFixed(1)} KB), wrk ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s (${rates.map(Math.round).join("/")}): mean ${Math.round(mean)} calls/s ${target === 0 ? "(no target: the floor of the stack)" : `(target ${target}) ${mean >= target ? "OK" : "MISSED"}`}`,
        );
      }
      printRatios(means);
    } finally {
      await server.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
