// The static file rules, in-process against a real published tree: exact content types,
// SVC-API-Version, validators and 304, Cache-Control until the next rebuild, HEAD, gzip and
// brotli, CORS, 404 by Accept, deprecation headers, the archive read from disk, the logs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get } from "../../../test/support/http-client.js";
import { publishTestTree, storyJson } from "../../../test/support/static-tree.js";
import { type RunningServer, startTestServer } from "../../../test/support/test-server.js";

const BASE = "https://news.example.org";
const CUT = Date.parse("2026-11-21T00:00:00Z");
const NOW = Date.parse("2026-11-21T10:00:00Z");
const TODAY = "2026-11-21";
const OLD_DATE = "2026-09-01";
const LATEST = JSON.stringify({
  generated_at: "2026-11-21T00:00:00Z",
  stories: [],
  padding: "y".repeat(3000),
});

const FILES: Record<string, string> = {
  "editions/latest.json": LATEST,
  "editions/feed.json": JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: "t",
    items: [],
  }),
  "editions/feed.xml": `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title></channel></rss>`,
  "editions/atom.xml": `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>t</title></feed>`,
  "n/world/index.json": JSON.stringify({ stories: [] }),
  "n/world/index.html": "<!doctype html><title>World</title>",
  "roundups/index.json": JSON.stringify({ roundups: [] }),
  ".well-known/reuse.json": JSON.stringify({ version: "1" }),
  ".well-known/mcp/server-card.json": JSON.stringify({ name: "org.example.news/svc" }),
  "mcp/server-card": JSON.stringify({ name: "org.example.news/svc" }),
  "openapi.json": JSON.stringify({ openapi: "3.1.0" }),
  "llms.txt": "# SVC\n",
  "index.html": "<!doctype html><title>Home</title>",
  "assets/site.css": "body { margin: 0 }",
};

const EXPECTED_TYPES: Array<[string, string]> = [
  ["/editions/latest.json", "application/json"],
  ["/editions/feed.json", "application/feed+json"],
  ["/editions/feed.xml", "application/rss+xml"],
  ["/editions/atom.xml", "application/atom+xml"],
  ["/n/world/index.json", "application/json"],
  ["/n/world/", "text/html; charset=utf-8"],
  ["/roundups/index.json", "application/json"],
  ["/.well-known/reuse.json", "application/json"],
  ["/.well-known/mcp/server-card.json", "application/mcp-server-card+json"],
  ["/mcp/server-card", "application/mcp-server-card+json"],
  ["/openapi.json", "application/json"],
  ["/llms.txt", "text/plain; charset=utf-8"],
  ["/", "text/html; charset=utf-8"],
  ["/assets/site.css", "text/css; charset=utf-8"],
  [`/stories/${TODAY}/harbour-bridge-shut/index.json`, "application/json"],
  [`/stories/${TODAY}/harbour-bridge-shut/index.md`, "text/markdown; charset=utf-8"],
  [`/stories/${OLD_DATE}/old-council-vote/index.json`, "application/json"],
  [`/stories/${OLD_DATE}/old-council-vote/index.md`, "text/markdown; charset=utf-8"],
];

let dataDir: string;
let running: RunningServer;
let clock = NOW;
const fetchPath = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  get(running.port, path, { headers, method });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "svc-static-"));
  await publishTestTree(dataDir, {
    cutMs: CUT,
    files: FILES,
    stories: {
      [TODAY]: {
        "harbour-bridge-shut": {
          "index.json": storyJson(TODAY, "harbour-bridge-shut"),
          "index.md": "# Harbour bridge shut\n\nCracks were found. [demo:1]\n",
        },
      },
      [OLD_DATE]: {
        "old-council-vote": {
          "index.json": storyJson(OLD_DATE, "old-council-vote", 5000),
          "index.md": "# Old council vote\n",
        },
      },
    },
  });
  running = await startTestServer(
    {
      SVC_DATA_DIR: dataDir,
      SVC_BASE_URL: BASE,
      SVC_DEPRECATION_AT: "2027-01-01T00:00:00Z",
      SVC_SUNSET_AT: "2027-06-30T00:00:00Z",
      SVC_DEPRECATION_LINK: "https://news.example.org/developers/v2",
    },
    { clock: () => clock },
  );
});

afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("static files", () => {
  it("serves every file with its exact content type, and SVC-API-Version on JSON only", async () => {
    for (const [path, type] of EXPECTED_TYPES) {
      const reply = await fetchPath(path);
      expect([path, reply.status, reply.headers["content-type"]]).toEqual([path, 200, type]);
      const json = type.startsWith("application/") && type.split(";")[0]?.endsWith("json");
      expect([path, reply.headers["svc-api-version"]]).toEqual([path, json ? "1" : undefined]);
    }
  });

  it("answers with the file's bytes, ETag, Last-Modified and open CORS", async () => {
    const reply = await fetchPath("/editions/latest.json");
    expect(reply.body.toString()).toBe(LATEST);
    expect(reply.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Date.parse(String(reply.headers["last-modified"]))).toBeGreaterThan(0);
    expect(reply.headers["content-length"]).toBe(String(LATEST.length));
    expect(reply.headers["access-control-allow-origin"]).toBe("*");
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("is cached until the next rebuild, or a minute while the next edition is due", async () => {
    expect((await fetchPath("/llms.txt")).headers["cache-control"]).toBe("public, max-age=7200");
    clock = Date.parse("2026-11-21T11:59:30Z");
    expect((await fetchPath("/llms.txt")).headers["cache-control"]).toBe("public, max-age=30");
    clock = Date.parse("2026-11-21T12:10:00Z");
    expect((await fetchPath("/llms.txt")).headers["cache-control"]).toBe("public, max-age=60");
    clock = NOW;
  });

  it("answers 304 to If-None-Match (any encoding's tag, weak or not) and If-Modified-Since", async () => {
    const first = await fetchPath("/editions/latest.json");
    const etag = String(first.headers.etag);
    const tag = etag.slice(1, -1);
    for (const sent of [etag, `W/${etag}`, `"${tag}-gz"`, `"other", "${tag}-br"`, "*"]) {
      const reply = await fetchPath("/editions/latest.json", { "If-None-Match": sent });
      expect([sent, reply.status, reply.body.length]).toEqual([sent, 304, 0]);
      expect(reply.headers.etag).toBe(etag);
      expect(reply.headers["cache-control"]).toBe("public, max-age=7200");
    }
    expect((await fetchPath("/editions/latest.json", { "If-None-Match": '"nope"' })).status).toBe(
      200,
    );
    const modified = String(first.headers["last-modified"]);
    expect(
      (await fetchPath("/editions/latest.json", { "If-Modified-Since": modified })).status,
    ).toBe(304);
    const earlier = new Date(Date.parse(modified) - 1000).toUTCString();
    expect(
      (await fetchPath("/editions/latest.json", { "If-Modified-Since": earlier })).status,
    ).toBe(200);
    // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
    const both = { "If-None-Match": '"nope"', "If-Modified-Since": modified };
    expect((await fetchPath("/editions/latest.json", both)).status).toBe(200);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const getReply = await fetchPath("/n/world/index.json");
    const head = await fetchPath("/n/world/index.json", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of [
      "content-type",
      "content-length",
      "etag",
      "last-modified",
      "svc-api-version",
    ]) {
      expect([name, head.headers[name]]).toEqual([name, getReply.headers[name]]);
    }
  });

  it("compresses with brotli or gzip as Accept-Encoding asks, with Vary", async () => {
    const plain = await fetchPath("/editions/latest.json");
    const br = await fetchPath("/editions/latest.json", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(LATEST);
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    const gz = await fetchPath("/editions/latest.json", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(LATEST);
    expect(Number(gz.headers["content-length"])).toBe(gz.body.length);
    const refused = await fetchPath("/editions/latest.json", { "Accept-Encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const none = await fetchPath("/editions/latest.json", { "Accept-Encoding": "identity" });
    expect(none.headers["content-encoding"]).toBeUndefined();
    for (const reply of [plain, br, gz, none]) expect(reply.headers.vary).toBe("Accept-Encoding");
    // Tiny files are not worth compressing.
    const tiny = await fetchPath("/n/world/index.json", { "Accept-Encoding": "br, gzip" });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
  });

  it("answers a CORS preflight", async () => {
    const reply = await fetchPath(
      "/ask",
      {
        Origin: "https://agent.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
      "OPTIONS",
    );
    expect(reply.status).toBe(204);
    expect(reply.headers["access-control-allow-origin"]).toBe("*");
    expect(reply.headers["access-control-allow-methods"]).toContain("POST");
    expect(String(reply.headers["access-control-allow-headers"]).toLowerCase()).toContain(
      "content-type",
    );
  });

  it("answers 404 as JSON by default, or as Markdown or HTML by Accept", async () => {
    const path = `/stories/${TODAY}/no-such-story/index.json`;
    const json = await fetchPath(path);
    expect(json.status).toBe(404);
    expect(json.headers["content-type"]).toBe("application/json");
    expect(json.headers["access-control-allow-origin"]).toBe("*");
    const body = JSON.parse(json.body.toString()) as Record<string, string>;
    expect(body.error).toBe("not_found");
    expect(body.message).toContain(path);
    expect(body.next_step).toContain(`${BASE}/llms.txt`);
    expect(body.next_step).toContain(`${BASE}/developers/`);
    const markdown = await fetchPath(path, { Accept: "text/markdown" });
    expect(markdown.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(markdown.body.toString()).toContain("not_found");
    expect(markdown.body.toString()).toContain(`${BASE}/developers/`);
    const html = await fetchPath(path, {
      Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    });
    expect(html.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(html.body.toString()).toContain("<code>not_found</code>");
    expect(html.body.toString()).toContain(`href="${BASE}/llms.txt"`);
    expect((await fetchPath("/nowhere", { Accept: "*/*" })).headers["content-type"]).toBe(
      "application/json",
    );
    expect((await fetchPath("/nowhere", { Accept: "image/png" })).headers["content-type"]).toBe(
      "application/json",
    );
  });

  it("refuses other methods on a file with 405, and never asks for credentials", async () => {
    const post = await fetchPath("/editions/latest.json", {}, "POST");
    expect(post.status).toBe(405);
    expect(JSON.parse(post.body.toString())).toMatchObject({ error: "method_not_allowed" });
    const withKey = await fetchPath("/editions/latest.json", {
      Authorization: "Bearer sk-SECRET-TOKEN",
      Cookie: "session=COOKIE-SECRET",
      "X-Api-Key": "APIKEY-SECRET",
    });
    expect(withKey.status).toBe(200);
    expect(withKey.headers["www-authenticate"]).toBeUndefined();
  });

  it("carries the configured Deprecation, Sunset and Link on every reply", async () => {
    const replies = [
      await fetchPath("/editions/latest.json"),
      await fetchPath("/nowhere"),
      await fetchPath("/healthz"),
      await fetchPath("/ask", {}, "OPTIONS"),
    ];
    for (const reply of replies) {
      expect(reply.headers.deprecation).toBe(`@${Date.parse("2027-01-01T00:00:00Z") / 1000}`);
      expect(reply.headers.sunset).toBe("Wed, 30 Jun 2027 00:00:00 GMT");
      expect(reply.headers.link).toBe(
        '<https://news.example.org/developers/v2>; rel="deprecation", <https://news.example.org/developers/v2>; rel="sunset"',
      );
      expect(reply.headers["access-control-allow-origin"]).toBe("*");
    }
  });

  it("serves story files of older dates from the archive, and a page's directory", async () => {
    const path = `/stories/${OLD_DATE}/old-council-vote/index.json`;
    const first = await fetchPath(path, { "Accept-Encoding": "br" });
    expect(first.status).toBe(200);
    expect(JSON.parse(brotliDecompressSync(first.body).toString())).toMatchObject({
      slug: "old-council-vote",
    });
    const again = await fetchPath(path, { "If-None-Match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect((await fetchPath(`/stories/${OLD_DATE}/not-there/index.json`)).status).toBe(404);
    const redirect = await fetchPath("/n/world");
    expect([redirect.status, redirect.headers.location]).toEqual([301, "/n/world/"]);
  });

  it("redirects a story's address without its final slash, of today and of the archive", async () => {
    for (const story of [
      `/stories/${TODAY}/harbour-bridge-shut`,
      `/stories/${OLD_DATE}/old-council-vote`,
    ]) {
      const reply = await fetchPath(story);
      expect([reply.status, reply.headers.location]).toEqual([301, `${story}/`]);
    }
    expect((await fetchPath(`/stories/${TODAY}/no-such-story`)).status).toBe(404);
    expect((await fetchPath("/stories/2026-02-30/harbour-bridge-shut")).status).toBe(404);
  });

  it("checks health and readiness", async () => {
    const health = await fetchPath("/healthz");
    expect([health.status, JSON.parse(health.body.toString())]).toEqual([200, { status: "ok" }]);
    expect(health.headers["svc-api-version"]).toBe("1");
    const ready = await fetchPath("/readyz");
    expect([ready.status, JSON.parse(ready.body.toString())]).toEqual([200, { status: "ok" }]);
  });

  it("logs one line per request, never a credential", async () => {
    await fetchPath("/llms.txt?from=test", {
      Authorization: "Bearer LOGGED-SECRET",
      Cookie: "c=LOGGED-COOKIE",
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const line = running.logs.find((entry) => entry.path === "/llms.txt");
    expect(line).toMatchObject({ level: 30, method: "GET", path: "/llms.txt", status: 200 });
    expect(typeof line?.ms).toBe("number");
    const everything = JSON.stringify(running.logs);
    for (const secret of [
      "LOGGED-SECRET",
      "LOGGED-COOKIE",
      "sk-SECRET-TOKEN",
      "APIKEY-SECRET",
      "from=test",
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe("without a published tree", () => {
  it("is alive but not ready, and every file is 404", async () => {
    const empty = mkdtempSync(join(tmpdir(), "svc-empty-"));
    const server = await startTestServer({ SVC_DATA_DIR: empty, SVC_BASE_URL: BASE });
    try {
      expect((await get(server.port, "/healthz")).status).toBe(200);
      const ready = await get(server.port, "/readyz");
      expect([ready.status, JSON.parse(ready.body.toString())]).toEqual([
        503,
        { status: "no_edition" },
      ]);
      expect((await get(server.port, "/editions/latest.json")).status).toBe(404);
    } finally {
      await server.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
