// How the bundled demo corpus is told apart from real news: every demo Manifest id starts
// with this prefix (src/demo/place-demo.ts), so a store, a story or an edition that cites one
// is (partly) fictional, and `svc demo --remove` can take the demo out again.
export const DEMO_ID_PREFIX = "demo:";

export function isDemoManifestId(id: string): boolean {
  return id.startsWith(DEMO_ID_PREFIX);
}

/** True when `ids` (a list of Manifest ids, as stories carry them) names a demo Manifest. */
export function citesDemo(ids: unknown): boolean {
  return Array.isArray(ids) && ids.some((id) => typeof id === "string" && isDemoManifestId(id));
}

/** What every page and latest.json say while demo stories are published. */
export const FICTIONAL_NOTICE =
  "Demo edition: these stories come from the bundled demo corpus and are fictional (events, places, people and publishers were invented), not real news. `svc demo --remove` takes them out.";
