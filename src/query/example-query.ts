// An example question that finds something in the edition being served: the /ask explanation
// and the next steps of its errors show it, so that an agent that copies the example gets
// facts back (a fixed example such as "harbour bridge" finds nothing on most editions).
import type { FactIndex } from "./fact-index.js";
import { searchFacts } from "./search-facts.js";
import { QUERY_STOP_WORDS } from "./stop-words.js";

/** Used before an edition is loaded. */
export const FALLBACK_EXAMPLE_QUERY = "harbour bridge";

const examples = new WeakMap<FactIndex, string>();

/** The two longest content words of a headline, in headline order ("bridge closed" style). */
function keyWords(headline: string): string {
  const words = (headline.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []).filter(
    (word) => word.length > 2 && !QUERY_STOP_WORDS.has(word),
  );
  const longest = new Set([...words].sort((a, b) => b.length - a.length).slice(0, 2));
  return words.filter((word) => longest.delete(word)).join(" ");
}

/**
 * Key words of the freshest story's headline, checked to find facts now; the whole headline
 * when its key words alone find none; the fallback without an index.
 */
export function exampleQuery(index: FactIndex | undefined, now: Date): string {
  if (index === undefined || index.facts.length === 0) return FALLBACK_EXAMPLE_QUERY;
  const known = examples.get(index);
  if (known !== undefined) return known;
  const headline = (index.facts[index.facts.length - 1] as (typeof index.facts)[number]).story
    .headline;
  const words = keyWords(headline);
  const finds = (query: string) =>
    query !== "" && searchFacts(index, { query, days: 30, limit: 1, now }).length > 0;
  const example = finds(words) ? words : finds(headline) ? headline : FALLBACK_EXAMPLE_QUERY;
  examples.set(index, example);
  return example;
}
