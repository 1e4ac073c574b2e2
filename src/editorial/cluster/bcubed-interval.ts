// How far a B-cubed F1 measured on a small labelled set can be trusted: a bootstrap over the
// set's events. A set of 13 or 33 events is a small sample of the news; resampling its events
// with replacement (each drawn event brings all its documents, scored against the clustering
// as it is) shows how much the F1 would move on another sample of events like them. The
// interval is the percentile one (Efron & Tibshirani 1993), from a seeded generator, so the
// same input always prints the same interval.

import { seededRandom } from "../../shared/seeded-random.js";
import { eventSums, f1Of } from "./bcubed.js";

/** A percentile bootstrap interval of B-cubed F1. */
export interface F1Interval {
  low: number;
  high: number;
  /** Share of the resampled F1s inside [low, high], e.g. 0.95. */
  level: number;
}

export interface IntervalOptions {
  draws: number;
  level: number;
  seed: number;
}

export const DEFAULT_INTERVAL: IntervalOptions = { draws: 2000, level: 0.95, seed: 20261127 };

/**
 * The bootstrap interval of the B-cubed F1 of `groups` against `labels` (as `bcubed` scores
 * it), resampling the labelled events. Undefined when there are no labelled documents.
 */
export function bcubedInterval(
  groups: readonly (readonly string[])[],
  labels: ReadonlyMap<string, string>,
  options: IntervalOptions = DEFAULT_INTERVAL,
): F1Interval | undefined {
  const events = [...eventSums(groups, labels).values()].filter((event) => event.documents > 0);
  if (events.length === 0) return undefined;
  const next = seededRandom(options.seed);
  const f1s = new Float64Array(options.draws);
  for (let draw = 0; draw < options.draws; draw++) {
    let [precision, recall, documents] = [0, 0, 0];
    for (let pick = 0; pick < events.length; pick++) {
      const event = events[Math.floor(next() * events.length)]!;
      precision += event.precision;
      recall += event.recall;
      documents += event.documents;
    }
    f1s[draw] = f1Of(precision / documents, recall / documents).f1;
  }
  f1s.sort();
  const tail = (1 - options.level) / 2;
  const at = (share: number) =>
    f1s[Math.min(options.draws - 1, Math.max(0, Math.floor(share * options.draws)))]!;
  return { low: at(tail), high: at(1 - tail), level: options.level };
}
