// How well a search answers a question set: MRR@5 is the mean of 1/rank of the first result
// holding an accepted answer (0 beyond 5); recall@5 the share of questions answered in the top
// 5. /ask's ranking (searchFacts, as /ask calls it) and the plain BM25 baseline are measured
// on the same facts in the same run.
import { buildFactIndex } from "../../src/query/fact-index.js";
import type { IndexedStory } from "../../src/query/indexed-story.js";
import { searchFacts } from "../../src/query/search-facts.js";
import { plainBm25 } from "./bm25-baseline.js";
import type { QuestionSet } from "./question-sets.js";

export const RANKED = 5;
/** Issue 15's targets: MRR@5 on the real-news questions (all sets together) and on the demo. */
export const TARGET_MRR = { real: 0.85, demo: 0.9 } as const;
/** Issue 15: the real-news question set holds at least this many questions. */
export const MIN_REAL_QUESTIONS = 40;

/** 1-based rank of the first text holding one of `answers`, 0 if none. */
export function answerRank(
  texts: readonly string[],
  answers: readonly string[],
  caseSensitive = false,
): number {
  const fold = (text: string) => (caseSensitive ? text : text.toLowerCase());
  const wanted = answers.map(fold);
  return texts.findIndex((text) => wanted.some((answer) => fold(text).includes(answer))) + 1;
}

export interface RankScore {
  questions: number;
  mrr: number;
  recall: number;
  /** Questions without an answer at rank 1: the rank (0: none in the top 5) and the first text. */
  misses: Array<{ question: string; rank: number; first: string | undefined }>;
}

/** A search: the texts of the best `RANKED` facts for a question, best first. */
export type Ranker = (question: string) => readonly string[];

export function scoreRanker(set: QuestionSet, rank: Ranker): RankScore {
  let reciprocal = 0;
  let answered = 0;
  const misses: RankScore["misses"] = [];
  for (const { question, answers } of set.questions) {
    const texts = rank(question);
    const at = answerRank(texts, answers, set.caseSensitive);
    if (at > 0) [reciprocal, answered] = [reciprocal + 1 / at, answered + 1];
    if (at !== 1) misses.push({ question, rank: at, first: texts[0] });
  }
  const count = Math.max(1, set.questions.length);
  return {
    questions: set.questions.length,
    mrr: reciprocal / count,
    recall: answered / count,
    misses,
  };
}

export interface AskQuality {
  set: string;
  facts: number;
  /** Scored on every accepted answer: the authored ones and the pooled judgments. */
  ours: RankScore;
  baseline: RankScore;
  /** Ours on the authored answers alone (the figure before pooled judging). */
  oursAuthored: RankScore;
}

/** `set` with only the answers written with its questions (no pooled judgments). */
export function authoredOnly(set: QuestionSet): QuestionSet {
  return {
    ...set,
    questions: set.questions.map((question) => ({ ...question, answers: question.authored })),
  };
}

/** Asks every question of `set` of `stories`, as /ask would at `now`, and of the baseline. */
export function askQuality(
  set: QuestionSet,
  stories: readonly IndexedStory[],
  now: Date,
): AskQuality {
  const index = buildFactIndex(stories);
  const baseline = plainBm25(stories);
  const ours: Ranker = (query) =>
    searchFacts(index, { query, days: 7, limit: RANKED, now }).map((r) => r.description);
  return {
    set: set.set,
    facts: index.facts.length,
    ours: scoreRanker(set, ours),
    baseline: scoreRanker(set, (query) => baseline(query, RANKED)),
    oursAuthored: scoreRanker(authoredOnly(set), ours),
  };
}

/** The score of several sets' questions taken together (each question counts once). */
export function pooled(scores: readonly RankScore[]): RankScore {
  const questions = scores.reduce((sum, score) => sum + score.questions, 0);
  const sum = (part: (score: RankScore) => number) =>
    scores.reduce((total, score) => total + part(score) * score.questions, 0) /
    Math.max(1, questions);
  return {
    questions,
    mrr: sum((score) => score.mrr),
    recall: sum((score) => score.recall),
    misses: scores.flatMap((score) => score.misses),
  };
}

function scoreText(label: string, score: RankScore): string {
  return `  ${label.padEnd(30)} MRR@${RANKED} ${score.mrr.toFixed(3)}  recall@${RANKED} ${score.recall.toFixed(3)}`;
}

/** The report lines of one set's /ask quality, ours against the baseline, then our misses. */
export function askQualityLines(quality: AskQuality, about: string): string[] {
  return [
    `== /ask on ${quality.set}: ${quality.ours.questions} questions ${about}, ${quality.facts} facts`,
    scoreText("ours (searchFacts)", quality.ours),
    scoreText("baseline (minisearch BM25)", quality.baseline),
    scoreText("ours, authored answers only", quality.oursAuthored),
    ...quality.ours.misses.map(
      ({ question, rank, first }) =>
        `  ${rank === 0 ? `not in top ${RANKED}` : `rank ${rank}`}: ${question} (first: "${(first ?? "nothing").slice(0, 90)}")`,
    ),
  ];
}
