// A sentence's content words as distinct term ids in an Int32Array (in order of first use),
// and what is compared of two of them: how many they share. Why not a Set: a build makes one
// per distinct sentence of every cluster and compares them thousands of times per story
// (paraphrases, restatements, near-duplicates, MMR); a Set cost an allocation of its own and
// a hash lookup per word. Here a word is marked in an array indexed by term id (ids are small
// integers of the topic's dictionary), so a comparison is two passes over plain arrays.
import { intArena } from "../../text/typed-arena.js";

/** The mark of each term id: the stamp of the last set marked that holds it. */
let marks = new Int32Array(1 << 14);
let stamp = 0;

/** A new stamp for one set's marks (all marks cleared when the stamps run out). */
function nextStamp(): number {
  if (stamp === 0x7fffffff) {
    marks.fill(0);
    stamp = 0;
  }
  return ++stamp;
}

/** Makes room for term id `id` in the marks. */
function reach(id: number): void {
  if (id < marks.length) return;
  const grown = new Int32Array(Math.max(id + 1, 2 * marks.length));
  grown.set(marks);
  marks = grown;
}

/** Marks every id of `words` with a new stamp, and returns it. */
function markAll(words: ArrayLike<number>): number {
  const mark = nextStamp();
  for (let at = 0; at < words.length; at++) {
    const id = words[at]!;
    reach(id);
    marks[id] = mark;
  }
  return mark;
}

/**
 * The distinct ids of terms[first, end) that `keep` accepts, in order of first use (as a Set
 * built from them would iterate).
 */
export function distinctWords(
  terms: Int32Array,
  first: number,
  end: number,
  keep: (id: number) => boolean,
): Int32Array {
  const mark = nextStamp();
  const scratch = intArena.take(end - first);
  let count = 0;
  for (let at = first; at < end; at++) {
    const id = terms[at]!;
    if (!keep(id)) continue;
    reach(id);
    if (marks[id] === mark) continue;
    marks[id] = mark;
    scratch[count++] = id;
  }
  return count === scratch.length ? scratch : scratch.subarray(0, count);
}

/** How many ids of `words` are in `within` (a word of `words` counted each time it occurs). */
export function countIn(words: ArrayLike<number>, within: Int32Array): number {
  const mark = markAll(within);
  let count = 0;
  for (let at = 0; at < words.length; at++) {
    const id = words[at]!;
    if (id < marks.length && marks[id] === mark) count++;
  }
  return count;
}

/** How many words two sets of distinct ids share. */
export function sharedWords(a: Int32Array, b: Int32Array): number {
  return a.length <= b.length ? countIn(a, b) : countIn(b, a);
}

/** Jaccard similarity of two sets of distinct ids (1 when both are empty). */
export function wordJaccard(a: Int32Array, b: Int32Array): number {
  if (a.length === 0 && b.length === 0) return 1;
  const shared = sharedWords(a, b);
  return shared / (a.length + b.length - shared);
}
