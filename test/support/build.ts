// Helpers for builder tests: a store holding given Manifests, and the checks every story
// must pass (verbatim facts, citations that exist, the spec's Story schema).
import { expect } from "vitest";
import { StorySchema, type Story } from "../../src/api/story.js";
import type { BuildDeps } from "../../src/editorial/build-edition.js";
import type { ClusterDocument } from "../../src/editorial/cluster/cluster-documents.js";
import { DEFAULT_STORY_LIMITS } from "../../src/editorial/compose/limits.js";
import { reuseTerms } from "../../src/config/reuse-terms.js";
import { normalizeManifest } from "../../src/manifests/normalize.js";
import type { ManifestStore } from "../../src/store/manifest-store.js";

export const BASE_URL = "https://svc.test";

export async function storeManifests(
  store: ManifestStore,
  manifests: readonly unknown[],
): Promise<void> {
  const batch = manifests.map((input, index) => {
    const result = normalizeManifest(input);
    if (!result.ok)
      throw new Error(`invalid test manifest ${index}: ${JSON.stringify(result.problems)}`);
    const { manifest, json, publishedAtMs } = result.prepared;
    return { id: manifest.id, topic: manifest.topic, publishedAtMs, json, source: `test:${index}` };
  });
  for (let start = 0; start < batch.length; start += 5000) {
    await store.insertManifests(batch.slice(start, start + 5000));
  }
}

/** A clustering that knows the answer: documents with the same key are one event. */
export function clusterByKey(keyOf: (id: string) => string) {
  return (documents: readonly ClusterDocument[]): string[][] => {
    const groups = new Map<string, string[]>();
    for (const document of documents) {
      const key = keyOf(document.id);
      groups.set(key, [...(groups.get(key) ?? []), document.id]);
    }
    return [...groups.values()];
  };
}

export function buildDeps(
  store: ManifestStore,
  cluster?: BuildDeps["cluster"],
  topics: string[] = [],
): BuildDeps {
  return {
    store,
    ...(cluster ? { cluster } : {}),
    topics,
    baseUrl: BASE_URL,
    reuse: reuseTerms({ baseUrl: BASE_URL, serviceName: "SVC", providerName: "Test Provenance" }),
    limits: DEFAULT_STORY_LIMITS,
  };
}

interface Cited {
  text: string;
  manifest_ids: string[];
}

/** Every fact and paragraph is copied from a Manifest it cites; citations are consistent. */
export function citationProblems(story: Story): string[] {
  const problems: string[] = [];
  const manifests = new Map((story.manifests ?? []).map((manifest) => [manifest.id, manifest]));
  const cited = new Set<string>();
  const check = (item: Cited, where: string) => {
    if (item.manifest_ids.length === 0) problems.push(`${where}: cites nothing`);
    for (const id of item.manifest_ids) {
      cited.add(id);
      if (!manifests.has(id))
        problems.push(`${where}: cites ${id}, which is not among the story's manifests`);
    }
    const verbatim = item.manifest_ids.some((id) => {
      const manifest = manifests.get(id);
      return (
        manifest !== undefined &&
        (manifest.title.includes(item.text) || manifest.text.includes(item.text))
      );
    });
    if (!verbatim)
      problems.push(`${where}: "${item.text.slice(0, 60)}" is not copied from a Manifest it cites`);
  };
  (story.key_facts ?? []).forEach((fact, index) => check(fact, `key_facts[${index}]`));
  story.sections.forEach((section, s) =>
    section.paragraphs.forEach((paragraph, p) =>
      check(paragraph, `sections[${s}].paragraphs[${p}]`),
    ),
  );
  const dekIds = (story as { dek_manifest_ids?: string[] }).dek_manifest_ids ?? [];
  if (story.dek !== undefined) check({ text: story.dek, manifest_ids: dekIds }, "dek");
  const headlineId = (story as { headline_manifest_id?: string }).headline_manifest_id ?? "";
  check({ text: story.headline, manifest_ids: [headlineId] }, "headline");
  const union = [...cited].sort();
  const listed = [...story.cited_manifest_ids].sort();
  if (JSON.stringify(union) !== JSON.stringify(listed)) {
    problems.push(`cited_manifest_ids differs from the union of citations`);
  }
  if (JSON.stringify([...manifests.keys()].sort()) !== JSON.stringify(listed)) {
    problems.push("manifests are not exactly the cited records");
  }
  return problems;
}

export function expectValidStory(story: Story): void {
  const parsed = StorySchema.safeParse(story);
  expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
  expect(story.slug).toMatch(/^[a-z0-9-]{3,80}$/);
  expect(story.url).toMatch(
    new RegExp(`^${BASE_URL}/stories/\\d{4}-\\d{2}-\\d{2}/${story.slug}/$`),
  );
  expect(citationProblems(story)).toEqual([]);
}
