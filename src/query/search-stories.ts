// Story-level search (MCP svc_search): the stories whose headline, dek and key facts share
// the most informative words with the query, best first. Pure: the index and the time are
// passed in. Facts themselves are searched by searchFacts (/ask, svc_ask).
import { questionTerms } from "./query-terms.js";
import type { StoryEntry, StoryIndex } from "./story-index.js";
import { DAY_MS } from "../time/cut-time.js";

export interface SearchStoriesRequest {
  query: string;
  topic?: string | undefined;
  /** Only stories refreshed within this many days before `now`. */
  days: number;
  limit: number;
  now: Date;
}

export interface ScoredStory {
  entry: StoryEntry;
  /** Higher is better; comparable within one search only. */
  score: number;
  /** The query terms the story contains. */
  matched: number;
}

function scoreOf(entry: StoryEntry, terms: readonly string[], idf: readonly number[]) {
  let score = 0;
  let matched = 0;
  terms.forEach((term, index) => {
    const weight = entry.terms.get(term);
    if (weight === undefined) return;
    matched += 1;
    // Saturating: a word repeated in every fact counts little more than once.
    score += ((idf[index] ?? 0) * (weight * 2.2)) / (weight + 1.2);
  });
  return { score, matched };
}

/** Up to `limit` stories matching `query`, most query words first, then score, then newest. */
export function searchStories(index: StoryIndex, request: SearchStoriesRequest): ScoredStory[] {
  const terms = questionTerms(request.query);
  if (terms.length === 0) return [];
  const total = index.ordered.length;
  const idf = terms.map((term) => {
    const count = index.storiesWithTerm.get(term) ?? 0;
    return Math.log(1 + (total - count + 0.5) / (count + 0.5));
  });
  const since = request.now.getTime() - request.days * DAY_MS;
  const found: ScoredStory[] = [];
  for (const entry of index.ordered) {
    if (entry.updatedMs < since) continue;
    if (request.topic !== undefined && entry.topic !== request.topic) continue;
    const { score, matched } = scoreOf(entry, terms, idf);
    if (matched > 0) found.push({ entry, score, matched });
  }
  found.sort(
    (a, b) => b.matched - a.matched || b.score - a.score || b.entry.updatedMs - a.entry.updatedMs,
  );
  return found.slice(0, request.limit);
}
