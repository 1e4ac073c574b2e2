// The plain baseline /ask is compared with in `npm run eval`: minisearch's BM25 with its own
// defaults (its tokenizer, no stemming, OR of the question's words) over the same facts /ask
// searches, each with its story's headline as a second field. No answer kinds, no
// corroboration, no recency, no diversity: what a team would get from a search library alone.
import MiniSearch from "minisearch";
import { extractFacts, storyRef } from "../../src/query/extract-facts.js";
import type { IndexedStory } from "../../src/query/indexed-story.js";

interface FactDocument {
  id: number;
  text: string;
  headline: string;
}

/** A search over the facts of `stories`: the texts of the best `limit` facts, each text once. */
export function plainBm25(
  stories: readonly IndexedStory[],
): (question: string, limit: number) => string[] {
  const facts = stories.flatMap((story) => extractFacts(story, storyRef(story)));
  const search = new MiniSearch<FactDocument>({ fields: ["text", "headline"] });
  search.addAll(facts.map((fact, id) => ({ id, text: fact.text, headline: fact.story.headline })));
  return (question, limit) => {
    const texts: string[] = [];
    for (const result of search.search(question)) {
      const text = facts[result.id as number]!.text;
      if (texts.includes(text)) continue;
      texts.push(text);
      if (texts.length === limit) break;
    }
    return texts;
  };
}
