// `npm run bench -- poll`: 1,000 feeds of 50 items from local web servers (8 loopback
// addresses, so the poller's per-host limit works as with real publishers), polled by
// `svc poll --once` into SQLite as a user runs it; then an unchanged re-poll (every feed
// answers 304). Targets (issue 18): first poll >= 5,000 items/s, re-poll <= 2 s, peak RSS
// <= 300 MB. The peer, in the same run: a bare loop that fetches every feed, parses it with
// feedsmith and inserts each item's JSON into SQLite (no conversion, no validation, no state).
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { parseFeed } from "feedsmith";
import { runCli } from "./run-cli.js";
import { syntheticRss } from "./synthetic-feeds.js";

const FEEDS = Number(process.env.SVC_BENCH_FEEDS ?? 1000);
const ITEMS = 50;
const HOSTS = 8;

interface FeedServers {
  urls: string[];
  requests: () => number;
  close(): Promise<void>;
}

async function startServers(): Promise<FeedServers> {
  const bodies = new Map<string, { body: Buffer; etag: string }>();
  let requests = 0;
  const servers: Server[] = [];
  const urls: string[] = [];
  for (let host = 1; host <= HOSTS; host += 1) {
    const server = createServer((request, response) => {
      requests += 1;
      const feed = bodies.get(request.url ?? "");
      if (feed === undefined) return response.writeHead(404).end();
      if (request.headers["if-none-match"] === feed.etag) {
        return response.writeHead(304, { ETag: feed.etag }).end();
      }
      response
        .writeHead(200, { "Content-Type": "application/rss+xml", ETag: feed.etag })
        .end(feed.body);
    });
    await new Promise<void>((resolve) => server.listen(0, `127.0.0.${host}`, resolve));
    servers.push(server);
  }
  for (let index = 0; index < FEEDS; index += 1) {
    const server = servers[index % HOSTS] as Server;
    const { address, port } = server.address() as AddressInfo;
    const path = `/feeds/${index}.xml`;
    const origin = `http://${address}:${port}`;
    const body = Buffer.from(syntheticRss(`feed-${index}`, ITEMS, origin));
    bodies.set(path, { body, etag: `"${createHash("sha1").update(body).digest("hex")}"` });
    urls.push(`${origin}${path}`);
  }
  return {
    urls,
    requests: () => requests,
    close: async () => {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

async function peerRate(urls: string[], dir: string): Promise<number> {
  const db = new Database(join(dir, "peer.sqlite"));
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE items (id TEXT PRIMARY KEY, record TEXT)");
  const insert = db.prepare("INSERT OR IGNORE INTO items VALUES (?, ?)");
  const save = db.transaction((rows: Array<[string, string]>) => {
    for (const row of rows) insert.run(...row);
  });
  const started = performance.now();
  let next = 0;
  let items = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next] as string;
      next += 1;
      const text = await (await fetch(url)).text();
      const feed = parseFeed(text).feed as { items?: Array<{ guid?: { value?: string } }> };
      const rows = (feed.items ?? []).map((item, index): [string, string] => [
        `${url}#${item.guid?.value ?? index}`,
        JSON.stringify(item),
      ]);
      save(rows);
      items += rows.length;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  db.close();
  return items / ((performance.now() - started) / 1000);
}

interface PollJson {
  items: number;
  stored: number;
  failed: number;
  outcomes: Record<string, number>;
  seconds: number;
}

export async function benchPoll(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "svc-bench-poll-"));
  const servers = await startServers();
  try {
    const subscriptions = join(work, "subscriptions.json");
    writeFileSync(
      subscriptions,
      JSON.stringify({ feeds: servers.urls.map((url) => ({ url, topic: "world" })) }),
    );
    const env = {
      SVC_DATA_DIR: join(work, "data"),
      DATABASE_URL: "",
      SVC_POLL_ALLOW_PRIVATE: "on",
    };
    const peer = await peerRate(servers.urls, work);
    const args = ["poll", "--once", "--json", "--subscriptions", subscriptions];
    const first = await runCli(args, env);
    const firstSummary = JSON.parse(first.stdout) as PollJson;
    const rate = firstSummary.stored / firstSummary.seconds;
    const rss = first.peakRssBytes / (1024 * 1024);
    console.log(
      `first poll: ${FEEDS} feeds, ${firstSummary.items} items, ${firstSummary.stored} stored, ${firstSummary.failed} failed in ${firstSummary.seconds.toFixed(2)} s = ${Math.round(rate)} items/s (target 5,000: ${rate >= 5000 ? "meets" : "MISSES"}); ${(firstSummary.stored / first.seconds).toFixed(0)}/s counting process start; peak RSS ${rss.toFixed(0)} MB (target 300: ${rss <= 300 ? "meets" : "MISSES"})`,
    );
    console.log(
      `peer (fetch + feedsmith + INSERT, no conversion, same run): ${Math.round(peer)} items/s; svc poll runs at ${(rate / peer).toFixed(2)}x the peer`,
    );
    const before = servers.requests();
    const again = await runCli([...args, "--force"], env);
    const againSummary = JSON.parse(again.stdout) as PollJson;
    console.log(
      `unchanged re-poll: ${servers.requests() - before} requests, outcomes ${JSON.stringify(againSummary.outcomes)}, ${againSummary.seconds.toFixed(2)} s (target 2 s: ${againSummary.seconds <= 2 ? "meets" : "MISSES"}); ${again.seconds.toFixed(2)} s counting process start; peak RSS ${(again.peakRssBytes / 1048576).toFixed(0)} MB`,
    );
  } finally {
    await servers.close();
    rmSync(work, { recursive: true, force: true });
  }
}
