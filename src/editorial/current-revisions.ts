// Edited sources: a Manifest may name the earlier revision it replaces (`supersedes`,
// docs/manifest.md). An edition cites only the newest revision of a source in its window.
import type { Manifest } from "../manifests/schema.js";

/** The Manifests that no other Manifest of the list supersedes, in their order. */
export function currentRevisions(manifests: readonly Manifest[]): Manifest[] {
  const superseded = new Set<string>();
  for (const manifest of manifests) {
    if (manifest.supersedes !== undefined) superseded.add(manifest.supersedes);
  }
  if (superseded.size === 0) return [...manifests];
  return manifests.filter((manifest) => !superseded.has(manifest.id));
}
