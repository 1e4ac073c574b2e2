// How sentences are compared when composing a story: an exact key (case, spacing and
// punctuation ignored) and a set of content words with the numbers kept apart.

export const WORD = /[\p{L}\p{N}]+(?:[.,:][\p{N}]+)*/gu;
export const NUMBER = /^\p{N}+(?:[.,:]\p{N}+)*$/u;

const NON_ASCII = /[\u0080-\uffff]/;

/** NFKC form, skipped for plain ASCII (most news copy), where it changes nothing. */
export function normalized(text: string): string {
  return NON_ASCII.test(text) ? text.normalize("NFKC") : text;
}

/** Lower-cased words joined by single spaces: "The bridge, shut!" → "the bridge shut". */
export function exactKey(sentence: string): string {
  return (normalized(sentence).toLowerCase().match(WORD) ?? []).join(" ");
}

/** Numbers as written, without thousands separators: "2,300" → "2300". */
export function numbersOf(sentence: string): string[] {
  return (normalized(sentence).match(WORD) ?? [])
    .filter((word) => NUMBER.test(word))
    .map((word) => word.replace(/,(?=\d{3}\b)/g, ""));
}

export interface SentenceShape {
  /** Content words (stemmed, no stop words), numbers excluded. */
  words: Set<string>;
  /** The numbers of the sentence, sorted. */
  numbers: string[];
}

/** The shape of a sentence, from its text and its tokens (tokenize of the same text). */
export function sentenceShape(sentence: string, tokens: readonly string[]): SentenceShape {
  const numbers = numbersOf(sentence).sort();
  const words = new Set(tokens.filter((token) => !NUMBER.test(token)));
  return { words, numbers };
}

/** Jaccard similarity of two sets. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const item of small) if (large.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}
