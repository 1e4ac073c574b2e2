// The demo corpus's stories as /ask sees them after two days of service: four editions 12
// hours apart built from the placed demo Manifests in a temporary SQLite store, the latest
// version of each story URL (as src/query/ask-questions.test.ts builds them).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildEdition, saveEdition } from "../../src/editorial/build-edition.js";
import { DEFAULT_STORY_LIMITS, type StoryLimits } from "../../src/editorial/compose/limits.js";
import { packageRoot } from "../../src/config/package-root.js";
import { loadDemoCorpus } from "../../src/demo/demo-corpus.js";
import { placeDemoManifests } from "../../src/demo/place-demo.js";
import type { IndexedStory } from "../../src/query/indexed-story.js";
import { SqliteManifestStore } from "../../src/store/sqlite/sqlite-store.js";
import { evalDeps, ingest } from "../build-set.js";

const HOUR_MS = 3_600_000;
/** The demo question set's moment (test/fixtures/ask-questions.json was written for it). */
export const DEMO_NOW = new Date("2026-11-21T12:00:00Z");

/** `limits`: the story limits to build with (the shipped ones unless a sweep tries others). */
export async function buildDemoStories(
  limits: StoryLimits = DEFAULT_STORY_LIMITS,
): Promise<IndexedStory[]> {
  const directory = mkdtempSync(join(tmpdir(), "svc-eval-demo-"));
  const store = new SqliteManifestStore({ path: join(directory, "svc.sqlite") });
  try {
    const corpus = loadDemoCorpus(join(packageRoot(), "demo"));
    await ingest(store, "demo", placeDemoManifests(corpus, { now: DEMO_NOW, cycles: 2 }));
    const byUrl = new Map<string, IndexedStory>();
    for (const hours of [36, 24, 12, 0]) {
      const edition = await buildEdition(
        new Date(DEMO_NOW.getTime() - hours * HOUR_MS),
        evalDeps(store, limits),
      );
      await saveEdition(store, edition);
      for (const { story } of edition.stories) byUrl.set(story.url, story);
    }
    return [...byUrl.values()];
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
