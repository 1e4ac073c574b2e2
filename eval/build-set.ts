// Builds the edition of one real-news set the way the service does: its Manifests ingested
// into a fresh SQLite store in a temporary directory, then buildEdition with real clustering.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildEdition, type BuildDeps, type Edition } from "../src/editorial/build-edition.js";
import { DEFAULT_STORY_LIMITS, type StoryLimits } from "../src/editorial/compose/limits.js";
import { reuseTerms } from "../src/config/reuse-terms.js";
import { normalizeManifest } from "../src/manifests/normalize.js";
import type { Manifest } from "../src/manifests/schema.js";
import type { ManifestStore } from "../src/store/manifest-store.js";
import { SqliteManifestStore } from "../src/store/sqlite/sqlite-store.js";
import type { LabelledDataSet } from "../test/support/real-news.js";
import { evalCut, manifestsFromSet } from "./manifests-from-set.js";

const BASE_URL = "https://svc.eval";

export interface BuiltSet {
  set: LabelledDataSet;
  manifests: Manifest[];
  edition: Edition;
}

/** Validates Manifests for the store; an invalid one is an error naming the set and the problem. */
export function validManifests(setName: string, manifests: readonly Manifest[]) {
  return manifests.map((input) => {
    const result = normalizeManifest(input);
    if (!result.ok) {
      throw new Error(`${setName}: ${input.id}: ${JSON.stringify(result.problems)}`);
    }
    const { manifest, json, publishedAtMs } = result.prepared;
    return { id: manifest.id, topic: manifest.topic, publishedAtMs, json, source: setName };
  });
}

/** Validates and stores Manifests (validManifests). */
export async function ingest(
  store: ManifestStore,
  setName: string,
  manifests: readonly Manifest[],
) {
  await store.insertManifests(validManifests(setName, manifests));
}

export function evalDeps(store: ManifestStore, limits = DEFAULT_STORY_LIMITS): BuildDeps {
  return {
    store,
    topics: [],
    baseUrl: BASE_URL,
    reuse: reuseTerms({ baseUrl: BASE_URL, serviceName: "SVC", providerName: "SVC eval" }),
    limits,
  };
}

/**
 * The edition of one set, built in a store that is deleted afterwards; `limits`: the story
 * limits to build with (the shipped ones unless a cross-validation tries others).
 */
export async function buildSet(
  set: LabelledDataSet,
  limits: StoryLimits = DEFAULT_STORY_LIMITS,
): Promise<BuiltSet> {
  const directory = mkdtempSync(join(tmpdir(), "svc-eval-"));
  const store = new SqliteManifestStore({ path: join(directory, "svc.sqlite") });
  try {
    const manifests = manifestsFromSet(set);
    await ingest(store, set.name, manifests);
    const edition = await buildEdition(evalCut(set), evalDeps(store, limits));
    return { set, manifests, edition };
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
