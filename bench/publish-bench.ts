// `npm run bench -- publish`: times `svc publish` (a separate process, as users run it) on a
// story archive of 30 days (60 editions, about 20,000 stories), first into an empty data
// directory, then again with nothing changed. Peers measured in the same run: `cp -rL` of the
// published tree (the cost of writing its files once, without rendering anything) and
// `svc stats` (starting the command line and opening the store: the floor of any command).
// Targets (issue 4): full publish <= 10 s, unchanged re-publish <= 2 s.
import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { summarizeStory } from "../src/tree/story-summary.js";
import { loadConfig } from "../src/config/config.js";
import { openStore } from "../src/store/open-store.js";
import { EDITION_INTERVAL_MS } from "../src/time/cut-time.js";
import { seededRandom } from "../test/support/seeded-random.js";
import { syntheticManifest } from "./generate-manifests.js";
import { runCli } from "./run-cli.js";

const EDITIONS = 60;
const STORIES = Number(process.env.SVC_BENCH_PUBLISH_STORIES ?? 20_000);
const LAST_CUT = Date.parse("2026-11-21T12:00:00Z");
const TOPICS = ["world", "business", "science", "technology", "health", "sport", "climate"];

/** A story shaped like the builder's: 3-8 Manifests, key facts, three sections. */
function syntheticStory(index: number, cutMs: number, next: () => number) {
  const date = new Date(cutMs).toISOString().slice(0, 10);
  const slug = `story-${index}-about-the-harbour-council-vote`;
  const url = `http://localhost:8080/stories/${date}/${slug}/`;
  const manifests = Array.from({ length: 3 + Math.floor(next() * 6) }, (_, n) =>
    syntheticManifest(index * 10 + n, next, cutMs - EDITION_INTERVAL_MS),
  );
  const sentences = manifests.flatMap((manifest) =>
    String(manifest.text)
      .split(/(?<=\.) /)
      .map((text) => ({ text, manifest_ids: [String(manifest.id)] })),
  );
  const topic = TOPICS[index % TOPICS.length] as string;
  const story = {
    slug,
    url,
    json: `${url}index.json`,
    markdown: `${url}index.md`,
    headline: String(manifests[0]?.title),
    dek: sentences[0]?.text,
    published_at: new Date(cutMs).toISOString(),
    updated_at: new Date(cutMs).toISOString(),
    topic,
    beat: "bench",
    trust: "corroborated",
    source_count: manifests.length,
    key_facts: sentences.slice(0, 8).map((fact) => ({ ...fact, stated_by: 1 })),
    sections: [
      { heading: "What we know", paragraphs: sentences.slice(0, 12) },
      {
        heading: "What each source reports",
        paragraphs: manifests.map((m) => ({
          text: String(m.text).split(". ")[0],
          manifest_ids: [String(m.id)],
        })),
      },
      {
        heading: "Timeline",
        paragraphs: manifests.map((m) => ({ text: String(m.title), manifest_ids: [String(m.id)] })),
      },
    ],
    unresolved: [],
    cited_manifest_ids: manifests.map((m) => String(m.id)),
    manifests,
  };
  return { date, slug, topic, story };
}

/** Saves a 60-edition archive whose last cut is `lastCut` into the store of `dataDir`. */
export async function fillArchive(dataDir: string, lastCut = LAST_CUT): Promise<void> {
  const config = loadConfig({ SVC_DATA_DIR: dataDir });
  const store = await openStore(config);
  const next = seededRandom(7);
  const perEdition = Math.ceil(STORIES / EDITIONS);
  try {
    for (let edition = 0; edition < EDITIONS; edition++) {
      const cutMs = lastCut - (EDITIONS - 1 - edition) * EDITION_INTERVAL_MS;
      const stories = Array.from({ length: perEdition }, (_, n) => {
        const built = syntheticStory(edition * perEdition + n, cutMs, next);
        return {
          date: built.date,
          slug: built.slug,
          topic: built.topic,
          publishedAt: built.story.published_at,
          memberIds: built.story.cited_manifest_ids,
          json: JSON.stringify(built.story),
          summaryJson: JSON.stringify(summarizeStory(built.story as never, built.topic)),
        };
      });
      await store.saveEdition({ cutMs, stories, roundupsJson: "[]" });
    }
  } finally {
    await store.close();
  }
}

function timed(command: string, args: string[]): number {
  const started = process.hrtime.bigint();
  execFileSync(command, args, { stdio: "ignore" });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

export async function benchPublish(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "svc-bench-publish-"));
  try {
    const dataDir = join(work, "data");
    await fillArchive(dataDir);
    const env = { SVC_DATA_DIR: dataDir, DATABASE_URL: "", SVC_ARCHIVE_DAYS: "0" };
    const at = ["publish", "--json", "--at", new Date(LAST_CUT).toISOString()];
    const full = await runCli(at, env);
    const fullSummary = JSON.parse(full.stdout) as { archived: number; filesWritten: number };
    const again = await runCli(at, env);
    const againSummary = JSON.parse(again.stdout) as {
      filesWritten: number;
      filesLinked: number;
      storiesRendered: number;
    };
    const tree = realpathSync(join(dataDir, "public"));
    const copySeconds = timed("cp", ["-rL", tree, join(work, "copy")]);
    const floor = await runCli(["stats"], env);
    console.log(
      `publish ${fullSummary.archived} stories (${EDITIONS} editions): ${full.seconds.toFixed(2)} s, peak RSS ${(full.peakRssBytes / 2 ** 20).toFixed(0)} MB, ${fullSummary.filesWritten} files written (target 10 s) ${full.seconds <= 10 ? "OK" : "MISSED"}; cp -rL of the tree ${copySeconds.toFixed(2)} s (publish at ${(full.seconds / copySeconds).toFixed(1)}x)`,
    );
    console.log(
      `re-publish, nothing changed: ${again.seconds.toFixed(2)} s, ${againSummary.filesWritten + againSummary.storiesRendered} files or stories written, ${againSummary.filesLinked} files and every story date linked (target 2 s) ${again.seconds <= 2 ? "OK" : "MISSED"}; svc stats ${floor.seconds.toFixed(2)} s (re-publish at ${(again.seconds / floor.seconds).toFixed(1)}x)`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
