// /ask under the shared rate limit: 60 calls per 60 s per client address, counted whatever
// the reply (a bad request too), the 61st refused with 429, Retry-After and retry_after.
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resolveResponse, validateBody } from "../../../test/support/openapi-contract.js";
import { openApiDocument } from "../../api/openapi.js";
import { buildFactIndex, factIndexHolder } from "../../query/index.js";
import { clientAddressResolver, createCallLimiter } from "../rate-limit/index.js";
import { registerAsk } from "./register-ask.js";

const BASE_URL = "http://localhost:8080";
const START = new Date("2026-11-21T12:00:00Z");
const doc = openApiDocument({ baseUrl: BASE_URL, serviceName: "SVC" });

async function askApp(trustedProxies: string[] = []): Promise<FastifyInstance> {
  const app = Fastify();
  await registerAsk(app, {
    facts: factIndexHolder(buildFactIndex([])),
    topics: () => new Set(["world"]),
    baseUrl: BASE_URL,
    limiter: await createCallLimiter(),
    clientAddress: clientAddressResolver(trustedProxies),
    clock: () => new Date(),
    versionHeaders: { Deprecation: "@1798761600" },
  });
  await app.ready();
  return app;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("/ask under the rate limit", () => {
  it("refuses the 61st call in a window with 429, Retry-After and retry_after", async () => {
    const app = await askApp();
    const calls = [
      () => app.inject({ url: "/ask?query=bridge", remoteAddress: "203.0.113.5" }),
      () => app.inject({ url: "/ask?query=", remoteAddress: "203.0.113.5" }),
      () => app.inject({ url: "/ask", remoteAddress: "203.0.113.5" }),
      () =>
        app.inject({
          method: "POST",
          url: "/ask",
          payload: { query: "bridge" },
          remoteAddress: "203.0.113.5",
        }),
    ];
    for (let call = 0; call < 60; call += 1) {
      const reply = await calls[call % calls.length]!();
      expect(reply.statusCode).not.toBe(429);
      expect(reply.headers.ratelimit).toBe(`"default";r=${59 - call};t=60`);
    }
    vi.setSystemTime(START.getTime() + 20_000);
    const refused = await app.inject({ url: "/ask?query=bridge", remoteAddress: "203.0.113.5" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("40");
    expect(refused.headers["ratelimit-policy"]).toBe('"default";q=60;w=60');
    expect(refused.headers.ratelimit).toBe('"default";r=0;t=40');
    expect(refused.headers["svc-api-version"]).toBe("1");
    expect(refused.headers.deprecation).toBe("@1798761600");
    const body = refused.json();
    expect(body).toMatchObject({ error: "rate_limited", retry_after: 40 });
    expect(body.next_step).toContain("40 seconds");
    const target = { path: "/ask", method: "get", status: 429, contentType: "application/json" };
    expect(validateBody(doc, target, body)).toEqual([]);
    const documented = Object.keys(resolveResponse(doc, target)!.headers as object);
    expect(documented).toContain("Retry-After");
    for (const header of documented) expect(refused.headers[header.toLowerCase()]).toBeDefined();

    // POST is refused too; another address still has its budget; the next window opens.
    const post = await app.inject({
      method: "POST",
      url: "/ask",
      payload: { query: "bridge" },
      remoteAddress: "203.0.113.5",
    });
    expect(post.statusCode).toBe(429);
    expect(
      (await app.inject({ url: "/ask?query=x", remoteAddress: "203.0.113.6" })).statusCode,
    ).toBe(200);
    vi.setSystemTime(START.getTime() + 60_001);
    expect(
      (await app.inject({ url: "/ask?query=x", remoteAddress: "203.0.113.5" })).statusCode,
    ).toBe(200);
    await app.close();
  });

  it("counts clients behind a trusted proxy by X-Forwarded-For, and no one else's", async () => {
    const app = await askApp(["10.0.0.0/8"]);
    const viaProxy = (client: string) =>
      app.inject({
        url: "/ask?query=x",
        remoteAddress: "10.0.0.2",
        headers: { "x-forwarded-for": `${client}, 10.0.0.3` },
      });
    for (let call = 0; call < 60; call += 1)
      expect((await viaProxy("198.51.100.1")).statusCode).toBe(200);
    expect((await viaProxy("198.51.100.1")).statusCode).toBe(429);
    expect((await viaProxy("198.51.100.2")).statusCode).toBe(200);
    // A client that is not our proxy cannot choose its address.
    const forged = await app.inject({
      url: "/ask?query=x",
      remoteAddress: "203.0.113.50",
      headers: { "x-forwarded-for": "198.51.100.9" },
    });
    expect(forged.headers.ratelimit).toBe('"default";r=59;t=60');
    await app.close();
  });
});
