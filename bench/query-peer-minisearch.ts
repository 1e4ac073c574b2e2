// The peer that `npm run bench -- query` measures our fact search against: minisearch 7.2 over
// the same facts, terms, window, topic, lifts and limit, so that the bench prints ratios from
// one run (docs/ask.md, "Why our own BM25 loop"). Not used outside the bench.
import MiniSearch, { type SearchResult } from "minisearch";
import { askedShape, factShape } from "../src/query/answer-shape.js";
import { extractFacts, storyRef } from "../src/query/extract-facts.js";
import type { IndexedStory } from "../src/query/indexed-story.js";
import { questionTerms, textTerms } from "../src/query/query-terms.js";
import { corroborationLift, DEFAULT_RANKING, recencyLift } from "../src/query/ranking.js";
import type { SearchFactsRequest } from "../src/query/search-facts.js";
import { DAY_MS } from "../src/time/cut-time.js";

interface PeerDocument {
  id: number;
  text: string;
  headline: string;
}

/** A minisearch index of the facts, and per fact (by id) what our ranking lifts by. */
export interface MiniSearchPeer {
  readonly search: MiniSearch<PeerDocument>;
  readonly texts: readonly string[];
  readonly freshMs: Float64Array;
  /** Topic id by fact (0 for none); ids from 1. */
  readonly topicOf: Uint16Array;
  readonly topics: ReadonlyMap<string, number>;
  readonly corroboration: Float32Array;
  readonly shapes: Uint8Array;
  /** Facts that contain each term in their text or headline: to pick a question's rarest. */
  readonly documentFrequency: ReadonlyMap<string, number>;
}

/**
 * Indexes the facts of `stories` as ours does (extract-facts.ts; our tokenizer, stop words
 * and stemmer as minisearch's `tokenize`, terms passed through unchanged; the headline as a
 * second field at our headline weight; Okapi BM25's k1 and b, without BM25+'s δ).
 */
export function buildMiniSearchPeer(stories: Iterable<IndexedStory>): MiniSearchPeer {
  const ranking = DEFAULT_RANKING;
  const facts = [...stories].flatMap((story) => extractFacts(story, storyRef(story)));
  // Each text is tokenized once: for the document frequencies and for minisearch.
  const termCache = new Map<string, string[]>();
  const termsOf = (text: string): string[] => {
    let terms = termCache.get(text);
    if (terms === undefined) termCache.set(text, (terms = textTerms(text)));
    return terms;
  };
  const documentFrequency = new Map<string, number>();
  const topics = new Map<string, number>();
  const peer = {
    search: new MiniSearch<PeerDocument>({
      fields: ["text", "headline"],
      tokenize: termsOf,
      processTerm: (term) => term,
      searchOptions: {
        boost: { text: 1, headline: ranking.headlineWeight },
        bm25: { k: 1.2, b: 0.75, d: 0 },
      },
    }),
    texts: facts.map((fact) => fact.text),
    freshMs: new Float64Array(facts.length),
    topicOf: new Uint16Array(facts.length),
    topics,
    corroboration: new Float32Array(facts.length),
    shapes: new Uint8Array(facts.length),
    documentFrequency,
  };
  facts.forEach((fact, id) => {
    const { story } = fact;
    if (story.topic !== undefined && !topics.has(story.topic))
      topics.set(story.topic, topics.size + 1);
    peer.freshMs[id] = story.freshMs;
    peer.topicOf[id] = story.topic === undefined ? 0 : (topics.get(story.topic) ?? 0);
    peer.corroboration[id] = corroborationLift(ranking, fact.publishers);
    peer.shapes[id] = factShape(fact.text);
    for (const term of new Set([...termsOf(fact.text), ...termsOf(story.headline)]))
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    peer.search.add({ id, text: fact.text, headline: story.headline });
  });
  termCache.clear();
  return peer;
}

/** The question's known terms, rarest first, at most as many as ours searches. */
function rarestTerms(peer: MiniSearchPeer, question: string): string[] {
  const frequency = (term: string) => peer.documentFrequency.get(term) ?? 0;
  return questionTerms(question)
    .filter((term) => frequency(term) > 0)
    .sort((a, b) => frequency(a) - frequency(b))
    .slice(0, DEFAULT_RANKING.maxQueryTerms);
}

/**
 * The texts of up to `limit` facts, best first, as searchFacts would pick them: the window
 * and topic through minisearch's `filter`, our corroboration, recency and answer-kind lifts
 * through `boostDocument`, each text once.
 */
export function searchMiniSearchPeer(peer: MiniSearchPeer, request: SearchFactsRequest): string[] {
  const nowMs = request.now.getTime();
  const fromMs = nowMs - request.days * DAY_MS;
  const topic = request.topic === undefined ? 0 : (peer.topics.get(request.topic) ?? -1);
  if (topic === -1) return [];
  const shape = askedShape(request.query);
  const recency = new Map<number, number>();
  const found = peer.search.search(request.query, {
    tokenize: (question) => rarestTerms(peer, question),
    processTerm: (term) => term,
    filter: (result: SearchResult) => {
      const id = result.id as number;
      const freshMs = peer.freshMs[id] as number;
      return freshMs >= fromMs && freshMs <= nowMs && (topic === 0 || peer.topicOf[id] === topic);
    },
    boostDocument: (id: number) => {
      const freshMs = peer.freshMs[id] as number;
      let lift = recency.get(freshMs);
      if (lift === undefined) {
        lift = recencyLift(DEFAULT_RANKING, freshMs, nowMs);
        recency.set(freshMs, lift);
      }
      lift *= peer.corroboration[id] as number;
      if (((peer.shapes[id] as number) & shape) !== 0) lift *= DEFAULT_RANKING.answerShapeBoost;
      return lift;
    },
  });
  const texts: string[] = [];
  for (const result of found) {
    const text = peer.texts[result.id as number] as string;
    if (texts.includes(text)) continue;
    texts.push(text);
    if (texts.length === request.limit) break;
  }
  return texts;
}
