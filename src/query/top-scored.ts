// The k best rows of a scored query, best first: a bounded sorted list, because k (at most
// 60) is tiny next to the thousands of rows a common word matches.
import type { Accumulator } from "./bm25-postings.js";

export interface Scored {
  row: number;
  score: number;
}

/** Higher score first; on a tie the later (fresher) row first, so the order is total. */
function before(row: number, score: number, other: Scored): boolean {
  return score > other.score || (score === other.score && row > other.row);
}

/**
 * The `k` best of the accumulator's touched rows after `rescore(row, bm25)`. The bound
 * bm25 × `boundOfRow[row]` × `boundScale` must never be below `rescore`: a row whose bound
 * cannot enter the list is not rescored (most rows of a common word's postings).
 */
export function topScored(
  accumulator: Accumulator,
  k: number,
  boundOfRow: Float32Array,
  boundScale: number,
  rescore: (row: number, bm25: number) => number,
): Scored[] {
  const best: Scored[] = [];
  const { touched, touchedCount, scores } = accumulator;
  let floor = -Infinity;
  for (let i = 0; i < touchedCount; i++) {
    const row = touched[i] as number;
    const bm25 = scores[row] as number;
    if (best.length === k && bm25 * (boundOfRow[row] as number) * boundScale < floor) continue;
    const score = rescore(row, bm25);
    if (best.length === k && !before(row, score, best[k - 1] as Scored)) continue;
    let at = best.length === k ? k - 1 : best.length;
    while (at > 0 && before(row, score, best[at - 1] as Scored)) {
      best[at] = best[at - 1] as Scored;
      at -= 1;
    }
    best[at] = { row, score };
    if (best.length === k) floor = (best[k - 1] as Scored).score;
  }
  return best;
}
