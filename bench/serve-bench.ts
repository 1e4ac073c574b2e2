// `npm run bench -- serve`: requests per second of `svc serve` against nginx serving the same
// published tree, measured with wrk (64 connections, same machine, same run), for a ~2 KB
// story JSON and for latest.json. Target (issue 5): at least 0.6x nginx for both.
// Both run without access logs (nginx `access_log off`, svc SVC_LOG_LEVEL=warn) and without
// compression (wrk sends no Accept-Encoding); svc uses its default workers (one per core).
import { type ChildProcess, spawn } from "node:child_process";
import {
  accessSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DAY_MS, utcDate } from "../src/time/cut-time.js";
import { ensureBucket, writeStoryDirectory } from "../src/tree/archive-buckets.js";
import { liveTreeDir, treePaths } from "../src/tree/tree-paths.js";
import { TreeWriter } from "../src/tree/write-tree.js";
import { storyJson } from "../test/support/static-tree.js";
import { freePort, startSvc, WRK, waitFor, wrk as runWrk } from "./http-load.js";
import { runCli } from "./run-cli.js";

function wrk(url: string, seconds: number): number {
  return runWrk(url, { seconds, connections: CONNECTIONS }).rate;
}

const NGINX = "/usr/sbin/nginx";
const CONNECTIONS = 64;
const SECONDS = Number(process.env.SVC_BENCH_SERVE_SECONDS ?? 5);
/**
 * nginx and svc take turns, this many rounds each: this shared machine's speed drifts by
 * 20% within a minute, and alternating keeps the drift out of the ratio.
 */
const ROUNDS = Number(process.env.SVC_BENCH_SERVE_ROUNDS ?? 3);
const TARGET_RATIO = 0.6;

/** Adds a story of about 2 KB on a date of its own to the live tree (a new publish). */
async function addSmallStory(dataDir: string): Promise<string> {
  const paths = treePaths(dataDir);
  const index = JSON.parse(readFileSync(join(liveTreeDir(paths) ?? "", "index.json"), "utf8")) as {
    cutMs: number;
  };
  const writer = await TreeWriter.start(paths, index.cutMs, `bench-${Date.now()}`);
  try {
    writer.reuseEverything();
    const date = utcDate(new Date(index.cutMs - DAY_MS));
    if (writer.previousBucket(date) !== undefined) throw new Error(`date ${date} is taken`);
    const slug = "bench-small-story";
    const bucket = await ensureBucket({
      archiveDir: paths.archiveDir,
      date,
      stories: [{ slug, source: "bench" }],
      previous: undefined,
      write: async (directory) => {
        writeStoryDirectory(directory, slug, { "index.json": storyJson(date, slug, 2048) });
      },
    });
    writer.linkDate(date, bucket.name);
    writer.commit();
    return `/stories/${date}/${slug}/index.json`;
  } finally {
    await writer.release();
  }
}

function startNginx(work: string, root: string, port: number): ChildProcess {
  const prefix = join(work, "nginx");
  mkdirSync(prefix, { recursive: true });
  const config = `
worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
daemon off;
${process.getuid?.() === 0 ? "user root root;" : ""}
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  types { application/json json; text/markdown md; text/plain txt; }
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    add_header SVC-API-Version 1;
    location / { try_files $uri =404; }
  }
}
`;
  writeFileSync(join(prefix, "nginx.conf"), config);
  return spawn(NGINX, ["-p", prefix, "-c", join(prefix, "nginx.conf")], { stdio: "inherit" });
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export async function benchServe(): Promise<void> {
  const missing = [NGINX, WRK].filter((path) => {
    try {
      accessSync(path, constants.X_OK);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    const message = `serve benchmark needs ${missing.join(" and ")} (Debian packages nginx, wrk)`;
    if (process.env.SVC_REQUIRE_TOOLS === "1") throw new Error(message);
    console.log(`skipped: ${message}`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), "svc-bench-serve-"));
  const dataDir = join(work, "data");
  const env = { SVC_DATA_DIR: dataDir, DATABASE_URL: "" };
  const processes: ChildProcess[] = [];
  try {
    await runCli(["demo"], env);
    await runCli(["build"], env);
    await runCli(["publish"], env);
    const storyPath = await addSmallStory(dataDir);
    const [nginxPort, svcPort] = [await freePort(), await freePort()];
    processes.push(startNginx(work, join(dataDir, "public"), nginxPort));
    processes.push(startSvc(dataDir, svcPort));
    const targets = [
      ["story JSON", storyPath],
      ["latest.json", "/editions/latest.json"],
    ] as const;
    for (const [name, path] of targets) {
      const fromNginx = await waitFor(`http://127.0.0.1:${nginxPort}${path}`);
      const fromSvc = await waitFor(`http://127.0.0.1:${svcPort}${path}`);
      if (!fromNginx.equals(fromSvc))
        throw new Error(`${path}: nginx and svc serve different bytes`);
      wrk(`http://127.0.0.1:${nginxPort}${path}`, 2);
      wrk(`http://127.0.0.1:${svcPort}${path}`, 2);
      const rates = { nginx: [] as number[], svc: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        rates.nginx.push(wrk(`http://127.0.0.1:${nginxPort}${path}`, SECONDS));
        rates.svc.push(wrk(`http://127.0.0.1:${svcPort}${path}`, SECONDS));
      }
      const nginx = mean(rates.nginx);
      const svc = mean(rates.svc);
      const ratio = svc / nginx;
      console.log(
        `serve ${name} (${(fromSvc.length / 1024).toFixed(1)} KB), wrk ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s (nginx ${rates.nginx.map(Math.round).join("/")}, svc ${rates.svc.map(Math.round).join("/")}): mean nginx ${Math.round(nginx)} req/s, svc ${Math.round(svc)} req/s = ${ratio.toFixed(2)}x (target ${TARGET_RATIO}x) ${ratio >= TARGET_RATIO ? "OK" : "MISSED"}`,
      );
    }
  } finally {
    for (const child of processes) child.kill("SIGTERM");
    await new Promise((done) => setTimeout(done, 1000));
    rmSync(work, { recursive: true, force: true });
  }
}
