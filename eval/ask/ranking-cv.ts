// Leave-one-set-out cross-validation of the ranking's headline weight over the question sets
// (each real set and the demo): for each set, the weight is chosen on the others (best mean
// MRR@5) and scored on it, beside the shipped weight. `npm run eval` prints the table, so the
// choice in src/query/ranking.ts can be checked again on every run.
import { buildFactIndex } from "../../src/query/fact-index.js";
import type { IndexedStory } from "../../src/query/indexed-story.js";
import { DEFAULT_RANKING, type Ranking } from "../../src/query/ranking.js";
import { searchFacts } from "../../src/query/search-facts.js";
import { RANKED, scoreRanker } from "./ask-quality.js";
import type { QuestionSet } from "./question-sets.js";

/** The headline weights tried (the shipped one among them). */
export const HEADLINE_WEIGHTS = [0.5, 1, 2, 3, 4, 6] as const;

export interface AskedSet {
  questions: QuestionSet;
  stories: readonly IndexedStory[];
  now: Date;
}

export interface RankingFold {
  heldOut: string;
  chosen: number;
  heldOutMrr: number;
  shippedMrr: number;
}

function mrrOf(asked: AskedSet, ranking: Readonly<Ranking>): number {
  const index = buildFactIndex(asked.stories, ranking);
  return scoreRanker(asked.questions, (query) =>
    searchFacts(index, { query, days: 7, limit: RANKED, now: asked.now }).map(
      (result) => result.description,
    ),
  ).mrr;
}

/**
 * For each set, the candidate with the best mean score on the other sets (ties: the first).
 * `scores[candidate][set]`.
 */
export function leaveOneOutChoices(scores: readonly (readonly number[])[]): number[] {
  const sets = scores[0]?.length ?? 0;
  return Array.from({ length: sets }, (_, heldOut) => {
    let best = 0;
    let bestMean = -Infinity;
    scores.forEach((row, candidate) => {
      const others = row.filter((_, set) => set !== heldOut);
      const mean = others.reduce((sum, score) => sum + score, 0) / Math.max(1, others.length);
      if (mean > bestMean + 1e-9) [best, bestMean] = [candidate, mean];
    });
    return best;
  });
}

/** One fold per set: the weight chosen on the others, its MRR@5 there, and the shipped one's. */
export function crossValidateHeadlineWeight(sets: readonly AskedSet[]): RankingFold[] {
  const mrr = HEADLINE_WEIGHTS.map((headlineWeight) =>
    sets.map((asked) => mrrOf(asked, { ...DEFAULT_RANKING, headlineWeight })),
  );
  const shipped = sets.map((asked) => mrrOf(asked, DEFAULT_RANKING));
  return leaveOneOutChoices(mrr).map((best, heldOut) => ({
    heldOut: sets[heldOut]!.questions.set,
    chosen: HEADLINE_WEIGHTS[best]!,
    heldOutMrr: mrr[best]![heldOut]!,
    shippedMrr: shipped[heldOut]!,
  }));
}

export function rankingCrossValidationLines(folds: readonly RankingFold[]): string[] {
  return [
    `== /ask headline weight, leave one question set out (chosen on the others among ${HEADLINE_WEIGHTS.join(", ")}; shipped ${DEFAULT_RANKING.headlineWeight})`,
    `  ${"held-out set".padEnd(22)}chosen  held-out MRR@5  shipped weight there`,
    ...folds.map(
      (fold) =>
        `  ${fold.heldOut.padEnd(22)}${String(fold.chosen).padEnd(8)}${fold.heldOutMrr.toFixed(3).padEnd(16)}${fold.shippedMrr.toFixed(3)}`,
    ),
  ];
}
