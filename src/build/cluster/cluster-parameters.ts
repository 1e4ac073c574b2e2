// The constants of event clustering, with where each value comes from. None was fitted to
// the real-news evaluation sets (gold_standard, google_news); README.md has the figures.
import type { LinkageOptions } from "./average-linkage.js";
import { DEFAULT_GRAPH_OPTIONS, type NeighbourGraphOptions } from "./neighbour-graph.js";

/**
 * Merge threshold on the cluster score (average cosine × time factor × publisher factors).
 * Chosen on the bundled demo corpus (seven topics of fictional events, written with
 * deliberate near-miss pairs: two matches of the same teams, two stories about one lake, one
 * hospital, one company): every demo topic is clustered perfectly (B-cubed F1 = 1) for
 * thresholds from 0.07 to 0.11, and this is the middle of that range. The real-news sets were
 * only checked with it afterwards (`npm run bench -- clustering` prints the whole sweep).
 */
export const MERGE_THRESHOLD = 0.09;

/**
 * Time factor exp(-Δhours / 24) between the clusters' mean publication times: a day, the
 * length of an edition's window. Reports of one event are usually hours apart. The factor is
 * soft, so a wrong date costs a document at most e^-1 of its score inside one window; with
 * the publisher factors below, clustering no longer needs the dates to separate follow-ups.
 */
export const TIME_SCALE_HOURS = 24;

/**
 * A pair of reports from the same publisher counts half: an outlet rarely files two reports
 * of one event in a window, but it does write live pages and angles, so the prior is soft.
 */
export const SAME_PUBLISHER_PENALTY = 0.5;

/**
 * When two clusters each carry two or more publishers, the share of the smaller one's
 * publishers that the other also has costs up to half the score. Several outlets covering
 * both clusters is the signature of two stories (each outlet filed one on each: a follow-up,
 * or a second event on the same subject), not of one story split in two.
 */
export const PUBLISHER_OVERLAP_PENALTY = 0.5;

export const LINKAGE_OPTIONS: LinkageOptions = {
  threshold: MERGE_THRESHOLD,
  timeScaleHours: TIME_SCALE_HOURS,
  samePublisherPenalty: SAME_PUBLISHER_PENALTY,
  publisherOverlapPenalty: PUBLISHER_OVERLAP_PENALTY,
  // A cluster's summed vector keeps its 256 strongest terms (the cost of a merge is bounded).
  sumTerms: 256,
};

export const GRAPH_OPTIONS: NeighbourGraphOptions = DEFAULT_GRAPH_OPTIONS;
