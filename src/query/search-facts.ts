// Answers a plain-language question with facts of the index, best first: the query core that
// /ask and the MCP tools share (DESIGN.md, "/ask"). Pure apart from the index's scratch
// space; the clock is part of the request.
import { z } from "zod";
import { ASK_LIMITS } from "../api/ask.js";
import { askedKind, askedMeasure, askedShape, countedWords } from "./answer-shape.js";
import { scoreRange } from "./bm25-postings.js";
import type { Fact } from "./extract-facts.js";
import type { FactIndex, IndexedTerm } from "./fact-index.js";
import { FACT_RESULT_TYPE, type FactResult } from "./fact-result.js";
import { questionTerms, textTerms } from "./query-terms.js";
import { recencyLift } from "./ranking.js";
import { rerankAnswers } from "./answer-rerank.js";
import { topScored } from "./top-scored.js";
import { DAY_MS } from "../time/cut-time.js";

export const SearchFactsRequestSchema = z.object({
  query: z.string(),
  /** Only stories of this topic (slug); all topics when absent. */
  topic: z.string().optional(),
  /** Only stories published or updated in the `days` days up to `now`. */
  days: z.int().min(ASK_LIMITS.days.min).max(ASK_LIMITS.days.max),
  limit: z.int().min(ASK_LIMITS.limit.min).max(ASK_LIMITS.limit.max),
  now: z.date(),
});

export type SearchFactsRequest = z.infer<typeof SearchFactsRequestSchema>;

const clamp = (value: number, { min, max }: { min: number; max: number }) =>
  Math.min(max, Math.max(min, Math.trunc(value) || min));

/**
 * The question's terms that the index knows, with its measure's words, rarest first, at most
 * `maxQueryTerms`.
 */
export function searchTerms(index: FactIndex, question: string): IndexedTerm[] {
  // A measure question also searches its measure's words ("how hot": temperature, degrees).
  const measureTerms = (askedMeasure(question)?.words ?? []).flatMap((word) => textTerms(word));
  return [...new Set([...questionTerms(question), ...measureTerms])]
    .map((term) => index.terms.get(term))
    .filter((entry): entry is IndexedTerm => entry !== undefined)
    .sort((a, b) => a.facts - b.facts || a.id - b.id)
    .slice(0, index.ranking.maxQueryTerms);
}

/** The first row whose story is at least as fresh as `ms` (rows are oldest first). */
function firstRowFrom(facts: readonly Fact[], ms: number): number {
  let low = 0;
  let high = facts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((facts[middle] as Fact).story.freshMs < ms) low = middle + 1;
    else high = middle;
  }
  return low + 1;
}

function toResult(fact: Fact, score: number): FactResult {
  const { story } = fact;
  return {
    "@type": FACT_RESULT_TYPE,
    url: story.url,
    name: story.headline,
    description: fact.text,
    datePublished: story.publishedAt,
    dateModified: story.updatedAt,
    manifest_ids: [...fact.manifestIds],
    topic: story.topic ?? null,
    publishers: fact.publishers,
    disputed: fact.dispute !== undefined,
    ...(fact.dispute === undefined ? {} : { unresolved: fact.dispute }),
    score: Math.round(score * 10_000) / 10_000,
  };
}

/**
 * Up to `limit` facts answering `query`, best first, from stories of `topic` published or
 * updated within `days` of `now`; each text once. Empty when nothing matches. The same
 * index and request always give the same results.
 */
export function searchFacts(index: FactIndex, request: SearchFactsRequest): FactResult[] {
  const days = clamp(request.days, ASK_LIMITS.days);
  const limit = clamp(request.limit, ASK_LIMITS.limit);
  const nowMs = request.now.getTime();
  const fromRow = firstRowFrom(index.facts, nowMs - days * DAY_MS);
  const toRow = firstRowFrom(index.facts, nowMs + 1) - 1;
  const topic = request.topic === undefined ? 0 : (index.topics.get(request.topic) ?? -1);
  const terms = searchTerms(index, request.query);
  if (fromRow > toRow || topic === -1 || terms.length === 0) return [];
  const { ranking, accumulator, topicOfRow, shapes, facts, corroboration } = index;
  scoreRange(
    index.postings,
    terms.map((term) => term.id),
    fromRow,
    toRow,
    { groupOfRow: topicOfRow, group: topic },
    accumulator,
  );
  const shape = askedShape(request.query);
  const shapeBoost = shape === 0 ? 1 : ranking.answerShapeBoost;
  // Stories share a few edition times: their recency is computed once per time.
  const recency = new Map<number, number>();
  const lifted = (row: number) => ((shapes[row - 1] as number) & shape) !== 0;
  const pool = Math.max(ranking.rerankPool, 3 * limit);
  const best = topScored(accumulator, pool, corroboration, shapeBoost, (row, bm25) => {
    const { freshMs } = (facts[row - 1] as Fact).story;
    let lift = recency.get(freshMs);
    if (lift === undefined) {
      lift = recencyLift(ranking, freshMs, nowMs);
      recency.set(freshMs, lift);
    }
    lift *= corroboration[row] as number;
    if (lifted(row)) lift *= shapeBoost;
    return bm25 * lift;
  });
  const { factTerms, factTermStarts } = index;
  const answers = rerankAnswers(
    best.map(({ row, score }) => ({
      fact: facts[row - 1] as Fact,
      score,
      shapeLifted: shape !== 0 && lifted(row),
      terms: factTerms.subarray(factTermStarts[row - 1], factTermStarts[row]),
    })),
    {
      question: request.query,
      questionTerms: new Set(terms.map((term) => term.id)),
      shape,
      shapeBoost,
      diversity: ranking.diversity,
      counted: new Set(countedWords(request.query).flatMap((word) => textTerms(word))),
      countBoost: ranking.countBoost,
      measureFigure: askedMeasure(request.query)?.figure,
      measureBoost: ranking.measureBoost,
      kind: textTerms(askedKind(request.query) ?? "")[0],
      kindBoost: ranking.kindBoost,
      limit,
    },
  );
  const results = answers.map(({ fact, score }) => toResult(fact, score));
  return results;
}
