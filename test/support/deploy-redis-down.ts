// The deploy test's Redis failure cases, against a redis-server of the test's own (killing
// the shared one would break other tests): a replica whose Redis dies keeps answering /ask and
// counts calls in its own memory against each process's share of the budget, with a warning
// at most every 10 s (src/server/rate-limit/call-limiter.ts, ask/ask-wiring.ts); a replica does
// not start while Redis is unreachable.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoggedProcess, startPrivateRedis, startReplica } from "./deploy-processes.js";
import { runSvcOrThrow } from "./deploy-setup.js";
import { freePort } from "./free-port.js";
import { get } from "./http-client.js";
import { headerText } from "./deploy-compare.js";

const STORE_FAILED = "rate-limit store failed; counting against this process's share in memory";

export function describeRedisDown(): void {
  describe("when Redis goes down", () => {
    let work: string;
    let redis: LoggedProcess | undefined;
    let replica: LoggedProcess | undefined;
    const env = (redisPort: number) => ({
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SVC_REDIS_KEY_PREFIX: "svc-redis-down-test:",
    });

    beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), "svc-redis-down-"));
      // SQLite is enough here: only the replica and its Redis matter.
      await runSvcOrThrow(["demo"], { SVC_DATA_DIR: work });
      await runSvcOrThrow(["build"], { SVC_DATA_DIR: work });
      redis = await startPrivateRedis(await freePort());
    }, 120_000);
    afterAll(async () => {
      await replica?.stop();
      await redis?.stop();
      rmSync(work, { recursive: true, force: true });
    });

    it("keeps answering /ask, counting calls in memory, with a warning (fail open)", async () => {
      const port = await freePort();
      replica = await startReplica({
        name: "replica with a private Redis",
        port,
        dataDir: work,
        baseUrl: `http://127.0.0.1:${port}`,
        env: env(redis!.port),
      });
      const before = await get(port, "/ask?query=rain");
      expect(before.status).toBe(200);
      expect(headerText(before, "ratelimit")).toMatch(/;r=59;/);
      expect(replica.output()).not.toContain(STORE_FAILED);
      await redis!.stop("SIGKILL");
      const statuses: number[] = [];
      for (let call = 0; call < 61; call += 1) {
        statuses.push((await get(port, "/ask?query=rain")).status);
      }
      // Open, not unlimited: the replica's processes count from when Redis went away, each
      // against its share (60 / workers), so the replica as a whole answers 60, not more.
      expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
      expect(replica.output()).toContain(STORE_FAILED);
      // One warning per process per 10 s, not one per call.
      expect(replica.output().split(STORE_FAILED).length - 1).toBeLessThanOrEqual(4);
    });

    it("refuses to start a replica while Redis cannot be reached", async () => {
      const port = await freePort();
      const unreachable = await freePort();
      const start = startReplica({
        name: "replica without Redis",
        port,
        dataDir: work,
        baseUrl: `http://127.0.0.1:${port}`,
        env: env(unreachable),
      });
      await expect(start).rejects.toThrow(/cannot connect to redis/);
    }, 60_000);
  });
}
