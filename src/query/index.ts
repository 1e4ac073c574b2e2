// The query core shared by /ask and the MCP tools: a fact index built from the published
// stories, searched by plain-language questions (docs/ask.md).
export { buildFactIndex, type FactIndex } from "./fact-index.js";
export { type FactIndexHolder, factIndexHolder } from "./fact-index-holder.js";
export { FACT_RESULT_TYPE, type FactResult, FactResultSchema } from "./fact-result.js";
export { type IndexedStory, IndexedStorySchema } from "./indexed-story.js";
export { DEFAULT_RANKING, type Ranking } from "./ranking.js";
export { readStoryTree, type StoryTree, type StoryTreeProblem } from "./read-story-tree.js";
export { type SearchFactsRequest, SearchFactsRequestSchema, searchFacts } from "./search-facts.js";
export { exampleQuery, FALLBACK_EXAMPLE_QUERY } from "./example-query.js";
