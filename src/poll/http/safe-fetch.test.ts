// safeFetch against a real local server: compression, validators, redirects and their limits,
// timeouts for stalled and silent servers, size caps, corrupt bodies, and refused addresses.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgents } from "./agents.js";
import { DEFAULT_FETCH_POLICY, type FetchPolicy } from "./policy.js";
import { safeFetch } from "./safe-fetch.js";

const FEED = "<rss version='2.0'><channel><title>T</title></channel></rss>";
let server: Server;
let origin: string;
const seen: Array<Record<string, string | string[] | undefined>> = [];

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  "/gzip": (_req, res) => res.writeHead(200, { "Content-Encoding": "gzip" }).end(gzipSync(FEED)),
  "/br": (_req, res) =>
    res.writeHead(200, { "Content-Encoding": "br" }).end(brotliCompressSync(FEED)),
  "/cached": (req, res) => {
    if (req.headers["if-none-match"] === '"v1"') return res.writeHead(304).end();
    res
      .writeHead(200, { ETag: '"v1"', "Last-Modified": "Tue, 24 Nov 2026 10:00:00 GMT" })
      .end(FEED);
  },
  "/relative": (_req, res) => res.writeHead(302, { Location: "gzip" }).end(),
  "/loop-a": (_req, res) => res.writeHead(301, { Location: "/loop-b" }).end(),
  "/loop-b": (_req, res) => res.writeHead(301, { Location: "/loop-a" }).end(),
  "/ftp": (_req, res) => res.writeHead(302, { Location: "ftp://example.org/feed" }).end(),
  "/bad-location": (_req, res) => res.writeHead(302, { Location: "http://[::bad" }).end(),
  "/slow": (_req, res) => void setTimeout(() => res.end(FEED), 3_000),
  "/gzip-bomb": (_req, res) =>
    res.writeHead(200, { "Content-Encoding": "gzip" }).end(gzipSync(Buffer.alloc(50 << 20))),
  "/busy": (_req, res) => res.writeHead(503, { "Retry-After": "120" }).end("busy"),
  "/huge": (_req, res) => {
    res.writeHead(200, { "Content-Type": "application/rss+xml" });
    const chunk = Buffer.alloc(1 << 20, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < 50 && res.write(chunk)) sent += 1;
      if (sent >= 50) res.end();
      else res.once("drain", pump);
    };
    res.on("close", () => (sent = 50));
    pump();
  },
  "/declared-huge": (_req, res) => res.writeHead(200, { "Content-Length": String(50 << 20) }).end(),
  "/stall": (_req, res) => {
    res.writeHead(200, { "Content-Length": "1000" });
    res.write("<rss>");
  },
  "/silent": () => undefined,
  "/corrupt": (_req, res) =>
    res.writeHead(200, { "Content-Encoding": "gzip" }).end(Buffer.from("not gzip at all")),
};

for (let hop = 1; hop <= 8; hop += 1) {
  routes[`/hop-${hop}`] = (_req, res) =>
    res.writeHead(302, { Location: hop === 8 ? "/gzip" : `/hop-${hop + 1}` }).end();
}

