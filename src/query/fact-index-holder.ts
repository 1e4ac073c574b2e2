// Holds the fact index that answers questions now. A new edition's index is built while the
// current one keeps serving, then replaces it in one assignment: a search that started on the
// old index finishes on it (searches are synchronous), the next one uses the new.
import type { FactIndex } from "./fact-index.js";

export interface FactIndexHolder {
  /** The index serving now; undefined until the first one is in place. */
  current(): FactIndex | undefined;
  /** Puts `next` in place and returns the index it replaces. */
  replace(next: FactIndex): FactIndex | undefined;
}

export function factIndexHolder(initial?: FactIndex): FactIndexHolder {
  let serving = initial;
  return {
    current: () => serving,
    replace(next) {
      const previous = serving;
      serving = next;
      return previous;
    },
  };
}
