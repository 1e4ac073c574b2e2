// Leave-one-set-out cross-validation of the clustering method over labelled sets: for each
// held-out set the parameters are chosen on the other sets and scored on the held-out one, so
// the figure says how the method does on events it was not tuned to.
//
// The criterion (picked in an earlier, exploratory version of this search, where it held out
// better than the mean or an unsmoothed F1; then fixed): maximise the worst training set's
// B-cubed F1, each F1 averaged over the threshold and its two neighbours in THRESHOLDS (a
// threshold on a plateau beats a lucky spike); ties go to the higher mean, then to the earlier
// candidate (the previous value of each choice comes first). A candidate must also group every
// topic of the demo corpus and every fictional case (fictional-events.ts) perfectly: those are
// requirements of the product, written by us, rather than scores.
import type { ClusterParameters } from "./cluster-parameters.js";
import {
  type Choice,
  CHOICES,
  type ParameterScorer,
  parameterGrid,
  THRESHOLDS,
} from "./parameter-search.js";

export interface Selection {
  parameters: ClusterParameters;
  /** Worst and mean threshold-smoothed F1 over the sets it was chosen on. */
  worst: number;
  mean: number;
}

export interface Fold {
  heldOut: string;
  chosen: Selection;
  heldOutF1: number;
}

export interface CrossValidation {
  folds: Fold[];
  /** Chosen the same way on every set. */
  allSets: Selection;
  /** Per choice, the median (or, for unordered choices, the majority) of the folds' values. */
  foldMedian: ClusterParameters;
}

/** Judges candidates: F1 on the real sets, and whether the required sets are grouped perfectly. */
export interface Judges {
  real: ParameterScorer;
  required: ParameterScorer;
}

function smoothedF1(real: ParameterScorer, parameters: ClusterParameters, set: number, t: number) {
  const around = [t - 1, t, t + 1].filter((i) => i >= 0 && i < THRESHOLDS.length);
  const sum = around.reduce(
    (total, i) => total + real.f1({ ...parameters, threshold: THRESHOLDS[i]! }, set),
    0,
  );
  return sum / around.length;
}

/** The best of `candidates` (each tried at every threshold) on the sets numbered `sets`. */
export function bestOf(
  judges: Judges,
  candidates: readonly ClusterParameters[],
  sets: readonly number[],
): Selection {
  const ranked: Selection[] = [];
  for (const candidate of candidates) {
    THRESHOLDS.forEach((threshold, t) => {
      const f1s = sets.map((set) => smoothedF1(judges.real, candidate, set, t));
      ranked.push({
        parameters: { ...candidate, threshold },
        worst: Math.min(...f1s),
        mean: f1s.reduce((sum, f1) => sum + f1, 0) / f1s.length,
      });
    });
  }
  // A stable sort keeps the candidates' order among exact ties.
  ranked.sort((a, b) => b.worst - a.worst || b.mean - a.mean);
  const chosen = ranked.find((selection) => judges.required.perfect(selection.parameters));
  if (!chosen) {
    throw new Error(
      "cross-validation: no candidate groups the demo corpus and the fictional cases perfectly",
    );
  }
  return chosen;
}

function median<T>(values: readonly T[], order: readonly T[]): T {
  const sorted = [...values].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function majority<T>(values: readonly T[], fallback: T): T {
  const key = (value: T) => JSON.stringify(value);
  const counts = new Map<string, number>();
  for (const value of values) counts.set(key(value), (counts.get(key(value)) ?? 0) + 1);
  return values.find((value) => counts.get(key(value))! * 2 > values.length) ?? fallback;
}

function foldMedian(folds: readonly Fold[], allSets: ClusterParameters): ClusterParameters {
  const chosen = folds.map((fold) => fold.chosen.parameters);
  const result: Record<string, unknown> = { ...allSets };
  const thresholds = chosen.map((parameters) => parameters.threshold);
  result["threshold"] = median(thresholds, [...THRESHOLDS]);
  for (const choice of CHOICES) {
    const values = chosen.map((parameters) => parameters[choice.key] as unknown);
    const order = choice.values as readonly unknown[];
    const byValue = (value: unknown) =>
      order.find((candidate) => JSON.stringify(candidate) === JSON.stringify(value));
    result[choice.key] = choice.ordered
      ? median(values.map(byValue), order)
      : majority(values.map(byValue), allSets[choice.key]);
  }
  return result as unknown as ClusterParameters;
}

/** Chooses parameters on the sets numbered `sets`. */
export type Procedure = (sets: readonly number[]) => Selection;

/** Leave-one-set-out over every set of `judges.real`: `choose` sees all sets but one. */
export function crossValidate(judges: Judges, choose: Procedure): CrossValidation {
  const all = judges.real.sets.map((_, set) => set);
  const folds = all.map((heldOut): Fold => {
    const chosen = choose(all.filter((set) => set !== heldOut));
    return {
      heldOut: judges.real.sets[heldOut]!.name,
      chosen,
      heldOutF1: judges.real.f1(chosen.parameters, heldOut),
    };
  });
  const allSets = choose(all);
  return { folds, allSets, foldMedian: foldMedian(folds, allSets.parameters) };
}

/** Candidates varying one choice around `base` (its other values fixed). */
export function choiceCandidates(base: ClusterParameters, choice: Choice): ClusterParameters[] {
  return choice.values.map((value) => ({ ...base, [choice.key]: value }));
}

/** The method's procedure: the best of every combination of the choices (parameterGrid). */
export function chooseParameters(judges: Judges, base: ClusterParameters): Procedure {
  return (sets) => bestOf(judges, parameterGrid(base), sets);
}

/** One choice alone: its value (and the threshold) chosen with every other fixed at `base`. */
export function chooseOne(judges: Judges, base: ClusterParameters, choice: Choice): Procedure {
  return (sets) => bestOf(judges, choiceCandidates(base, choice), sets);
}

/**
 * Each choice in turn, with the threshold, the others fixed at their current values, from
 * `base`, round after round until no choice changes.
 */
export function chooseInTurn(judges: Judges, base: ClusterParameters): Procedure {
  return (sets) => {
    let best = bestOf(judges, [base], sets);
    for (let round = 0; round < 10; round++) {
      const before = JSON.stringify(best.parameters);
      for (const choice of CHOICES) {
        best = bestOf(judges, choiceCandidates(best.parameters, choice), sets);
      }
      if (JSON.stringify(best.parameters) === before) break;
    }
    return best;
  };
}
