// The targets the eval checks (from the eval issue): clustering quality above the baseline
// and clean stories.
import { junkFraction } from "./junk-shares.js";
import type { SetEvaluation } from "./evaluate-set.js";

export const MIN_F1 = 0.95;
export const MAX_JUNK_FACTS = 0.02;
export const MAX_JUNK_DEKS = 0.02;

export interface TargetResult {
  set: string;
  target: string;
  met: boolean;
  measured: string;
}

function percent(value: number): string {
  return `${(100 * value).toFixed(1)}%`;
}

/** Each target for one set, met or missed, with what was measured. */
export function checkTargets(evaluation: SetEvaluation): TargetResult[] {
  const { name: set, ours, baseline, junk } = evaluation;
  const facts = junkFraction(junk.keyFacts);
  const deks = junkFraction(junk.deks);
  return [
    {
      set,
      target: `B-cubed F1 >= ${MIN_F1} and above the baseline`,
      met: ours.f1 >= MIN_F1 && ours.f1 > baseline.f1,
      measured: `${ours.f1.toFixed(3)} vs baseline ${baseline.f1.toFixed(3)}`,
    },
    {
      set,
      target: `junk key facts <= ${percent(MAX_JUNK_FACTS)}`,
      met: facts <= MAX_JUNK_FACTS,
      measured: percent(facts),
    },
    {
      set,
      target: `junk deks <= ${percent(MAX_JUNK_DEKS)}`,
      met: deks <= MAX_JUNK_DEKS,
      measured: percent(deks),
    },
    {
      set,
      target: "junk headlines = 0",
      met: junk.headlines.junk === 0,
      measured: String(junk.headlines.junk),
    },
  ];
}
