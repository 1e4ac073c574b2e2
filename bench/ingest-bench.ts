// `npm run bench -- ingest`: generates 100,000 Manifests and times `svc ingest` into SQLite
// and PostgreSQL as a user runs it (a separate process), with its peak RSS.
// Targets (issue 2): >= 50,000/s into SQLite, >= 20,000/s into PostgreSQL, peak RSS < 300 MB.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import Database from "better-sqlite3";
import pg from "pg";
import { writeSyntheticManifests } from "./generate-manifests.js";
import { runCli } from "./run-cli.js";

const COUNT = Number(process.env.SVC_BENCH_COUNT ?? 100_000);

interface RunResult {
  seconds: number;
  peakRssBytes: number;
  summary: { read: number; stored: number; duplicates: number; rejected: number; seconds: number };
}

async function runIngest(file: string, env: Record<string, string>): Promise<RunResult> {
  const run = await runCli(["ingest", "--json", file], env);
  return { ...run, summary: JSON.parse(run.stdout) as RunResult["summary"] };
}

function report(label: string, result: RunResult, target: number): string {
  const rate = result.summary.read / result.summary.seconds;
  const endToEnd = result.summary.read / result.seconds;
  const rss = result.peakRssBytes / (1024 * 1024);
  const verdict = rate >= target && rss < 300 ? "meets" : "MISSES";
  return `${label.padEnd(28)} ${Math.round(rate).toString().padStart(7)} manifests/s (${(rate / target).toFixed(2)}x the ${target}/s target), peak RSS ${rss.toFixed(0)} MB, ${Math.round(endToEnd)}/s counting process start, stored ${result.summary.stored}, duplicates ${result.summary.duplicates}: ${verdict}`;
}

/**
 * The peer: the same file through a bare loop (read lines, JSON.parse, INSERT into SQLite in
 * transactions of 2,000), no validation, no canonical form, no duplicate checks. Its rate in
 * the same run says how fast this (shared, noisy) machine is at the moment.
 */
async function barePeerRate(file: string, dir: string): Promise<number> {
  const db = new Database(join(dir, "peer.sqlite"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec("CREATE TABLE t (id TEXT PRIMARY KEY, topic TEXT, published_ms INTEGER, record TEXT)");
  db.exec("CREATE INDEX t_topic ON t (topic, published_ms)");
  const insert = db.prepare("INSERT INTO t VALUES (?, ?, ?, ?)");
  const flush = db.transaction((rows: string[]) => {
    for (const line of rows) {
      const value = JSON.parse(line) as { id: string; topic: string; published_at: string };
      insert.run(value.id, value.topic, Date.parse(value.published_at), line);
    }
  });
  const started = performance.now();
  let rows: string[] = [];
  let count = 0;
  for await (const line of createInterface({ input: createReadStream(file) })) {
    rows.push(line);
    count += 1;
    if (rows.length === 2000) {
      flush(rows);
      rows = [];
    }
  }
  flush(rows);
  db.close();
  return count / ((performance.now() - started) / 1000);
}

export async function benchIngest(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "svc-bench-ingest-"));
  try {
    const file = join(work, "manifests.jsonl");
    const bytes = await writeSyntheticManifests(file, COUNT);
    console.log(
      `generated ${COUNT} Manifests, ${(bytes / 1024 / 1024).toFixed(1)} MB of JSON Lines`,
    );

    const dataDir = join(work, "data");
    mkdirSync(dataDir);
    const peer = await barePeerRate(file, work);
    const sqliteFirst = await runIngest(file, { SVC_DATA_DIR: dataDir, DATABASE_URL: "" });
    console.log(report("sqlite, new records", sqliteFirst, 50_000));
    console.log(
      `peer (bare JSON.parse + INSERT loop, same run): ${Math.round(peer)} rows/s; svc ingest into SQLite runs at ${(sqliteFirst.summary.read / sqliteFirst.summary.seconds / peer).toFixed(2)}x the peer`,
    );
    const sqliteAgain = await runIngest(file, { SVC_DATA_DIR: dataDir, DATABASE_URL: "" });
    console.log(report("sqlite, all duplicates", sqliteAgain, 50_000));

    const databaseUrl =
      process.env.TEST_DATABASE_URL ??
      process.env.DATABASE_URL ??
      "postgres://postgres@127.0.0.1:5432/test";
    const schema = `svc_bench_${randomBytes(4).toString("hex")}`;
    const env = { SVC_DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SVC_DATABASE_SCHEMA: schema };
    try {
      const pgFirst = await runIngest(file, env);
      console.log(report("postgres, new records", pgFirst, 20_000));
      const pgAgain = await runIngest(file, env);
      console.log(report("postgres, all duplicates", pgAgain, 20_000));
      console.log(
        `postgres / sqlite (new records): ${(sqliteFirst.seconds / pgFirst.seconds).toFixed(2)}x the SQLite rate`,
      );
    } catch (error) {
      console.log(`postgres: skipped (${(error as Error).message.split("\n")[0]})`);
    } finally {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect().then(
        () => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => client.end()),
        () => undefined,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
