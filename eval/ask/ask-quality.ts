// /ask on real news: the questions of eval/ask/real-questions.json asked of a real set's
// edition, built as the service builds it, through the same ranking as /ask (searchFacts).
// MRR@5 is the mean of 1/rank of the first result holding an accepted answer (0 beyond 5);
// recall@5 the share of questions answered in the top 5.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Edition } from "../../src/build/build-edition.js";
import { packageRoot } from "../../src/config/package-root.js";
import { buildFactIndex } from "../../src/query/fact-index.js";
import type { IndexedStory } from "../../src/query/indexed-story.js";
import { searchFacts } from "../../src/query/search-facts.js";

export const RANKED = 5;

const QuestionSetSchema = z.object({
  about: z.string(),
  set: z.string(),
  questions: z
    .array(
      z.object({
        event: z.string(),
        question: z.string().min(1).max(500),
        answers: z.array(z.string().min(1)).min(1),
      }),
    )
    .min(1),
});

export type QuestionSet = z.infer<typeof QuestionSetSchema>;
export type Question = QuestionSet["questions"][number];

export function loadRealQuestions(): QuestionSet {
  const path = join(packageRoot(), "eval", "ask", "real-questions.json");
  return QuestionSetSchema.parse(JSON.parse(readFileSync(path, "utf8")));
}

/** 1-based rank of the first text holding one of `answers` (case-insensitive), 0 if none. */
export function answerRank(texts: readonly string[], answers: readonly string[]): number {
  const wanted = answers.map((answer) => answer.toLowerCase());
  return (
    texts.findIndex((text) => wanted.some((answer) => text.toLowerCase().includes(answer))) + 1
  );
}

export interface AskQuality {
  questions: number;
  mrr: number;
  recall: number;
  facts: number;
  /** Questions without an answer at rank 1: the question, the rank (0: none in the top 5) and our first text. */
  misses: Array<{ question: string; rank: number; first: string | undefined }>;
}

/** Asks every question of the edition's stories, as /ask would at `now`. */
export function askQuality(
  edition: Edition,
  questions: readonly Question[],
  now: Date,
): AskQuality {
  const index = buildFactIndex(edition.stories.map(({ story }) => story as IndexedStory));
  let reciprocal = 0;
  let answered = 0;
  const misses: AskQuality["misses"] = [];
  for (const { question, answers } of questions) {
    const texts = searchFacts(index, { query: question, days: 7, limit: RANKED, now }).map(
      (result) => result.description,
    );
    const rank = answerRank(texts, answers);
    if (rank > 0) [reciprocal, answered] = [reciprocal + 1 / rank, answered + 1];
    if (rank !== 1) misses.push({ question, rank, first: texts[0] });
  }
  return {
    questions: questions.length,
    mrr: reciprocal / questions.length,
    recall: answered / questions.length,
    facts: index.facts.length,
    misses,
  };
}

/** The report lines of one set's /ask quality. */
export function askQualityLines(set: string, quality: AskQuality): string[] {
  return [
    `== /ask on ${set}: ${quality.questions} questions written on its events, ${quality.facts} facts`,
    `  ours  MRR@${RANKED} ${quality.mrr.toFixed(3)}  recall@${RANKED} ${quality.recall.toFixed(3)}  (target MRR@5 >= 0.85)`,
    ...quality.misses.map(
      ({ question, rank, first }) =>
        `  ${rank === 0 ? `not in top ${RANKED}` : `rank ${rank}`}: ${question} (first: "${(first ?? "nothing").slice(0, 90)}")`,
    ),
  ];
}
