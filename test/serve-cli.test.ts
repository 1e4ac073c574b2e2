// `svc start` end to end, as `npm start` runs it: the built CLI loads the demo corpus, builds
// and publishes the edition, then serves it with two cluster workers. Every JSON reply is
// checked against the published openapi.json; SIGTERM during a slow request lets it finish
// and the process exits 0.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LatestStories } from "../src/api/story-lists.js";
import { type OpenApiDocument, validateBody } from "./support/openapi-contract.js";
import { freePort } from "./support/free-port.js";
import { SVC_MAIN } from "./support/svc-cli.js";

let dataDir: string;
let port: number;
let child: ChildProcess;
let output = "";
let exited: Promise<number | null>;
const base = () => `http://127.0.0.1:${port}`;

async function waitUntilReady(timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base()}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`svc start did not become ready:\n${output}`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "svc-serve-cli-"));
  port = await freePort();
  child = spawn(process.execPath, [SVC_MAIN, "start"], {
    env: {
      PATH: process.env.PATH,
      SVC_DATA_DIR: dataDir,
      PORT: String(port),
      SVC_BASE_URL: `http://127.0.0.1:${port}`,
      SVC_SERVE_WORKERS: "2",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => child.on("exit", resolve));
  await waitUntilReady(90_000);
}, 120_000);

afterAll(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("svc start", () => {
  it("serves every JSON file and check as openapi.json describes it", async () => {
    const doc = (await (await fetch(`${base()}/openapi.json`)).json()) as OpenApiDocument;
    const latest = (await (await fetch(`${base()}/editions/latest.json`)).json()) as LatestStories;
    const paths = [
      "/editions/latest.json",
      "/editions/feed.json",
      "/roundups/index.json",
      "/.well-known/reuse.json",
      "/.well-known/mcp/server-card.json",
      "/.well-known/mcp/catalog.json",
      "/mcp/server-card",
      "/healthz",
      "/readyz",
      ...(latest.newsrooms ?? []).map((newsroom) => `/n/${String(newsroom.id)}/index.json`),
      ...latest.stories.map((story) => new URL(story.json ?? `${story.url}index.json`).pathname),
    ];
    expect(latest.stories.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const path of [...paths, "/stories/2026-01-01/no-such-story/index.json"]) {
      const reply = await fetch(`${base()}${path}`);
      const contentType = reply.headers.get("content-type") ?? "";
      const target = { path, method: "GET", status: reply.status, contentType };
      problems.push(...validateBody(doc, target, await reply.json()));
      if (path !== "/healthz" && path !== "/readyz") {
        expect([path, reply.headers.get("svc-api-version")]).toEqual([path, "1"]);
      }
    }
    expect(problems).toEqual([]);
  });

  it("lets a request in flight finish after SIGTERM, then exits 0", async () => {
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    // The request has begun (its first line is sent) when the signal arrives.
    socket.write("GET /editions/latest.json HTTP/1.1\r\nHost: localhost\r\n");
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 700));
    socket.write("Accept: application/json\r\n\r\n");
    await closed;
    const reply = Buffer.concat(chunks).toString("utf8");
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK/);
    const length = Number(/content-length: (\d+)/i.exec(reply)?.[1]);
    const body = reply.slice(reply.indexOf("\r\n\r\n") + 4);
    expect(Buffer.byteLength(body)).toBe(length);
    expect(JSON.parse(body)).toHaveProperty("stories");
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"stopped"');
  }, 30_000);
});
