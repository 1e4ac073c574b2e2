// The constants of event clustering and where each value comes from. Every value marked "CV"
// was chosen by leave-one-set-out cross-validation over the three real-news sets
// (gold_standard, google_news_topics, news_cluster_dev), each document read as the builder
// reads it (builder-readings.ts; cross-validation.ts): the procedure run on all three sets
// chose exactly CLUSTER_PARAMETERS, and `npm run bench -- clustering` prints the whole table
// again. README.md has the figures.
import type { ClusterOptions } from "./cluster-documents.js";
import type { IdfVariant } from "./document-vectors.js";
import { DEFAULT_GRAPH_OPTIONS } from "./neighbour-graph.js";

/** The choices of the method that cross-validation decides (parameter-search.ts). */
export interface ClusterParameters {
  /** Merge threshold on the cluster score (average cosine × time factor × publisher factors). */
  threshold: number;
  /** How document frequency in the window weighs a term (document-vectors.ts). */
  idf: IdfVariant;
  /** Factor on the weight of a term found in one document of the window only. */
  unsharedWeight: number;
  /** Shares of the similarity carried by the title, the lead and the entity-like terms. */
  fieldWeights: readonly [title: number, lead: number, entities: number];
  /** Time factor exp(-Δhours / this) between mean publication times; Infinity: none. */
  timeScaleHours: number;
  /** A same-publisher cross pair counts (1 - this) of a pair from two publishers. */
  samePublisherPenalty: number;
  /** Up to this share of the score is lost when two clusters' publishers overlap. */
  publisherOverlapPenalty: number;
  /** A lone document joins its best cluster at this share of the threshold; 0: never. */
  attachShare: number;
}

/**
 * The shipped method. Held-out F1 of each value when it alone is re-chosen on two sets (the
 * others fixed here) is in README.md; the joint procedure's held-out F1 too.
 */
export const CLUSTER_PARAMETERS: ClusterParameters = {
  // CV (0.05 to 0.20), chosen with every other choice: 0.10 on all three sets; 0.11, 0.10
  // and 0.10 in the folds with the rest fixed here, 0.12, 0.10 and 0.10 in the joint search
  // (google_news_topics' storylines fall apart from about 0.13: README.md).
  threshold: 0.1,
  // CV against "plain" ln(n/df): smoothed in every fold.
  idf: "smoothed",
  // CV over 1 (the previous method), 0.5 and 0: 0.5 in every fold. 0 (compare only the terms
  // documents share) scores as well on the real sets but, in a small window, joins a
  // one-report event to an event of the same town, which the fictional cases forbid.
  unsharedWeight: 0.5,
  // CV over five splits: 0.2/0.6/0.2 on all three sets and in every fold of the joint search
  // (chosen alone, the gold_standard fold kept 0.3/0.5/0.2). Was 0.3/0.5/0.2, by reasoning.
  fieldWeights: [0.2, 0.6, 0.2],
  // CV over 24, 48 and none: 24 in two folds when chosen alone (48 in the gold_standard fold). A day, the window's length.
  // Without it gold_standard's same-subject follow-ups merge (Clinton cleared with Clinton
  // blames Comey, the tram crash with its victims named), which the other two sets do not
  // show: the joint procedure trained on them weakens it (48 h) and scores 0.940 on gold_standard.
  timeScaleHours: 24,
  // CV over 0.5 (set by reasoning before), 0.25 and 0: 0 on all three sets and in every fold
  // when chosen alone (0.5, 0, 0 in the joint search): a same-publisher pair counts fully.
  samePublisherPenalty: 0,
  // CV over 0.5, 0.25 and 0: 0.5 on all three sets, in every fold when chosen alone and in two
  // of three in the joint search (all three since the 2026-11-25 rerun). It does not cost news_cluster_dev recall: at 0.10 its recall
  // is 0.956 with or without it, and its precision 1.000 with it, 0.919 without.
  publisherOverlapPenalty: 0.5,
  // CV over 0 and 0.7: off on all three sets; chosen alone only by the gold_standard fold,
  // which then scores worse. At 0.10 attaching lone documents completes google_news_topics'
  // storylines but joins a one-report event of the demo corpus to its neighbour.
  attachShare: 0,
};

/** The method before cross-validation (threshold chosen on the demo corpus, the rest reasoned). */
export const PREVIOUS_PARAMETERS: ClusterParameters = {
  threshold: 0.09,
  idf: "smoothed",
  unsharedWeight: 1,
  fieldWeights: [0.3, 0.5, 0.2],
  timeScaleHours: 24,
  samePublisherPenalty: 0.5,
  publisherOverlapPenalty: 0.5,
  attachShare: 0,
};

/** A cluster's summed vector keeps its 256 strongest terms (the cost of a merge is bounded). */
const SUM_TERMS = 256;

/** The options of `clusterDocumentsWith` for `parameters`. */
export function clusterOptions(parameters: ClusterParameters): ClusterOptions {
  return {
    vectors: {
      fieldWeights: parameters.fieldWeights,
      idf: parameters.idf,
      unsharedWeight: parameters.unsharedWeight,
    },
    graph: DEFAULT_GRAPH_OPTIONS,
    linkage: {
      threshold: parameters.threshold,
      timeScaleHours: parameters.timeScaleHours,
      samePublisherPenalty: parameters.samePublisherPenalty,
      publisherOverlapPenalty: parameters.publisherOverlapPenalty,
      sumTerms: SUM_TERMS,
      attachThreshold: parameters.attachShare * parameters.threshold,
    },
  };
}

export const CLUSTER_OPTIONS: ClusterOptions = clusterOptions(CLUSTER_PARAMETERS);
