// `npm run bench -- ask`: `/ask` answers per second and p99 latency of `svc serve` (its default
// workers, the rate limit off: benchmarks only) at 16 connections, over a published 30-day
// archive of at least 150,000 facts (the query benchmark's generated stories: demo story
// shapes, a Zipf vocabulary of 30,000 words), with wrk sending questions written from its
// facts in turn, and the server's RSS. In the same run, the server's rate for a static file (latest.json) at the
// same 16 connections, as the peer: the ceiling of the HTTP path itself.
// Targets (issue 5): at least 2,000 answers/s, p99 at most 10 ms, RSS at most 1 GB.
import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { latestCut } from "../src/time/cut-time.js";
import { freePort, missingTools, startSvc, WRK, waitFor, wrk } from "./http-load.js";
import { summarizeStory } from "../src/tree/story-summary.js";
import type { Story } from "../src/api/story.js";
import { loadConfig } from "../src/config/config.js";
import { openStore } from "../src/store/open-store.js";
import { type Archive, generateArchive } from "./generate-archive.js";
import { generateQuestions } from "./generate-questions.js";
import { runCli } from "./run-cli.js";

const CONNECTIONS = 16;
const SECONDS = Number(process.env.SVC_BENCH_ASK_SECONDS ?? 10);
// SVC_BENCH_KEEP=1 keeps the generated data directory (to profile the server on it).
const QUESTIONS = 500;

/** Saves the generated stories into the story archive, one edition per cut. */
export async function saveArchive(dataDir: string, archive: Archive): Promise<void> {
  const store = await openStore(loadConfig({ SVC_DATA_DIR: dataDir }));
  const byCut = new Map<number, Story[]>();
  archive.stories.forEach((indexed, index) => {
    const slug = `story-${index}`;
    const date = indexed.published_at.slice(0, 10);
    const url = `http://localhost:8080/stories/${date}/${slug}/`;
    const cutMs = Date.parse(indexed.updated_at ?? indexed.published_at);
    const story = {
      ...indexed,
      slug,
      url,
      json: `${url}index.json`,
      markdown: `${url}index.md`,
      dek: indexed.key_facts?.[0]?.text,
      cited_manifest_ids: (indexed.manifests ?? []).map((manifest) => manifest.id),
      // What the page renderers read of a Manifest (the generator keeps only id and domain).
      manifests: (indexed.manifests ?? []).map((manifest) => ({
        ...manifest,
        url: `https://${manifest.publisher.domain}/${manifest.id}`,
        title: indexed.headline,
        published_at: indexed.published_at,
        publisher: { ...manifest.publisher, name: manifest.publisher.domain },
      })),
    } as unknown as Story;
    byCut.set(cutMs, [...(byCut.get(cutMs) ?? []), story]);
  });
  try {
    for (const [cutMs, stories] of [...byCut].sort(([a], [b]) => a - b)) {
      await store.saveEdition({
        cutMs,
        roundupsJson: "[]",
        stories: stories.map((story) => ({
          date: story.published_at.slice(0, 10),
          slug: story.slug,
          topic: String(story.topic),
          publishedAt: story.published_at,
          memberIds: story.cited_manifest_ids,
          json: JSON.stringify(story),
          summaryJson: JSON.stringify(summarizeStory(story, String(story.topic))),
        })),
      });
    }
  } finally {
    await store.close();
  }
}

/** A wrk script that sends the questions in turn, as GET /ask?query=...&days=N. */
export function questionScript(
  path: string,
  questions: ReadonlyArray<{ query: string; days: number }>,
): void {
  const paths = questions.map(
    (question) => `"/ask?days=${question.days}&query=${encodeURIComponent(question.query)}"`,
  );
  writeFileSync(
    path,
    `local paths = {${paths.join(",")}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`,
  );
}

/** RSS of a process and its children (the cluster workers), in MB. */
function treeRssMb(pid: number): number {
  const output = execFileSync("ps", ["-e", "-o", "pid=,ppid=,rss="], { encoding: "utf8" });
  const rows = output
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const kb = rows
    .filter(([id, parent]) => id === pid || parent === pid)
    .reduce((sum, row) => sum + (row[2] ?? 0), 0);
  return kb / 1024;
}

export async function benchAsk(): Promise<void> {
  const missing = missingTools([WRK]);
  if (missing !== undefined) {
    if (process.env.SVC_REQUIRE_TOOLS === "1") throw new Error(`ask benchmark ${missing}`);
    console.log(`skipped: ask benchmark ${missing} (Debian package wrk)`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), "svc-bench-ask-"));
  const dataDir = join(work, "data");
  let server: ChildProcess | undefined;
  try {
    const cut = latestCut(new Date());
    const archive = generateArchive(150_000, 11, new Date(cut.getTime() + 60_000));
    await saveArchive(dataDir, archive);
    const questions = generateQuestions(archive, QUESTIONS);
    await runCli(["publish", "--at", cut.toISOString()], { SVC_DATA_DIR: dataDir });
    const port = await freePort();
    server = startSvc(dataDir, port);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/readyz`, 120_000);
    const probe = JSON.parse(
      (
        await waitFor(`${base}/ask?days=30&query=${encodeURIComponent(questions[0]?.query ?? "")}`)
      ).toString(),
    ) as { results: unknown[] };
    if (probe.results.length === 0) throw new Error("/ask found nothing in the archive");
    const script = join(work, "questions.lua");
    questionScript(script, questions);
    wrk(`${base}/ask`, { seconds: 2, connections: CONNECTIONS, script });
    const ask = wrk(`${base}/ask`, { seconds: SECONDS, connections: CONNECTIONS, script });
    const rss = treeRssMb(server.pid ?? 0);
    const file = wrk(`${base}/editions/latest.json`, {
      seconds: SECONDS,
      connections: CONNECTIONS,
    });
    const ok = ask.rate >= 2000 && ask.p99Ms <= 10 && rss <= 1024;
    console.log(
      `ask, ${CONNECTIONS} connections, ${questions.length} questions in turn over ${archive.facts} facts of 30 days: ${Math.round(ask.rate)} answers/s, p99 ${ask.p99Ms.toFixed(2)} ms, server RSS ${rss.toFixed(0)} MB (targets 2,000/s, 10 ms, 1 GB) ${ok ? "OK" : "MISSED"}; latest.json at the same load ${Math.round(file.rate)} req/s (ask at ${(ask.rate / file.rate).toFixed(2)}x a static file)`,
    );
  } finally {
    server?.kill("SIGTERM");
    if (process.env.SVC_BENCH_KEEP === "1") console.log(`kept the data directory: ${dataDir}`);
    else rmSync(work, { recursive: true, force: true });
  }
}
