// Two server replicas share one budget through Redis. Runs against the Redis of TEST_REDIS_URL
// (skipped without it), under a key prefix unique to this run, removed afterwards.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
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

  it("counts in a sliding window: no second burst right after a window's edge", async () => {
    const limiter = await createCallLimiter({
      points: 3,
      windowSeconds: 1,
      keyPrefix: PREFIX,
      store: { kind: "redis", url: REDIS_URL ?? "" },
    });
    opened.push(limiter);
    const started = Date.now();
    for (let call = 0; call < 3; call += 1) {
      expect((await meterCall(limiter, "198.51.100.20")).refusal).toBeUndefined();
    }
    await sleep(700);
    // A fixed window starting at a second's edge would have opened again by now.
    expect((await meterCall(limiter, "198.51.100.20")).refusal).toBeDefined();
    await sleep(Math.max(0, started + 1100 - Date.now()));
    expect((await meterCall(limiter, "198.51.100.20")).refusal).toBeUndefined();
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

/** A Redis of our own on `port`, to kill and start again. */
function startRedis(port: number): Promise<ChildProcess> {
  const server = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--enable-debug-command",
      "yes",
    ],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready to accept connections")) resolve(server);
    });
  });
}

const REDIS_SERVER = process.env.TEST_REDIS_URL === undefined ? undefined : "redis-server";

describe.skipIf(REDIS_SERVER === undefined)("createCallLimiter when Redis goes away", () => {
  it("counts against this process's share, reports the failure, and returns to Redis", async () => {
    const port = 21_000 + Math.floor(Math.random() * 20_000);
    let server = await startRedis(port);
    const failures: string[] = [];
    const limiter = await createCallLimiter({
      points: 8,
      sharers: 4,
      store: { kind: "redis", url: `redis://127.0.0.1:${port}` },
      onStoreError: (_error, store) => failures.push(store),
    });
    try {
      for (let call = 0; call < 3; call += 1) {
        expect((await meterCall(limiter, "198.51.100.30")).refusal).toBeUndefined();
      }
      // A Redis that is up but does not answer: the call falls back after 1 s, not later.
      const blocker = new Redis(`redis://127.0.0.1:${port}`);
      void blocker.call("DEBUG", "SLEEP", "2").catch(() => undefined);
      await sleep(50);
      const slowStarted = performance.now();
      expect((await meterCall(limiter, "198.51.100.33")).refusal).toBeUndefined();
      expect(performance.now() - slowStarted).toBeLessThan(1800);
      expect(failures).toHaveLength(1);
      failures.length = 0;
      blocker.disconnect();
      await sleep(2100);
      server.kill("SIGKILL");
      await sleep(200);
      // 8 calls shared by 4 processes: 2 each while the store is away, not 8 each.
      const answered: boolean[] = [];
      for (let call = 0; call < 4; call += 1) {
        answered.push((await meterCall(limiter, "198.51.100.31")).refusal === undefined);
      }
      expect(answered).toEqual([true, true, false, false]);
      expect(failures.length).toBe(4);
      expect(failures[0]).toBe(`redis redis://127.0.0.1:${port}`);
      server = await startRedis(port);
      let back = false;
      for (let attempt = 0; attempt < 50 && !back; attempt += 1) {
        await sleep(100);
        const before = failures.length;
        const verdict = await meterCall(limiter, "198.51.100.32");
        back = failures.length === before && verdict.refusal === undefined;
      }
      expect(back).toBe(true);
    } finally {
      await limiter.close();
      server.kill("SIGKILL");
    }
  }, 20_000);
});
