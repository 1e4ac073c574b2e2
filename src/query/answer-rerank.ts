// The last step of the fact search: of the best-scored facts, the ones that answer. A fact
// lifted for having the asked-for kind of answer loses the lift when that answer is the
// question's own (holdsNewAnswer); one that gives a figure in the asked measure's units,
// names a thing of the asked kind ("Terrigal Beach" for "which beach") or counts the counted
// thing ("40,000 homes") gains more; then results are picked by maximal marginal relevance,
// so that five results are not one claim five times: each pick's score is lowered by its
// likeness to the facts already picked, likeness measured on the words the question does
// not use (every candidate shares those). docs/ask.md, "Ranking", has the measurements.
import { lowerCaseWords } from "../text/tokens.js";
import { countsOneOf, holdsNewAnswer, namesBesideKind } from "./answer-shape.js";
import type { Fact } from "./extract-facts.js";
import { textTerms } from "./query-terms.js";

export interface Candidate {
  fact: Fact;
  score: number;
  /** The score was lifted for the asked-for kind of answer (answerShapeBoost). */
  shapeLifted: boolean;
  /** The distinct term ids of the fact's text (fact-index.ts). */
  terms: Int32Array;
}

export interface RerankOptions {
  question: string;
  /** Term ids of the question's terms that the index knows. */
  questionTerms: ReadonlySet<number>;
  /** The asked-for kind of answer (answer-shape.ts), 0 for none. */
  shape: number;
  shapeBoost: number;
  /** Share of a score lost by a fact whose words are all those of a fact already picked. */
  diversity: number;
  /** Terms of what a "how many…" question counts ("homes"); empty for other questions. */
  counted: ReadonlySet<string>;
  /** Lift of a fact that gives a count of what is counted ("40,000 homes"). */
  countBoost: number;
  /** A figure in the units of the measure asked for ("how hot": degrees), if one is. */
  measureFigure: RegExp | undefined;
  /** Lift of a fact that gives such a figure, a new one (holdsNewAnswer). */
  measureBoost: number;
  /** The term of the kind a "which <kind>" question asks the name of ("beach"), if any. */
  kind: string | undefined;
  /** Lift of a fact that names a thing of that kind ("Terrigal Beach"). */
  kindBoost: number;
  limit: number;
}

const termOf = (word: string): string | undefined => textTerms(word)[0];

/** Jaccard similarity of two sorted id lists. */
function jaccard(a: Int32Array, b: Int32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) [shared, i, j] = [shared + 1, i + 1, j + 1];
    else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared);
}

/** Up to `limit` facts, best first, each text once; scores never rise down the list. */
export function rerankAnswers(
  candidates: readonly Candidate[],
  options: RerankOptions,
): Array<{ fact: Fact; score: number }> {
  const seen = new Set<string>();
  const pool: Array<{ fact: Fact; score: number; words: Int32Array }> = [];
  for (const { fact, score, shapeLifted, terms } of candidates) {
    if (seen.has(fact.text)) continue;
    seen.add(fact.text);
    const answers = !shapeLifted || holdsNewAnswer(fact.text, options.shape, options.question);
    const words = terms.filter((term) => !options.questionTerms.has(term)).sort();
    let rescored = answers ? score : score / options.shapeBoost;
    if (shapeLifted && answers && options.measureFigure?.test(fact.text))
      rescored *= options.measureBoost;
    if (
      options.kind !== undefined &&
      namesBesideKind(fact.text, options.kind, options.question, termOf)
    )
      rescored *= options.kindBoost;
    if (options.counted.size > 0 && countsOneOf(lowerCaseWords(fact.text), options.counted, termOf))
      rescored *= options.countBoost;
    pool.push({ fact, score: rescored, words });
  }
  const picked: Array<{ fact: Fact; score: number }> = [];
  const likeness = new Float64Array(pool.length);
  const taken = new Uint8Array(pool.length);
  while (picked.length < options.limit && picked.length < pool.length) {
    let best = -1;
    let bestScore = -Infinity;
    for (let at = 0; at < pool.length; at++) {
      if (taken[at]) continue;
      const adjusted = pool[at]!.score * (1 - options.diversity * likeness[at]!);
      // Ties keep the earlier (better-ranked) candidate.
      if (adjusted > bestScore) [best, bestScore] = [at, adjusted];
    }
    const next = pool[best]!;
    taken[best] = 1;
    picked.push({ fact: next.fact, score: bestScore });
    if (options.diversity === 0) continue;
    for (let at = 0; at < pool.length; at++) {
      if (taken[at]) continue;
      const like = jaccard(pool[at]!.words, next.words);
      if (like > likeness[at]!) likeness[at] = like;
    }
  }
  return picked;
}
