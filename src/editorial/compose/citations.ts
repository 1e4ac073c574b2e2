// Which Manifests a fact cites: all of them, up to the limit; beyond it, one per publisher
// first (earliest first), so that the citations show the breadth of sources.
import type { Manifest } from "../../manifests/schema.js";

/** `ids` are in cluster order; `position` maps an id to its index in the cluster. */
export function chooseCitations(
  ids: readonly string[],
  byId: ReadonlyMap<string, { manifest: Manifest; index: number }>,
  limit: number,
): string[] {
  if (ids.length <= limit) return [...ids];
  const chosen = new Set<string>();
  const seenPublishers = new Set<string>();
  for (const id of ids) {
    const domain = byId.get(id)?.manifest.publisher.domain ?? "";
    if (seenPublishers.has(domain)) continue;
    seenPublishers.add(domain);
    chosen.add(id);
    if (chosen.size === limit) break;
  }
  for (const id of ids) {
    if (chosen.size === limit) break;
    chosen.add(id);
  }
  return [...chosen].sort((a, b) => (byId.get(a)?.index ?? 0) - (byId.get(b)?.index ?? 0));
}
