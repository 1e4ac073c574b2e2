// Builds valid Manifests for tests, with overrides.
import {
  normalizeManifest,
  type PreparedManifest,
  sha256Hex,
} from "../../src/manifests/normalize.js";
import type { Manifest } from "../../src/manifests/schema.js";
import type { ManifestToStore } from "../../src/store/manifest-store.js";

export function manifestInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const text =
    (overrides.text as string | undefined) ??
    "The council approved the budget on Monday. It passed by 7 votes to 2.";
  return {
    id: "m-1",
    url: "https://news.example/2026/11/21/budget",
    publisher: { name: "The Example News", domain: "news.example" },
    title: "Council approves budget",
    text,
    published_at: "2026-11-21T08:00:00Z",
    captured_at: "2026-11-21T08:05:00Z",
    topic: "world",
    tags: ["politics"],
    language: "en",
    content_sha256: sha256Hex(text),
    provider: "test provider",
    ...overrides,
  };
}

export function prepared(overrides: Record<string, unknown> = {}): PreparedManifest {
  const result = normalizeManifest(manifestInput(overrides));
  if (!result.ok) throw new Error(`test manifest is invalid: ${JSON.stringify(result.problems)}`);
  return result.prepared;
}

export function toStore(
  overrides: Record<string, unknown> = {},
  source = "test:1",
): ManifestToStore {
  const { manifest, json, publishedAtMs } = prepared(overrides);
  return { id: manifest.id, topic: manifest.topic, publishedAtMs, json, source };
}

export function manifest(overrides: Record<string, unknown> = {}): Manifest {
  return prepared(overrides).manifest;
}
