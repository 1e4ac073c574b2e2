// Okapi BM25 over typed arrays: the postings of every term (rows in ascending order, each with
// its term-frequency part of BM25 computed once at build), scored for a range of rows at query
// time. Measured against minisearch, Orama, wink-bm25-text-search, ndx and SQLite FTS5 on
// 150,000 facts (docs/ask.md, "Ranking"): those cost 0.4-2.5 µs per matching posting (a Map
// entry or a B-tree lookup and an object per match), so a typical question took 0.5-20 ms;
// this loop costs a few nanoseconds per posting and needs no pruning of common words.

/** BM25's constants (the common defaults: Lucene, Elasticsearch and FTS5 use these). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

export interface Postings {
  /** Postings of term t are at [starts[t], starts[t + 1]). */
  readonly starts: Int32Array;
  readonly rows: Int32Array;
  /** tf·(k1+1) / (tf + k1·(1 − b + b·length/averageLength)), per posting. */
  readonly impacts: Float32Array;
  readonly rowCount: number;
}

/** One row's terms: term id → weighted frequency (fields may weigh differently). */
export type RowTerms = ReadonlyMap<number, number>;

/**
 * Collects rows in ascending order, then lays their postings out term by term. `length` is
 * the row's weighted number of terms.
 */
export function postingsBuilder() {
  const rowTerms: RowTerms[] = [];
  const lengths: number[] = [];
  return {
    add(terms: RowTerms, length: number): void {
      rowTerms.push(terms);
      lengths.push(length);
    },
    finish(termCount: number): Postings {
      const counts = new Int32Array(termCount + 1);
      for (const terms of rowTerms) for (const term of terms.keys()) counts[term + 1]! += 1;
      const starts = new Int32Array(termCount + 1);
      for (let term = 1; term <= termCount; term++)
        starts[term] = starts[term - 1]! + counts[term]!;
      const total = starts[termCount]!;
      const rows = new Int32Array(total);
      const impacts = new Float32Array(total);
      const next = starts.slice(0, termCount);
      const averageLength =
        lengths.reduce((sum, length) => sum + length, 0) / (lengths.length || 1);
      rowTerms.forEach((terms, index) => {
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * lengths[index]!) / (averageLength || 1));
        for (const [term, frequency] of terms) {
          const at = next[term]!;
          next[term] = at + 1;
          rows[at] = index + 1;
          impacts[at] = (frequency * (BM25_K1 + 1)) / (frequency + norm);
        }
      });
      return { starts, rows, impacts, rowCount: rowTerms.length };
    },
  };
}

/** The first position in [low, high) whose row is at least `row`. */
function lowerBound(rows: Int32Array, low: number, high: number, row: number): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rows[middle]! < row) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Scores of the rows of one query, reused from query to query (searches are synchronous). */
export interface Accumulator {
  scores: Float64Array;
  /** The query that last wrote each row's score; older scores count as 0. */
  stamps: Uint32Array;
  stamp: number;
  touched: Int32Array;
  touchedCount: number;
}

export function createAccumulator(rowCount: number): Accumulator {
  return {
    scores: new Float64Array(rowCount + 1),
    stamps: new Uint32Array(rowCount + 1),
    stamp: 0,
    touched: new Int32Array(rowCount),
    touchedCount: 0,
  };
}

/** Which rows may be scored: those of one group (a topic), or all when `group` is 0. */
export interface RowFilter {
  groupOfRow: Uint16Array;
  group: number;
}

/**
 * Adds the BM25 score of each term to the rows in [fromRow, toRow] that contain it and pass
 * `filter`, with the term's IDF computed over that range (the collection searched). Leaves the
 * rows in `accumulator.touched[0, touchedCount)`. A plain loop over typed arrays: no call or
 * allocation per posting.
 */
export function scoreRange(
  postings: Postings,
  terms: readonly number[],
  fromRow: number,
  toRow: number,
  filter: RowFilter,
  accumulator: Accumulator,
): void {
  const { starts, rows, impacts } = postings;
  const { scores, stamps, touched } = accumulator;
  const { groupOfRow, group } = filter;
  let stamp = (accumulator.stamp + 1) >>> 0;
  if (stamp === 0) {
    stamps.fill(0);
    stamp = 1;
  }
  accumulator.stamp = stamp;
  const collection = toRow - fromRow + 1;
  let count = 0;
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t]!;
    const end = starts[term + 1]!;
    const first = lowerBound(rows, starts[term]!, end, fromRow);
    const last = lowerBound(rows, first, end, toRow + 1);
    const frequency = last - first;
    if (frequency === 0) continue;
    const idf = Math.log(1 + (collection - frequency + 0.5) / (frequency + 0.5));
    for (let at = first; at < last; at++) {
      const row = rows[at]!;
      if (stamps[row] !== stamp) {
        if (group !== 0 && groupOfRow[row] !== group) continue;
        stamps[row] = stamp;
        scores[row] = idf * impacts[at]!;
        touched[count++] = row;
      } else {
        scores[row]! += idf * impacts[at]!;
      }
    }
  }
  accumulator.touchedCount = count;
}
