// A second pass after average linkage: a document left alone joins the cluster it scores
// best with, when that score reaches a lower bar than the merge threshold. A lone report is
// often a short or oddly angled one whose average with a large cluster fell just short; its
// best cluster is still the likeliest home. Off (bar 0) unless cross-validation chooses it.
import type { LinkageClusters } from "./linkage-clusters.js";
import type { NeighbourEdges } from "./neighbour-graph.js";

/**
 * Attaches every one-document cluster to the multi-document cluster it scores best with
 * among its graph neighbours' clusters, if that score is at least `bar`. Every decision is
 * taken against the clusters as linkage left them, so the result does not depend on the
 * order of attaching, and two lone documents never join each other here.
 */
export function attachSingletons(
  clusters: LinkageClusters,
  edges: NeighbourEdges,
  bar: number,
): void {
  const best = new Map<number, { target: number; score: number }>();
  const consider = (lone: number, other: number) => {
    if (clusters.find(lone) !== lone || clusters.sizeOf(lone) !== 1) return;
    const target = clusters.find(other);
    if (target === lone || clusters.sizeOf(target) < 2) return;
    const score = clusters.score(lone, target);
    const current = best.get(lone);
    if (score < bar) return;
    if (current && (score < current.score || (score === current.score && target > current.target)))
      return;
    best.set(lone, { target, score });
  };
  for (let e = 0; e < edges.from.length; e++) {
    consider(edges.from[e]!, edges.to[e]!);
    consider(edges.to[e]!, edges.from[e]!);
  }
  const attachments = [...best].sort((a, b) => a[0] - b[0]);
  for (const [lone, { target }] of attachments) clusters.merge(clusters.find(target), lone);
}
