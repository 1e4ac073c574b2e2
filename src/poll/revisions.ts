// Edited items become new revisions (docs/poll.md): an item is known by its key; the digest of
// what a reader sees (title, url, text) tells an unchanged item from an edited one. The first
// revision keeps the item's id; revision n is `<id>.r<n>` and names the one it supersedes.
import { createHash } from "node:crypto";
import type { Manifest } from "../manifests/schema.js";
import type { FeedItemRevision } from "../store/feed-states.js";

/** SHA-256 of the item's title, url and text as the feed gives them. */
export function itemDigest(manifest: Pick<Manifest, "title" | "url" | "text">): string {
  return createHash("sha256")
    .update(`${manifest.title}\n${manifest.url}\n${manifest.text}`)
    .digest("hex");
}

export type RevisionPlan =
  { kind: "unchanged" } | { kind: "new"; revision: FeedItemRevision; supersedes?: string };

/** What to store for an item, given its newest stored revision (if any). */
export function planRevision(
  feedKey: string,
  itemKey: string,
  baseId: string,
  digest: string,
  known: FeedItemRevision | undefined,
): RevisionPlan {
  if (known === undefined) {
    return { kind: "new", revision: { feedKey, itemKey, revision: 1, digest, manifestId: baseId } };
  }
  if (known.digest === digest) return { kind: "unchanged" };
  const revision = known.revision + 1;
  return {
    kind: "new",
    revision: { feedKey, itemKey, revision, digest, manifestId: `${baseId}.r${revision}` },
    supersedes: known.manifestId,
  };
}
