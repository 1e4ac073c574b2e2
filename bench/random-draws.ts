// Seeded draws shared by the query benchmark's generators: one item of a list, a made-up word
// of a few syllables, and ranks by Zipf's law. Each takes the seeded `next` it draws from.

const SYLLABLES =
  "al bren cal dun el far glen hal is jor kes lor mar nor or pel quar rav sel tes um var wex yar zen bo ki lu ma ne ri so ta ve".split(
    " ",
  );

export type Random = () => number;

export function pick<T>(items: readonly T[], next: Random): T {
  return items[Math.floor(next() * items.length)] as T;
}

export function pseudoWord(next: Random, syllables: number): string {
  return Array.from({ length: syllables }, () => pick(SYLLABLES, next)).join("");
}

/**
 * Draws 0..n-1 with Zipf's law (s = 1) as if ranked after the `offset` commonest words, which
 * are the function words kept from the templates: real content words are used that way.
 */
export function zipf(n: number, offset: number, next: Random): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank++) cumulative[rank] = total += 1 / (rank + 1 + offset);
  return () => {
    const target = next() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}
