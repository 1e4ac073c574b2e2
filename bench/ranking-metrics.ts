// How good a search's answers are, for the query benchmark: the reciprocal rank of the fact a
// question was written from (averaged into MRR@5), and how far two searches agree.

/** 1 / rank of the expected text among those found (best first), 0 if it is not among them. */
export function reciprocalRank(found: readonly string[], expected: string): number {
  const rank = found.indexOf(expected);
  return rank >= 0 ? 1 / (rank + 1) : 0;
}

/** How often the two agree: top fact, and facts shared by the two top fives. */
export function agreement(ours: string[][], peer: string[][]) {
  let bothFound = 0;
  let sameTop = 0;
  let shared = 0;
  let bothEmpty = 0;
  ours.forEach((texts, index) => {
    const other = peer[index] ?? [];
    if (texts.length === 0 && other.length === 0) bothEmpty += 1;
    if (texts.length === 0 || other.length === 0) return;
    bothFound += 1;
    if (texts[0] === other[0]) sameTop += 1;
    shared += texts.filter((text) => other.includes(text)).length;
  });
  return { bothFound, sameTop, shared: shared / Math.max(1, bothFound), bothEmpty };
}
