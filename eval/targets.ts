// The targets the eval checks (from the eval issue): clustering quality above the baseline
// and clean stories.
import type { StoryPart } from "./audit/story-parts.js";
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
    ...auditTargets(evaluation),
  ];
}

/**
 * The same junk targets on the blind audit's verdicts (eval/audit/README.md), the independent
 * measure: only for a set with verdicts, each with the rows it could not judge.
 */
function auditTargets({ name: set, audit }: SetEvaluation): TargetResult[] {
  const targets: [StoryPart, string, (junk: number, judged: number) => boolean][] = [
    [
      "key_fact",
      `judged junk key facts <= ${percent(MAX_JUNK_FACTS)}`,
      (j, n) => j <= MAX_JUNK_FACTS * n,
    ],
    ["dek", `judged junk deks <= ${percent(MAX_JUNK_DEKS)}`, (j, n) => j <= MAX_JUNK_DEKS * n],
    ["headline", "judged junk headlines = 0", (j) => j === 0],
  ];
  if (targets.every(([part]) => audit[part].judged === 0)) return [];
  return targets.map(([part, target, meets]) => {
    const { junk, judged, unjudged } = audit[part];
    const share = judged === 0 ? "-" : percent(junk / judged);
    return {
      set,
      target,
      met: judged > 0 && meets(junk, judged),
      measured: `${share} (${junk} of ${judged}; ${unjudged} not judged)`,
    };
  });
}
