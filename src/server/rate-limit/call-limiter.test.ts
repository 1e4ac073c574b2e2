// The call budget in memory, with a fake clock: 60 calls per 60 s per client, the headers of
// draft-ietf-httpapi-ratelimit-headers-11, and the 429 verdict.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { validateComponent } from "../../../test/support/openapi-contract.js";
import { openApiDocument } from "../../api/openapi.js";
import { createCallLimiter } from "./call-limiter.js";
import { meterCall } from "./meter-call.js";

const START = new Date("2026-11-21T12:00:00Z");

beforeEach(() => {
  // Only Date: the memory store (sliding-log.ts) reads Date.now() for each call.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createCallLimiter (memory)", () => {
  it("allows 60 calls per 60 s, refuses the 61st, and opens again when the window ends", async () => {
    const limiter = await createCallLimiter();
    for (let call = 1; call <= 60; call += 1) {
      const verdict = await meterCall(limiter, "203.0.113.9");
      expect(verdict.refusal).toBeUndefined();
      expect(verdict.headers.RateLimit).toBe(`"default";r=${60 - call};t=60`);
    }
    vi.setSystemTime(START.getTime() + 17_500);
    const refused = await meterCall(limiter, "203.0.113.9");
    expect(refused.headers).toEqual({
      "RateLimit-Policy": '"default";q=60;w=60',
      RateLimit: '"default";r=0;t=43',
      "Retry-After": "43",
    });
    expect(refused.refusal).toMatchObject({ error: "rate_limited", retry_after: 43 });
    const doc = openApiDocument({ baseUrl: "http://localhost:8080", serviceName: "SVC" });
    expect(validateComponent(doc, "RateLimitedError", refused.refusal)).toEqual([]);

    // Another client has its own budget.
    expect((await meterCall(limiter, "203.0.113.10")).refusal).toBeUndefined();
    vi.setSystemTime(START.getTime() + 60_001);
    const next = await meterCall(limiter, "203.0.113.9");
    expect(next.refusal).toBeUndefined();
    expect(next.headers.RateLimit).toBe('"default";r=59;t=60');
  });

  it("counts an IPv6 /64 as one client", async () => {
    const limiter = await createCallLimiter({ points: 2 });
    await meterCall(limiter, "2001:db8:1:2::1");
    await meterCall(limiter, "2001:db8:1:2::2");
    expect((await meterCall(limiter, "2001:db8:1:2::3")).refusal).toBeDefined();
    expect((await meterCall(limiter, "2001:db8:1:3::1")).refusal).toBeUndefined();
  });

  it("announces a configured quota and never sends Retry-After earlier than t", async () => {
    const limiter = await createCallLimiter({ points: 1, windowSeconds: 10 });
    expect((await meterCall(limiter, "a")).headers["RateLimit-Policy"]).toBe('"default";q=1;w=10');
    vi.setSystemTime(START.getTime() + 9_999);
    const refused = await meterCall(limiter, "a");
    expect(refused.headers.RateLimit).toBe('"default";r=0;t=1');
    expect(refused.headers["Retry-After"]).toBe("1");
  });

  it("is off with 0 points: nothing counted, no headers", async () => {
    const limiter = await createCallLimiter({ points: 0 });
    expect(limiter.policy).toBeUndefined();
    for (let call = 0; call < 100; call += 1) {
      expect(await meterCall(limiter, "a")).toEqual({ headers: {} });
    }
  });

  it("rejects a bad configuration, naming each setting", async () => {
    await expect(createCallLimiter({ points: -1, windowSeconds: 0.5 })).rejects.toThrow(
      "rate limit: points: expected an integer >= 0, got -1; windowSeconds: expected an integer >= 1, got 0.5",
    );
  });

  it("refuses the cluster store outside a cluster worker", async () => {
    await expect(createCallLimiter({ store: { kind: "cluster" } })).rejects.toThrow(
      /only works in a node:cluster worker/,
    );
  });
});
