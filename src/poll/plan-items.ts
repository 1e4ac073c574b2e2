// A fetched feed's items, from parsed items to the records one poll stores (docs/poll.md): each
// item converted and validated (refusals to the rejects sink), unchanged ones skipped, edited
// ones made the next revision, and the article's text taken in for `full_text` feeds.
import type { RejectSink } from "../ingest/rejects-file.js";
import { normalizeManifest } from "../manifests/normalize.js";
import { formatProblem } from "../manifests/problems.js";
import type { Manifest } from "../manifests/schema.js";
import type { FeedItemRevision } from "../store/feed-states.js";
import type { ManifestToStore } from "../store/manifest-store.js";
import type { FullTextFetcher } from "./full-text.js";
import { type FeedContext, itemToManifest, type ParsedFeed } from "./items/index.js";
import { itemDigest, planRevision } from "./revisions.js";

/** One item to store: its Manifest as the feed gives it, and the revision it becomes. */
interface ItemPlan {
  manifest: Manifest;
  revision: FeedItemRevision;
  supersedes: string | undefined;
  /** `<feed URL>#item-N`, for rejects and conflict reports. */
  source: string;
}

export interface PlannedItems {
  records: ManifestToStore[];
  /** The revision of each record, in the same order. */
  revisions: FeedItemRevision[];
  rejected: number;
  unchanged: number;
}

/** The items that are new or edited since the stored revisions `known`. */
async function planItems(
  feed: ParsedFeed,
  context: FeedContext,
  known: ReadonlyMap<string, FeedItemRevision>,
  rejects: RejectSink,
): Promise<{ plans: ItemPlan[]; rejected: number; unchanged: number }> {
  const plans: ItemPlan[] = [];
  const planned = new Set<string>();
  let rejected = 0;
  let unchanged = 0;
  for (const [index, item] of feed.items.entries()) {
    const source = `${context.feedUrl}#item-${index + 1}`;
    const converted = itemToManifest(item, feed, context);
    if (!converted.ok) {
      rejected += 1;
      await rejects.write({
        source,
        line: index + 1,
        reasons: converted.reasons,
        record: converted.record,
      });
      continue;
    }
    // A feed that lists one item twice: the first one counts.
    if (planned.has(converted.itemKey)) continue;
    planned.add(converted.itemKey);
    const plan = planRevision(
      context.feedKey,
      converted.itemKey,
      converted.manifest.id,
      itemDigest(converted.manifest),
      known.get(converted.itemKey),
    );
    if (plan.kind === "unchanged") {
      unchanged += 1;
      continue;
    }
    const { revision, supersedes } = plan;
    plans.push({ manifest: converted.manifest, revision, supersedes, source });
  }
  return { plans, rejected, unchanged };
}

/** The record to store: the revision's id, `supersedes`, and the article's text when fetched. */
function prepare(
  plan: ItemPlan,
  articleText: string | undefined,
): { ok: true; record: ManifestToStore } | { ok: false; reasons: string[] } {
  const { content_sha256: _hash, ...manifest } = plan.manifest;
  const useArticle = articleText !== undefined && articleText.length > manifest.text.length;
  const normalized = normalizeManifest({
    ...manifest,
    id: plan.revision.manifestId,
    ...(useArticle ? { text: articleText } : {}),
    ...(plan.supersedes ? { supersedes: plan.supersedes } : {}),
  });
  if (!normalized.ok) return { ok: false, reasons: normalized.problems.map(formatProblem) };
  const { manifest: stored, json, publishedAtMs } = normalized.prepared;
  return {
    ok: true,
    record: { id: stored.id, topic: stored.topic, publishedAtMs, json, source: plan.source },
  };
}

/** Everything one poll of a fetched feed stores; `fullText` only for `full_text` feeds. */
export async function itemsToStore(
  feed: ParsedFeed,
  context: FeedContext,
  known: ReadonlyMap<string, FeedItemRevision>,
  deps: { rejects: RejectSink; fullText: FullTextFetcher | undefined },
): Promise<PlannedItems> {
  const {
    plans,
    rejected: refused,
    unchanged,
  } = await planItems(feed, context, known, deps.rejects);
  let rejected = refused;
  const records: ManifestToStore[] = [];
  const revisions: FeedItemRevision[] = [];
  for (const plan of plans) {
    const text = await deps.fullText?.articleText(plan.manifest.url);
    const prepared = prepare(plan, text);
    if (!prepared.ok) {
      rejected += 1;
      await deps.rejects.write({
        source: plan.source,
        line: 0,
        reasons: prepared.reasons,
        record: plan.manifest,
      });
      continue;
    }
    records.push(prepared.record);
    revisions.push(plan.revision);
  }
  return { records, revisions, rejected, unchanged };
}