let openSockets = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    const route = routes[new URL(req.url ?? "/", "http://x").pathname];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  server.on("connection", (socket) => {
    openSockets += 1;
    socket.once("close", () => (openSockets -= 1));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const policy = (overrides: Partial<FetchPolicy> = {}): FetchPolicy => ({
  ...DEFAULT_FETCH_POLICY,
  allowPrivate: true,
  userAgent: "SVC-poll/test",
  timeoutMs: 2_000,
  ...overrides,
});

describe("safeFetch", () => {
  it("decodes gzip and brotli bodies and sends a descriptive request", async () => {
    for (const path of ["/gzip", "/br"]) {
      const result = await safeFetch(`${origin}${path}`, { policy: policy() });
      expect(result.kind === "ok" && result.body.toString()).toBe(FEED);
    }
    const headers = seen.at(-1) ?? {};
    expect(headers["user-agent"]).toBe("SVC-poll/test");
    expect(headers["accept-encoding"]).toBe("gzip, deflate, br");
    expect(String(headers.accept)).toContain("application/rss+xml");
  });

  it("makes conditional requests with the validators it was given", async () => {
    const first = await safeFetch(`${origin}/cached`, { policy: policy() });
    expect(first.kind).toBe("ok");
    const validators = first.kind === "ok" ? first.validators : {};
    expect(validators).toEqual({ etag: '"v1"', lastModified: "Tue, 24 Nov 2026 10:00:00 GMT" });
    const second = await safeFetch(`${origin}/cached`, { policy: policy(), validators });
    expect(second).toMatchObject({ kind: "not_modified", validators });
    expect(seen.at(-1)?.["if-modified-since"]).toBe("Tue, 24 Nov 2026 10:00:00 GMT");
  });

  it("follows relative redirects and reports the final URL", async () => {
    const result = await safeFetch(`${origin}/relative`, { policy: policy() });
    expect(result).toMatchObject({ kind: "ok", url: `${origin}/gzip`, redirects: 1 });
  });

  it("stops at redirect loops, too many redirects and non-http targets", async () => {
    expect(await safeFetch(`${origin}/loop-a`, { policy: policy() })).toMatchObject({
      kind: "failed",
      reason: "redirect_loop",
    });
    expect(await safeFetch(`${origin}/hop-1`, { policy: policy() })).toMatchObject({
      kind: "failed",
      reason: "too_many_redirects",
    });
    expect((await safeFetch(`${origin}/hop-1`, { policy: policy({ maxRedirects: 8 }) })).kind).toBe(
      "ok",
    );
    expect(await safeFetch(`${origin}/ftp`, { policy: policy() })).toMatchObject({
      kind: "failed",
      reason: "bad_url",
    });
    expect(await safeFetch(`${origin}/bad-location`, { policy: policy() })).toMatchObject({
      kind: "failed",
      reason: "bad_url",
    });
    expect(await safeFetch("file:///etc/passwd", { policy: policy() })).toMatchObject({
      kind: "failed",
      reason: "bad_url",
    });
    expect(await safeFetch(`http://user:secret@127.0.0.1/`, { policy: policy() })).toMatchObject({
      kind: "failed",
      reason: "bad_url",
    });
  });

  it("reports HTTP errors with their status and Retry-After", async () => {
    expect(await safeFetch(`${origin}/busy`, { policy: policy() })).toMatchObject({
      kind: "failed",
      reason: "http_status",
      status: 503,
      retryAfterMs: 120_000,
    });
  });

  it("abandons a body over the cap quickly, without holding it", async () => {
    const started = Date.now();
    const result = await safeFetch(`${origin}/huge`, { policy: policy({ maxBytes: 1 << 20 }) });
    expect(result).toMatchObject({ kind: "failed", reason: "too_large" });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await safeFetch(`${origin}/gzip-bomb`, { policy: policy() })).toMatchObject({
      kind: "failed",
      reason: "too_large",
    });
    expect(await safeFetch(`${origin}/declared-huge`, { policy: policy() })).toMatchObject({
      kind: "failed",
      reason: "too_large",
    });
  });

  it("times out on a stalled body and on a server that never answers", async () => {
    for (const path of ["/stall", "/silent"]) {
      const started = Date.now();
      const result = await safeFetch(`${origin}${path}`, { policy: policy({ timeoutMs: 300 }) });
      expect(result).toMatchObject({ kind: "failed", reason: "timeout" });
      expect(Date.now() - started).toBeLessThan(1_500);
    }
  });

  it("stops when the caller's signal aborts, also one aborted before the fetch", async () => {
    const started = Date.now();
    const aborted = await safeFetch(`${origin}/slow`, {
      policy: policy(),
      signal: AbortSignal.abort(),
    });
    expect(aborted).toMatchObject({ kind: "failed" });
    const midway = await safeFetch(`${origin}/slow`, {
      policy: policy(),
      signal: AbortSignal.timeout(50),
    });
    expect(midway).toMatchObject({ kind: "failed" });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("leaves no connection open when it has no keep-alive agents", async () => {
    expect((await safeFetch(`${origin}/gzip`, { policy: policy() })).kind).toBe("ok");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openSockets).toBe(0);
  });

  it("reports a corrupt compressed body", async () => {
    expect(await safeFetch(`${origin}/corrupt`, { policy: policy() })).toMatchObject({
      kind: "failed",
      reason: "bad_encoding",
    });
  });

  it("refuses loopback and private addresses by default, literal or resolved, with or without agents", async () => {
    const agents = createAgents({ allowPrivate: false });
    try {
      for (const url of [
        `${origin}/gzip`,
        "http://[::1]/",
        "http://10.1.2.3/",
        "http://169.254.169.254/latest/meta-data",
        "http://[::ffff:127.0.0.1]/",
        `http://localhost:${new URL(origin).port}/gzip`,
      ]) {
        for (const agent of [undefined, agents]) {
          const result = await safeFetch(url, {
            policy: policy({ allowPrivate: false }),
            ...(agent ? { agent } : {}),
          });
          expect(result, url).toMatchObject({ kind: "failed", reason: "refused_address" });
        }
      }
    } finally {
      agents.close();
    }
  });

  it("does not let agents made for private addresses loosen a policy that refuses them", async () => {
    const agents = createAgents({ allowPrivate: true });
    try {
      const url = `http://localhost:${new URL(origin).port}/gzip`;
      const result = await safeFetch(url, {
        policy: policy({ allowPrivate: false }),
        agent: agents,
      });
      expect(result).toMatchObject({ kind: "failed", reason: "refused_address" });
    } finally {
      agents.close();
    }
  });

  it("reuses keep-alive connections through the agents", async () => {
    const agents = createAgents({ allowPrivate: true });
    try {
      const results = await Promise.all(
        [1, 2, 3].map(() => safeFetch(`${origin}/gzip`, { policy: policy(), agent: agents })),
      );
      expect(results.every((result) => result.kind === "ok")).toBe(true);
    } finally {
      agents.close();
    }
  });
});
