// Two server replicas share one budget through Redis. Runs against the Redis of TEST_REDIS_URL
// (skipped without it), under a key prefix unique to this run, removed afterwards.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { type CallLimiter, createCallLimiter } from "./call-limiter.js";
import { meterCall } from "./meter-call.js";

const REDIS_URL = process.env.TEST_REDIS_URL;
const PREFIX = `svc-test:rate:${randomUUID()}:`;
const opened: CallLimiter[] = [];

async function replica(points: number): Promise<CallLimiter> {
  const limiter = await createCallLimiter({
    points,
    keyPrefix: PREFIX,
    store: { kind: "redis", url: REDIS_URL ?? "" },
  });
  opened.push(limiter);
  return limiter;
}

afterAll(async () => {
  await Promise.all(opened.map((limiter) => limiter.close()));
  if (REDIS_URL === undefined) return;
  const client = new Redis(REDIS_URL);
  const keys = await client.keys(`${PREFIX}*`);
  if (keys.length > 0) await client.del(...keys);
  await client.quit();
});

describe.skipIf(REDIS_URL === undefined)("createCallLimiter with Redis", () => {
  it("shares one budget between two replicas", async () => {
    const [first, second] = [await replica(5), await replica(5)];
    const remaining: string[] = [];
    for (const limiter of [first, second, first, second, first]) {
      const verdict = await meterCall(limiter, "198.51.100.7");
      expect(verdict.refusal).toBeUndefined();
      remaining.push(/r=(\d+)/.exec(verdict.headers.RateLimit ?? "")?.[1] ?? "");
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    const refused = await meterCall(second, "198.51.100.7");
    expect(refused.refusal?.retry_after).toBeGreaterThan(0);
    expect(Number(refused.headers["Retry-After"])).toBeGreaterThanOrEqual(
      Number(/t=(\d+)/.exec(refused.headers.RateLimit ?? "")?.[1]),
    );
    expect((await meterCall(first, "198.51.100.8")).refusal).toBeUndefined();
  });

  it("keeps its keys under the configured prefix", async () => {
    await meterCall(await replica(5), "198.51.100.9");
    const client = new Redis(REDIS_URL ?? "");
    expect(await client.keys(`${PREFIX}*198.51.100.9`)).toHaveLength(1);
    await client.quit();
  });
});

describe("createCallLimiter with an unreachable Redis", () => {
  it("fails at start with a message that hides the password", async () => {
    const start = createCallLimiter({
      store: { kind: "redis", url: "redis://svc:hunter2@127.0.0.1:1/0", connectTimeoutMs: 300 },
    });
    await expect(start).rejects.toThrow(/cannot connect to redis redis:\/\/127\.0\.0\.1:1\/0/);
    await expect(start).rejects.not.toThrow(/hunter2/);
  });
});
