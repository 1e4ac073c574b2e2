// What /metrics says of the edition a server holds (src/metrics/edition-metrics.ts): its cut,
// its stories and the distinct Manifests they cite, read from the tree's latest.json the first
// time a scrape asks and kept with the tree, so nothing is done per request or per load.
import { type LatestStories, LatestStoriesSchema } from "../../api/story-lists.js";
import type { EditionSnapshot } from "../../metrics/index.js";
import type { LoadedTree } from "../static/load-tree.js";

const LATEST = "/editions/latest.json";
const counted = new WeakMap<LoadedTree, EditionSnapshot>();

function readLatest(body: Buffer | undefined): LatestStories | undefined {
  if (body === undefined) return undefined;
  try {
    return LatestStoriesSchema.safeParse(JSON.parse(body.toString("utf8"))).data;
  } catch {
    return undefined;
  }
}

/** Stories and cited Manifests of latest.json; both 0 when it is missing or not valid. */
function countLatest(tree: LoadedTree): EditionSnapshot {
  const latest = readLatest(tree.files.get(LATEST)?.identity.body);
  const manifests = new Set<string>();
  for (const story of latest?.stories ?? []) {
    for (const id of story.cited_manifest_ids ?? []) manifests.add(id);
  }
  return { cutMs: tree.cutMs, stories: latest?.stories.length ?? 0, manifests: manifests.size };
}

/** The cut and counts of `tree`, computed at the first call for that tree. */
export function editionSnapshot(tree: LoadedTree): EditionSnapshot {
  let snapshot = counted.get(tree);
  if (snapshot === undefined) {
    snapshot = countLatest(tree);
    counted.set(tree, snapshot);
  }
  return snapshot;
}
