// Text tables of clustering quality for `npm run bench -- clustering`: B-cubed per set beside
// the baseline, the cross-validation of the method's choices, and the threshold sweep. Pure:
// the benchmark computes the figures and prints these lines.
import type { BCubedScore } from "./bcubed.js";
import type { ClusterParameters } from "./cluster-parameters.js";
import type { CrossValidation, Fold, Judges } from "./cross-validation.js";
import { type Choice, formatValue, THRESHOLDS } from "./parameter-search.js";

const f3 = (x: number) => x.toFixed(3);

/** "P / R / F1". */
export function scoreText(score: BCubedScore): string {
  return [score.precision, score.recall, score.f1].map(f3).join(" / ");
}

/** Every parameter of `parameters`, in one line. */
export function parametersText(parameters: ClusterParameters): string {
  return [
    `threshold ${parameters.threshold}`,
    `idf ${parameters.idf}`,
    `unshared ×${parameters.unsharedWeight}`,
    `fields ${formatValue(parameters.fieldWeights)}`,
    `time ${formatValue(parameters.timeScaleHours)} h`,
    `same publisher −${parameters.samePublisherPenalty}`,
    `overlap −${parameters.publisherOverlapPenalty}`,
    `attach ${parameters.attachShare}`,
  ].join(", ");
}

/** F1 of `parameters` on every real set, "0.982 / 0.972 / 0.978". */
function f1sText(judges: Judges, parameters: ClusterParameters): string {
  return judges.real.sets.map((_, set) => f3(judges.real.f1(parameters, set))).join(" / ");
}

/** " [0.889, 0.989]": the held-out F1's bootstrap interval over the set's events. */
function intervalText(judges: Judges, fold: Fold): string {
  const set = judges.real.sets.findIndex((labelled) => labelled.name === fold.heldOut);
  const interval = set < 0 ? undefined : judges.real.interval(fold.chosen.parameters, set);
  return interval === undefined ? "" : ` [${f3(interval.low)}, ${f3(interval.high)}]`;
}

/**
 * The joint cross-validation: per held-out set, what was chosen on the others, its F1 and the
 * F1's 95% bootstrap interval over the set's events (bcubed-interval.ts).
 */
export function jointCrossValidationLines(judges: Judges, cv: CrossValidation): string[] {
  const names = judges.real.sets.map((set) => set.name).join(" / ");
  return [
    ...cv.folds.map(
      (fold) =>
        `  held out ${fold.heldOut.padEnd(19)} F1 ${f3(fold.heldOutF1)}` +
        `${intervalText(judges, fold)} ` +
        `(worst training F1 ${f3(fold.chosen.worst)}): ${parametersText(fold.chosen.parameters)}`,
    ),
    `  chosen on all ${judges.real.sets.length} sets: ${parametersText(cv.allSets.parameters)}`,
    `    F1 ${names}: ${f1sText(judges, cv.allSets.parameters)}`,
    `  fold median: ${parametersText(cv.foldMedian)}`,
    `    F1 ${names}: ${f1sText(judges, cv.foldMedian)}; demo and fictional cases ${
      judges.required.perfect(cv.foldMedian) ? "all perfect" : "NOT all perfect"
    }`,
  ];
}

/** One row per choice: each fold's value @ threshold → held-out F1, then the all-sets value. */
export function choiceCrossValidationLines(
  rows: ReadonlyArray<{ choice: Choice; cv: CrossValidation }>,
): string[] {
  const header = rows[0]?.cv.folds.map((fold) => `held out ${fold.heldOut}`.padEnd(30)) ?? [];
  return [
    `  ${"choice".padEnd(42)}${header.join("")}all ${header.length} sets`,
    ...rows.map(({ choice, cv }) => {
      const folds = cv.folds.map((fold) => {
        const value = formatValue(fold.chosen.parameters[choice.key]);
        return `${value} @${fold.chosen.parameters.threshold} → ${f3(fold.heldOutF1)}`.padEnd(30);
      });
      const all = cv.allSets.parameters;
      return `  ${choice.name.padEnd(42)}${folds.join("")}${formatValue(all[choice.key])} @${all.threshold}`;
    }),
  ];
}

/** F1 of the shipped parameters at every threshold of THRESHOLDS. */
export function thresholdSweepLines(judges: Judges, shipped: ClusterParameters): string[] {
  const at = (threshold: number) => ({ ...shipped, threshold });
  const row = (label: string, values: number[]) =>
    `  ${label.padEnd(22)}${values.map((v) => f3(v).padStart(6)).join("")}`;
  const required = judges.required.sets;
  const worstRequired = (prefix: string) =>
    THRESHOLDS.map((t) => {
      const f1s = required.flatMap((set, index) =>
        set.name.startsWith(prefix) ? [judges.required.f1(at(t), index)] : [],
      );
      return Math.min(1, ...f1s);
    });
  return [
    `  ${"threshold".padEnd(22)}${THRESHOLDS.map((t) => t.toFixed(2).padStart(6)).join("")}`,
    ...judges.real.sets.map((set, index) =>
      row(
        set.name,
        THRESHOLDS.map((t) => judges.real.f1(at(t), index)),
      ),
    ),
    row("demo, worst topic", worstRequired("demo/")),
    row("fictional, worst case", worstRequired("fictional/")),
  ];
}
