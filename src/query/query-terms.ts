// The terms that facts are indexed by and that questions are searched with: words of any
// script (CJK and Thai split by ICU), lower case, English stop and question words removed,
// English words stemmed, so that "closing" finds "closed" and "jobs" finds "job".
import { stemmer } from "stemmer";
import { lowerCaseWords } from "../text/tokens.js";
import { QUERY_STOP_WORDS } from "./stop-words.js";

// Questions and facts repeat their words; stemming is the costliest step per word.
const CACHE_LIMIT = 100_000;
const cache = new Map<string, string | null>();
const POSSESSIVE = /['’]s$/;
const ENGLISH_WORD = /^[a-z]+$/;

function termOf(word: string): string | null {
  const bare = word.replace(POSSESSIVE, "");
  if (bare === "" || QUERY_STOP_WORDS.has(bare)) return null;
  return ENGLISH_WORD.test(bare) ? stemmer(bare) : bare;
}

function cachedTermOf(word: string): string | null {
  let term = cache.get(word);
  if (term === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    term = termOf(word);
    cache.set(word, term);
  }
  return term;
}

/** The terms of a fact, a headline or a question, in order, repeats kept. */
export function textTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of lowerCaseWords(text)) {
    const term = cachedTermOf(word);
    if (term !== null) terms.push(term);
  }
  return terms;
}

/** The distinct terms of a question, in order of first use. */
export function questionTerms(question: string): string[] {
  return [...new Set(textTerms(question))];
}
