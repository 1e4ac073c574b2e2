// `svc poll` as users run it (the built command line): exit codes, the summary, `svc status`,
// a poll killed with SIGKILL and run again (nothing lost or doubled), and the whole path:
// poll, build, serve, with the polled items in cited stories and `svc serve` polling by itself.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedServer, startFeedServer, syntheticRss } from "./support/feed-server.js";
import { freePort } from "./support/free-port.js";
import { latestCut } from "../src/time/cut-time.js";
import { runSvc, spawnSvc } from "./support/svc-cli.js";

let server: FeedServer;
let tmp: string;

beforeAll(async () => {
  server = await startFeedServer();
  tmp = mkdtempSync(join(tmpdir(), "svc-poll-cli-"));
});

afterAll(async () => {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});

function setup(name: string, feeds: Array<Record<string, unknown>>) {
  const dataDir = mkdtempSync(join(tmp, `${name}-`));
  const subscriptions = join(dataDir, "subscriptions.yaml");
  writeFileSync(subscriptions, JSON.stringify({ feeds }));
  const env = { SVC_DATA_DIR: dataDir, SVC_POLL_ALLOW_PRIVATE: "on" };
  return { dataDir, subscriptions, env };
}

function manifestIds(dataDir: string): string[] {
  const db = new Database(join(dataDir, "svc.sqlite"), { readonly: true });
  try {
    return db.prepare("SELECT id FROM manifests").pluck().all() as string[];
  } finally {
    db.close();
  }
}

/** The newest edition cut (00:00 or 12:00 UTC) at or before now. */
function latestCutMs(now = Date.now()): number {
  return latestCut(new Date(now)).getTime();
}

