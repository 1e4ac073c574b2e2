// Words of a text for comparing texts: Unicode word boundaries (any script), lower case,
// stop words of the text's language removed, English words stemmed.
import { createRequire } from "node:module";
import { stemmer } from "stemmer";

// stopwords-iso is a JSON file keyed by ISO 639-1 code (the primary subtag of BCP 47).
const STOPWORDS = createRequire(import.meta.url)("stopwords-iso") as Record<string, string[]>;
const stopwordSets = new Map<string, ReadonlySet<string>>();
const segmenters = new Map<string, Intl.Segmenter>();

// Scripts written without spaces need ICU's dictionaries to find words; every other script is
// split by a regular expression that follows the same UAX #29 rules for the common cases
// ("U.S", "don't", "4.2", "2,600", "re:Invent" stay whole) and is ~70x faster than
// Intl.Segmenter, which matters when the builder reads 100,000 texts.
const NEEDS_DICTIONARY =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD =
  /[\p{L}\p{M}\p{Nd}_]+(?:(?:(?<=\p{L})[.'‘’:·](?=\p{L})|(?<=\p{Nd})[.,;'‘’](?=\p{Nd}))[\p{L}\p{M}\p{Nd}_]+)*/gu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

// Stemming is the costliest step per word and news vocabularies repeat, so stems are cached.
const STEM_CACHE_LIMIT = 200_000;
const stems = new Map<string, string>();

function primaryLanguage(language: string | undefined): string {
  return (language ?? "en").split("-")[0]?.toLowerCase() ?? "en";
}

function stopwordsFor(language: string): ReadonlySet<string> {
  let set = stopwordSets.get(language);
  if (!set) {
    set = new Set(STOPWORDS[language] ?? []);
    stopwordSets.set(language, set);
  }
  return set;
}

function segmenterFor(language: string): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: "word" });
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

function stemEnglish(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
    stem = stemmer(word);
    stems.set(word, stem);
  }
  return stem;
}

function* words(text: string, language: string): Generator<string> {
  if (NEEDS_DICTIONARY.test(text)) {
    for (const part of segmenterFor(language).segment(text)) {
      if (part.isWordLike) yield part.segment;
    }
    return;
  }
  for (const match of text.matchAll(WORD)) {
    if (HAS_LETTER_OR_DIGIT.test(match[0])) yield match[0];
  }
}

export interface TokenizeOptions {
  /** Keep stop words (default: drop them). */
  keepStopwords?: boolean;
}

/** The comparable words of `text`, in order. Numbers are kept as written ("12", "4.2"). */
export function tokenize(text: string, language?: string, options: TokenizeOptions = {}): string[] {
  const primary = primaryLanguage(language);
  const stopwords = options.keepStopwords ? undefined : stopwordsFor(primary);
  const tokens: string[] = [];
  for (const segment of words(text.normalize("NFKC"), primary)) {
    const word = segment.toLowerCase();
    if (stopwords?.has(word)) continue;
    tokens.push(primary === "en" && /^[a-z]+$/.test(word) ? stemEnglish(word) : word);
  }
  return tokens;
}
