// The fact index: every fact of the stories within /ask's reach, searchable by its own words
// and its story's headline (BM25, bm25-postings.ts), numbered oldest first so that a time
// window is a range of rows. Built whole for each edition and never changed: a new edition
// builds a new index while the old one serves (fact-index-holder.ts swaps them).
import { factShape } from "./answer-shape.js";
import {
  type Accumulator,
  createAccumulator,
  type Postings,
  postingsBuilder,
} from "./bm25-postings.js";
import { extractFacts, type Fact, storyRef } from "./extract-facts.js";
import type { IndexedStory } from "./indexed-story.js";
import { textTerms } from "./query-terms.js";
import { corroborationLift, DEFAULT_RANKING, type Ranking } from "./ranking.js";

/** A term of the index: its id in the postings and how many facts contain it. */
export interface IndexedTerm {
  id: number;
  facts: number;
}

export interface FactIndex {
  /** Facts by row − 1, oldest story first. */
  readonly facts: readonly Fact[];
  /** Kinds of answer each fact gives (answer-shape.ts), by row − 1. */
  readonly shapes: Uint8Array;
  /**
   * The distinct term ids of each fact's own text: row r's are
   * factTerms[factTermStarts[r − 1] .. factTermStarts[r]) (answer-rerank.ts compares facts).
   */
  readonly factTerms: Int32Array;
  readonly factTermStarts: Uint32Array;
  /** The corroboration lift of each row (ranking.ts), by row. */
  readonly corroboration: Float32Array;
  /** The topic id of each row (by row; 0 for none). */
  readonly topicOfRow: Uint16Array;
  /** Topic slug → topic id (from 1). */
  readonly topics: ReadonlyMap<string, number>;
  readonly terms: ReadonlyMap<string, IndexedTerm>;
  readonly postings: Postings;
  /** Scratch space of searchFacts (one search at a time: searches are synchronous). */
  readonly accumulator: Accumulator;
  readonly stories: number;
  readonly ranking: Readonly<Ranking>;
}

function byFreshness(a: Fact, b: Fact): number {
  const { story: x } = a;
  const { story: y } = b;
  return x.freshMs - y.freshMs || (x.url < y.url ? -1 : x.url > y.url ? 1 : 0);
}

function termDictionary() {
  const terms = new Map<string, IndexedTerm>();
  return {
    terms,
    idsOf(text: string): number[] {
      return textTerms(text).map((term) => {
        let entry = terms.get(term);
        if (entry === undefined) {
          entry = { id: terms.size, facts: 0 };
          terms.set(term, entry);
        }
        return entry.id;
      });
    },
  };
}

/**
 * The weighted terms of a row: a headline word counts `headlineWeight` of a fact's own word
 * (BM25F's field weights, with one length normalisation for the two fields).
 */
function rowTerms(text: readonly number[], headline: readonly number[], headlineWeight: number) {
  const weights = new Map<number, number>();
  for (const id of text) weights.set(id, (weights.get(id) ?? 0) + 1);
  for (const id of headline) weights.set(id, (weights.get(id) ?? 0) + headlineWeight);
  return { weights, length: text.length + headlineWeight * headline.length };
}

/**
 * Indexes the facts of `stories` (key facts, "What we know" and each source's sentences, docs/stories.md). The result
 * does not depend on the order of `stories`.
 */
export function buildFactIndex(
  stories: Iterable<IndexedStory>,
  ranking: Readonly<Ranking> = DEFAULT_RANKING,
): FactIndex {
  const facts: Fact[] = [];
  let storyCount = 0;
  for (const story of stories) {
    facts.push(...extractFacts(story, storyRef(story)));
    storyCount += 1;
  }
  // Stable: the facts of one story keep the story's order.
  facts.sort(byFreshness);
  const dictionary = termDictionary();
  const builder = postingsBuilder();
  const headlines = new Map<string, number[]>();
  const topics = new Map<string, number>();
  const topicOfRow = new Uint16Array(facts.length + 1);
  const shapes = new Uint8Array(facts.length);
  const corroboration = new Float32Array(facts.length + 1);
  const factTermStarts = new Uint32Array(facts.length + 1);
  let factTerms = new Int32Array(16 * facts.length + 16);
  facts.forEach((fact, index) => {
    const { story } = fact;
    let headline = headlines.get(story.url);
    if (headline === undefined) {
      headline = dictionary.idsOf(story.headline);
      headlines.set(story.url, headline);
    }
    if (story.topic !== undefined && !topics.has(story.topic)) {
      topics.set(story.topic, topics.size + 1);
    }
    topicOfRow[index + 1] = story.topic === undefined ? 0 : (topics.get(story.topic) ?? 0);
    shapes[index] = factShape(fact.text);
    corroboration[index + 1] = corroborationLift(ranking, fact.publishers);
    const ids = dictionary.idsOf(fact.text);
    const distinct = new Set(ids);
    const start = factTermStarts[index] as number;
    if (start + distinct.size > factTerms.length) {
      const grown = new Int32Array(2 * (start + distinct.size));
      grown.set(factTerms);
      factTerms = grown;
    }
    factTerms.set([...distinct], start);
    factTermStarts[index + 1] = start + distinct.size;
    const { weights, length } = rowTerms(ids, headline, ranking.headlineWeight);
    builder.add(weights, length);
  });
  const postings = builder.finish(dictionary.terms.size);
  for (const entry of dictionary.terms.values()) {
    entry.facts = (postings.starts[entry.id + 1] ?? 0) - (postings.starts[entry.id] ?? 0);
  }
  return {
    facts,
    shapes,
    factTerms: factTerms.slice(0, factTermStarts[facts.length]),
    factTermStarts,
    corroboration,
    topicOfRow,
    topics,
    terms: dictionary.terms,
    postings,
    accumulator: createAccumulator(facts.length),
    stories: storyCount,
    ranking,
  };
}
