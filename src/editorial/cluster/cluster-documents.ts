// Groups the documents of one topic into events (one event → one story). README.md has the
// details and every figure.
//
// Method: each document is a TF-IDF vector of its title (20% of the similarity), its lead
// (60%; the builder's reading holds the reportable sentences of the text's start, else the
// first 1,500 characters) and its entity-like terms (capitalised names and numbers, 20%); a
// term found in one document only counts half (it matches nothing and would only lengthen the
// vector); identical documents are collapsed first. An inverted index over each document's 16
// strongest terms yields a sparse 8-nearest-neighbour graph (a term held by more than 64
// documents only links documents published close together, so 10,000 wire copies stay
// cheap), and agglomerative clustering with average linkage runs best-first over that graph.
// The score of two clusters is their exact average cosine (from summed vectors) ×
// exp(-Δ mean hours / 48) × publisher factors (a pair from one publisher counts half;
// clusters whose outlets largely overlap lose up to a quarter: the same outlets covering both
// means two stories). Clusters merge while the score is at least 0.14, and a lone document
// then joins its best cluster at 0.7 × 0.14. Every constant was chosen by leave-one-set-out
// cross-validation over four real sets (cluster-parameters.ts).
//
// B-cubed F1 (in sample, the constants chosen on all four): gold_standard 0.958,
// google_news_topics 1.000, news_cluster_dev 0.978, the real feeds at their own times 0.945;
// held out by the whole procedure: 0.958, 1.000, 0.978, 0.894 (the TF-IDF average-link
// baseline, chosen the same way: 0.861, 0.747, 0.905, 0.795). Every demo topic and fictional
// case (fictional-events.ts): 1.000.
import { averageLinkage, type LinkageOptions, type LinkageUnit } from "./average-linkage.js";
import { CLUSTER_OPTIONS } from "./cluster-parameters.js";
import { type DocumentUnit, documentUnits } from "./document-units.js";
import { documentVectors, type VectorOptions } from "./document-vectors.js";
import {
  type NeighbourEdges,
  neighbourGraph,
  type NeighbourGraphOptions,
} from "./neighbour-graph.js";
import type { SparseVector } from "./sparse-vector.js";
import type { LeadReading } from "../text/manifest-reading.js";
import { HOUR_MS } from "../../time/cut-time.js";

export interface ClusterDocument {
  id: string;
  title: string;
  text: string;
  language: string;
  publishedAtMs: number;
  publisherDomain: string;
  /** The builder's reading of title and text (shared with composition); read here if absent. */
  reading?: LeadReading;
}

export interface ClusterOptions {
  vectors: VectorOptions;
  graph: NeighbourGraphOptions;
  linkage: LinkageOptions;
}

/** Documents read, vectorised and linked to their neighbours: everything before linkage. */
export interface PreparedDocuments {
  ordered: ClusterDocument[];
  units: DocumentUnit[];
  vectors: SparseVector[];
  edges: NeighbourEdges;
}

// A time that is not a finite number (never in a valid Manifest) sorts as 0 instead of
// breaking the sort.
function timeOf(document: ClusterDocument): number {
  return Number.isFinite(document.publishedAtMs) ? document.publishedAtMs : 0;
}

// Every field takes part, so the order (and so the result) never depends on the input order.
function compareDocuments(a: ClusterDocument, b: ClusterDocument): number {
  return (
    timeOf(a) - timeOf(b) ||
    compareStrings(a.id, b.id) ||
    compareStrings(a.publisherDomain, b.publisherDomain) ||
    compareStrings(a.title, b.title) ||
    compareStrings(a.text, b.text) ||
    compareStrings(a.language, b.language)
  );
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One document per id: the first in canonical order (a repeated id is one Manifest). */
function canonicalOrder(documents: readonly ClusterDocument[]): ClusterDocument[] {
  const sorted = [...documents].sort(compareDocuments);
  const seen = new Set<string>();
  return sorted.filter((document) => !seen.has(document.id) && seen.add(document.id));
}

/**
 * The part of clustering that does not depend on the linkage options, so that evaluation can
 * try many thresholds and factors on one reading of the documents.
 */
export function prepareDocuments(
  documents: readonly ClusterDocument[],
  vectorOptions: VectorOptions,
  graphOptions: NeighbourGraphOptions,
): PreparedDocuments {
  const ordered = canonicalOrder(documents);
  const units = documentUnits(ordered);
  const vectors = documentVectors(units, vectorOptions);
  return { ordered, units, vectors, edges: neighbourGraph(vectors, graphOptions) };
}

/** Groups prepared documents by average linkage with `linkage`. */
export function groupPrepared(prepared: PreparedDocuments, linkage: LinkageOptions): string[][] {
  const { ordered, units, vectors, edges } = prepared;
  if (ordered.length === 0) return [];
  const roots = averageLinkage(linkageUnits(ordered, units, vectors), edges, linkage);
  // Units are ordered by their first member, so groups appear in order of their earliest
  // document; sorting members by canonical index orders each group by (publishedAtMs, id).
  const groups = new Map<number, number[]>();
  units.forEach((unit, u) => {
    const root = roots[u]!;
    let group = groups.get(root);
    if (!group) groups.set(root, (group = []));
    for (const member of unit.members) group.push(member);
  });
  return [...groups.values()].map((members) =>
    members.sort((a, b) => a - b).map((index) => ordered[index]!.id),
  );
}

/** `clusterDocuments` with explicit options, for evaluation and benchmarks. */
export function clusterDocumentsWith(
  documents: readonly ClusterDocument[],
  options: ClusterOptions,
): string[][] {
  return groupPrepared(
    prepareDocuments(documents, options.vectors, options.graph),
    options.linkage,
  );
}

function linkageUnits(
  ordered: readonly ClusterDocument[],
  units: readonly DocumentUnit[],
  vectors: readonly SparseVector[],
): LinkageUnit[] {
  const publisherIds = new Map<string, number>();
  const publisherId = (domain: string): number => {
    let id = publisherIds.get(domain);
    if (id === undefined) publisherIds.set(domain, (id = publisherIds.size));
    return id;
  };
  return units.map((unit, u) => {
    const members = unit.members.map((index) => ordered[index]!);
    return {
      vector: vectors[u]!,
      size: members.length,
      hour: members.reduce((sum, doc) => sum + timeOf(doc) / HOUR_MS, 0) / members.length,
      publishers: members.map((doc) => publisherId(doc.publisherDomain)),
    };
  });
}

/**
 * Groups documents of one topic into events. Deterministic: groups sorted by their earliest
 * (publishedAtMs, id); ids in a group sorted the same way. Every input id appears in exactly
 * one group.
 */
export function clusterDocuments(documents: readonly ClusterDocument[]): string[][] {
  return clusterDocumentsWith(documents, CLUSTER_OPTIONS);
}