describe("svc poll (command line)", () => {
  it("needs a subscriptions file, and says how to give one", async () => {
    const run = await runSvc(["poll", "--once"], { SVC_DATA_DIR: join(tmp, "none") });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("svc poll needs a subscriptions file");
    expect(run.stderr).toContain("SVC_POLL_SUBSCRIPTIONS");
  });

  it("polls once, prints a summary, exits 0; svc status shows the feeds' health", async () => {
    const { subscriptions, env } = setup("once", [
      { id: "guardian", url: `${server.origin}/feeds/guardian_2018-01-31.rss.xml`, topic: "world" },
    ]);
    const run = await runSvc(["poll", "--once", "--subscriptions", subscriptions], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^poll: 1 feeds \(1 due: 1 stored\), \d+ items, \d+ stored/m);
    const status = await runSvc(["status", "--json"], env);
    const feeds = (JSON.parse(status.stdout) as { feeds: Array<Record<string, unknown>> }).feeds;
    expect(feeds).toMatchObject([{ key: "guardian", health: "ok", lastOutcome: "stored" }]);
    const text = await runSvc(["status"], env);
    expect(text.stdout).toContain("feeds: 1 polled, 0 failing");
  });

  it("exits 6 when a feed fails, naming it and its reason", async () => {
    const { subscriptions, env } = setup("failing", [
      { id: "good", url: `${server.origin}/feeds/guardian_2018-01-31.rss.xml`, topic: "world" },
      { id: "broken", url: `${server.origin}/error/500`, topic: "world" },
    ]);
    const run = await runSvc(["poll", "--once", "--subscriptions", subscriptions], env);
    expect(run.code).toBe(6);
    expect(run.stdout).toMatch(/failed: broken \(.*\/error\/500\): http_status: .*500/);
    const status = await runSvc(["status"], env);
    expect(status.stdout).toContain("feeds: 2 polled, 1 failing");
    expect(status.stdout).toMatch(/broken +failing ×1: http_status/);
  });

  it("polls until stopped without --once, and stops cleanly on SIGTERM", async () => {
    const { dataDir, subscriptions, env } = setup("continuous", [
      { id: "guardian", url: `${server.origin}/feeds/guardian_2018-01-31.rss.xml`, topic: "world" },
    ]);
    const poll = spawnSvc(["poll", "--subscriptions", subscriptions], env);
    const storedNow = () => {
      try {
        return manifestIds(dataDir).length;
      } catch {
        return 0;
      }
    };
    const until = Date.now() + 20_000;
    while (Date.now() < until && storedNow() === 0) await sleep(50);
    expect(storedNow()).toBe(55);
    poll.child.kill("SIGTERM");
    expect(await poll.exited, poll.log()).toBe(0);
    expect(poll.log()).toMatch(/^poll: 1 feeds \(1 due: 1 stored\)/m);
  }, 30_000);

  it("loses and doubles nothing when killed with SIGKILL and run again", async () => {
    const feeds = Array.from({ length: 40 }, (_, index) => ({
      id: `feed-${index}`,
      url: `${server.origin}/synthetic/kill-${index}.xml?items=200`,
      topic: "world",
    }));
    const { dataDir, subscriptions, env } = setup("killed", feeds);
    const poll = spawnSvc(
      ["poll", "--once", "--concurrency", "2", "--subscriptions", subscriptions],
      env,
    );
    // Kill it once some feeds are stored and before all are.
    const until = Date.now() + 20_000;
    const storedNow = () => {
      try {
        return manifestIds(dataDir).length;
      } catch {
        return 0; // the file is not there yet
      }
    };
    while (Date.now() < until && storedNow() === 0) await sleep(25);
    poll.child.kill("SIGKILL");
    await poll.exited;
    const afterKill = manifestIds(dataDir).length;
    expect(afterKill).toBeGreaterThan(0);
    expect(afterKill).toBeLessThan(40 * 200);
    // Whole feeds only: each poll of a feed is one transaction.
    expect(afterKill % 200).toBe(0);
    const again = await runSvc(["poll", "--once", "--subscriptions", subscriptions], env);
    expect(again.code, again.stderr).toBe(0);
    const ids = manifestIds(dataDir);
    expect(ids).toHaveLength(40 * 200);
    expect(new Set(ids).size).toBe(ids.length);
  }, 60_000);

  it("polls, builds and serves: polled items appear as cited stories; svc serve polls by itself", async () => {
    const cut = latestCutMs();
    server.setMutable("e2e", syntheticRss("e2e", 5, server.origin, cut - 3_600_000));
    const { dataDir, subscriptions, env } = setup("e2e", [
      {
        id: "e2e",
        url: `${server.origin}/mutable/e2e.xml`,
        topic: "world",
        publisher: { name: "E2E Gazette", domain: "e2e.example" },
      },
    ]);
    expect((await runSvc(["poll", "--once", "--subscriptions", subscriptions], env)).code).toBe(0);
    const build = await runSvc(["build"], env);
    expect(build.code, build.stderr).toBe(0);

    // A second feed that only the server's own polling loop fetches.
    server.setMutable("served", syntheticRss("served", 2, server.origin, cut - 7_200_000));
    const servedSubscriptions = join(dataDir, "served.yaml");
    writeFileSync(
      servedSubscriptions,
      JSON.stringify({
        feeds: [{ id: "served", url: `${server.origin}/mutable/served.xml`, topic: "world" }],
      }),
    );
    const port = await freePort();
    const serve = spawnSvc(["serve"], {
      ...env,
      PORT: String(port),
      SVC_SERVE_WORKERS: "0",
      SVC_POLL_SUBSCRIPTIONS: servedSubscriptions,
      SVC_LOG_LEVEL: "warn",
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      const until = Date.now() + 20_000;
      let latest: { stories?: Array<Record<string, unknown>> } | undefined;
      while (Date.now() < until && latest === undefined) {
        await sleep(200);
        latest = await fetch(`${base}/editions/latest.json`)
          .then((response) =>
            response.ok ? (response.json() as Promise<typeof latest>) : undefined,
          )
          .catch(() => undefined);
      }
      expect(latest?.stories?.length, serve.log()).toBeGreaterThan(0);
      // Every story cites Manifest ids; the polled feed's ids start with its key.
      expect(JSON.stringify(latest?.stories)).toContain('"e2e:');
      const ask = (await (
        await fetch(`${base}/ask?q=${encodeURIComponent("What did the council approve?")}`)
      ).json()) as {
        results?: Array<Record<string, unknown>>;
      };
      expect(JSON.stringify(ask.results ?? [])).toContain("e2e:");
      // The server's polling loop stored the second feed.
      let served = 0;
      while (Date.now() < until && served === 0) {
        await sleep(200);
        served = manifestIds(dataDir).filter((id) => id.startsWith("served:")).length;
      }
      expect(served, serve.log()).toBe(2);
    } finally {
      serve.child.kill("SIGTERM");
      await serve.exited;
    }
  }, 60_000);
});
