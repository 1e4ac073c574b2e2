// Times a search over the query benchmark's questions: latency (mean, p50, p99, max),
// questions per second, MRR@5 and questions without results, median of three passes.
import type { BenchQuestion } from "./generate-questions.js";
import { reciprocalRank } from "./ranking-metrics.js";

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

export interface Timed {
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  perSecond: number;
  mrr: number;
  empty: number;
  /** The texts found for each question, best first. */
  found: string[][];
}

/** Fact texts for a question, best first (limit 5, the bench's clock). */
export type Search = (question: BenchQuestion) => string[];

function timeQuestions(search: Search, questions: BenchQuestion[]): Timed {
  const times: number[] = [];
  const found: string[][] = [];
  let reciprocalRanks = 0;
  let judged = 0;
  let empty = 0;
  const started = performance.now();
  for (const question of questions) {
    const before = performance.now();
    const texts = search(question);
    times.push(performance.now() - before);
    found.push(texts);
    if (texts.length === 0) empty += 1;
    if (question.expected === undefined) continue;
    judged += 1;
    reciprocalRanks += reciprocalRank(texts, question.expected);
  }
  const elapsed = performance.now() - started;
  const sorted = times.sort((a, b) => a - b);
  return {
    meanMs: sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted[sorted.length - 1] ?? 0,
    perSecond: (questions.length / elapsed) * 1000,
    mrr: reciprocalRanks / Math.max(1, judged),
    empty,
    found,
  };
}

/** A warm-up, then three passes, the middle one reported: the machine is shared. */
export function medianOfThree(search: Search, questions: BenchQuestion[], warmUp: number): Timed {
  timeQuestions(search, questions.slice(0, warmUp));
  const passes = [1, 2, 3].map(() => timeQuestions(search, questions));
  return passes.sort((a, b) => a.meanMs - b.meanMs)[1] as Timed;
}
