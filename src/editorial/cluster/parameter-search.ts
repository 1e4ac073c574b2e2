// The space that cross-validation searches: every choice of the method with its candidate
// values, the thresholds, and a scorer that reads each labelled set once per way of building
// vectors and then only re-runs linkage for each threshold and factor.
import { bcubed } from "./bcubed.js";
import { bcubedInterval, type F1Interval } from "./bcubed-interval.js";
import {
  type ClusterDocument,
  groupPrepared,
  type PreparedDocuments,
  prepareDocuments,
} from "./cluster-documents.js";
import { type ClusterParameters, clusterOptions } from "./cluster-parameters.js";

/** Documents of one topic with their true events (document id → event). */
export interface LabelledSet {
  name: string;
  documents: ClusterDocument[];
  labels: ReadonlyMap<string, string>;
}

/** One choice of the method: the parameter it sets and the values tried, in order. */
export interface Choice<K extends keyof ClusterParameters = keyof ClusterParameters> {
  name: string;
  key: K;
  values: readonly ClusterParameters[K][];
  /** True when the values are ordered (numbers), so that a median of fold choices means something. */
  ordered: boolean;
}

function choice<K extends keyof ClusterParameters>(
  name: string,
  key: K,
  values: readonly ClusterParameters[K][],
  { ordered }: { ordered: boolean },
): Choice {
  return { name, key, values, ordered };
}

const ORDERED = { ordered: true };
const UNORDERED = { ordered: false };

/** Merge thresholds tried with every combination of the choices: 0.05 to 0.20. */
export const THRESHOLDS: readonly number[] = Array.from({ length: 16 }, (_, i) => (5 + i) / 100);

/** Every choice decided by cross-validation, with the value used before it first. */
export const CHOICES: readonly Choice[] = [
  choice("weight of unshared terms", "unsharedWeight", [1, 0.5, 0], ORDERED),
  choice(
    "field weights (title/lead/entities)",
    "fieldWeights",
    [
      [0.3, 0.5, 0.2],
      [0.2, 0.6, 0.2],
      [0.4, 0.4, 0.2],
      [0.3, 0.7, 0],
      [0.3, 0.4, 0.3],
    ],
    UNORDERED,
  ),
  choice("time scale (hours)", "timeScaleHours", [24, 48, Infinity], ORDERED),
  choice("publisher-overlap penalty", "publisherOverlapPenalty", [0.5, 0.25, 0], ORDERED),
  choice("lone-document attach (share of threshold)", "attachShare", [0, 0.7], ORDERED),
  choice("same-publisher penalty", "samePublisherPenalty", [0.5, 0.25, 0], ORDERED),
  choice("idf", "idf", ["smoothed", "plain"], UNORDERED),
];

/** A value as printed in tables. */
export function formatValue(value: unknown): string {
  if (Array.isArray(value)) return value.join("/");
  if (value === Infinity) return "none";
  return String(value);
}

/**
 * Every combination of the choices' values (thresholds apart), the first slowest: 1,620
 * candidates × 16 thresholds. Searching them all costs about 40 s on three sets; an earlier
 * search that varied two choices alone after the grid stopped in a local optimum in one fold
 * (held-out F1 0.748 on google_news_topics, against 0.972 from the whole grid).
 */
export function parameterGrid(base: ClusterParameters): ClusterParameters[] {
  let grid: ClusterParameters[] = [base];
  for (const { key, values } of CHOICES) {
    grid = grid.flatMap((parameters) => values.map((value) => ({ ...parameters, [key]: value })));
  }
  return grid;
}

function parametersKey(p: ClusterParameters): string {
  return [
    vectorKey(p),
    p.threshold,
    p.timeScaleHours,
    p.samePublisherPenalty,
    p.publisherOverlapPenalty,
    p.attachShare,
  ].join("|");
}

function vectorKey(parameters: ClusterParameters): string {
  return `${parameters.idf}|${parameters.unsharedWeight}|${parameters.fieldWeights.join(",")}`;
}

/** B-cubed F1 of parameters on labelled sets, reading each set once per vector setting. */
export class ParameterScorer {
  private readonly prepared = new Map<string, PreparedDocuments>();
  private readonly scores = new Map<string, number>();

  constructor(readonly sets: readonly LabelledSet[]) {}

  /** F1 of `parameters` on set number `set`. */
  f1(parameters: ClusterParameters, set: number): number {
    const key = `${set}|${parametersKey(parameters)}`;
    let score = this.scores.get(key);
    if (score === undefined) {
      score = bcubed(this.groups(parameters, set), this.sets[set]!.labels).f1;
      this.scores.set(key, score);
    }
    return score;
  }

  /** How far the F1 of `parameters` on set `set` moves over resampled events (bcubed-interval.ts). */
  interval(parameters: ClusterParameters, set: number): F1Interval | undefined {
    return bcubedInterval(this.groups(parameters, set), this.sets[set]!.labels);
  }

  private groups(parameters: ClusterParameters, set: number): string[][] {
    const options = clusterOptions(parameters);
    const preparedKey = `${set}|${vectorKey(parameters)}`;
    let prepared = this.prepared.get(preparedKey);
    if (!prepared) {
      prepared = prepareDocuments(this.sets[set]!.documents, options.vectors, options.graph);
      this.prepared.set(preparedKey, prepared);
    }
    return groupPrepared(prepared, options.linkage);
  }

  /** True when `parameters` group every set perfectly (B-cubed F1 = 1). */
  perfect(parameters: ClusterParameters): boolean {
    return this.sets.every((_, set) => this.f1(parameters, set) === 1);
  }
}
