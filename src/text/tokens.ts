// Words of a text for comparing texts: Unicode word boundaries (any script), lower case,
// stop words of the text's language removed, English words stemmed.
import { createRequire } from "node:module";
import { stemmer } from "stemmer";
import { hasNonAscii } from "./ascii.js";
import { charCodeAt } from "./string-builtins.js";

// stopwords-iso is a JSON file keyed by ISO 639-1 code (the primary subtag of BCP 47).
const STOPWORDS = createRequire(import.meta.url)("stopwords-iso") as Record<string, string[]>;
const stopwordSets = new Map<string, ReadonlySet<string>>();
const segmenters = new Map<string, Intl.Segmenter>();

// Scripts written without spaces need ICU's dictionaries to find words; every other script is
// split by the UAX #29 rules for the common cases ("U.S", "don't", "4.2", "2,600", "re:Invent"
// stay whole), written as WORD and run by a scanner that is ~100x faster than Intl.Segmenter,
// which matters when the builder reads 100,000 texts.
const NEEDS_DICTIONARY =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD =
  /[\p{L}\p{M}\p{Nd}_]+(?:(?:(?<=\p{L})[.'‘’:·](?=\p{L})|(?<=\p{Nd})[.,;'‘’](?=\p{Nd}))[\p{L}\p{M}\p{Nd}_]+)*/gu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** A number as written ("12", "4.2", "2,600"): composition compares numbers apart from words. */
export const NUMBER = /^\p{N}+(?:[.,:]\p{N}+)*$/u;

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

/** stemmer(word), cached: the stem of an English word. */
export function stemEnglish(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
    stem = stemmer(word);
    stems.set(word, stem);
  }
  return stem;
}

// Character classes for the hand-written scanner below, which splits words exactly like WORD
// without allocating a string per word. Computed lazily per UTF-16 code unit.
const WORD_CHAR = 1;
const LETTER = 2;
const DIGIT = 4;
const LETTER_JOINER = 8;
const DIGIT_JOINER = 16;
const CLASSIFIED = 128;
const classes = new Uint8Array(65536);
// Without the u flag, so that it sees the code units of a surrogate pair.
const HAS_SURROGATE = /[\uD800-\uDFFF]/;

function classOf(code: number): number {
  let flags = classes[code]!;
  if (flags === 0) {
    const char = String.fromCharCode(code);
    const letter = /\p{L}/u.test(char);
    const digit = /\p{Nd}/u.test(char);
    const word = letter || digit || code === 95 || /\p{M}/u.test(char);
    flags =
      CLASSIFIED |
      (word ? WORD_CHAR : 0) |
      (letter ? LETTER : 0) |
      (digit ? DIGIT : 0) |
      (".'‘’:·".includes(char) ? LETTER_JOINER : 0) |
      (".,;'‘’".includes(char) ? DIGIT_JOINER : 0);
    classes[code] = flags;
  }
  return flags;
}

/** Receives each word as text.slice(start, end); `ascii` when all its characters are ASCII. */
export type WordVisitor = (text: string, start: number, end: number, ascii: boolean) => void;

function isAscii(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (charCodeAt(text, i) > 127) return false;
  return true;
}

/** Where the words of a text are (the scanner's output), reused from text to text. */
export class WordSpans {
  starts = new Int32Array(256);
  ends = new Int32Array(256);
  /** 1 when the word is all ASCII. */
  ascii = new Uint8Array(256);
  /** For an ASCII word: FNV-1a of its lower-cased characters (asciiWordHash). */
  hashes = new Int32Array(256);
  count = 0;

  push(start: number, end: number, ascii: boolean, hash: number): void {
    if (this.count === this.starts.length) this.grow();
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.ascii[this.count] = ascii ? 1 : 0;
    this.hashes[this.count++] = hash;
  }

  private grow(): void {
    const size = 2 * this.count;
    const [starts, ends, ascii, hashes] = [this.starts, this.ends, this.ascii, this.hashes];
    [this.starts, this.ends] = [new Int32Array(size), new Int32Array(size)];
    [this.ascii, this.hashes] = [new Uint8Array(size), new Int32Array(size)];
    this.starts.set(starts);
    this.ends.set(ends);
    this.ascii.set(ascii);
    this.hashes.set(hashes);
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the lower-cased characters of an ASCII word (what WordSpans.hashes hold). */
export function asciiWordHash(text: string, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) {
    const code = charCodeAt(text, i);
    hash = Math.imul(hash ^ (code >= 65 && code <= 90 ? code + 32 : code), FNV_PRIME);
  }
  return hash;
}

/**
 * The scanner: a run of word characters, extended across a joiner that has letters (or
 * digits) on both sides, as WORD does; a run without a letter or digit is not a word. Fills
 * `spans` (from empty), hashing each word as it goes, so that a dictionary finds an ASCII word
 * without reading it again. For texts that forEachWord reads in place (readsInPlace).
 */
export function scanWordSpans(text: string, spans: WordSpans): void {
  spans.count = 0;
  const length = text.length;
  let i = 0;
  while (i < length) {
    if ((classOf(charCodeAt(text, i)) & WORD_CHAR) === 0) {
      i++;
      continue;
    }
    const start = i;
    let ascii = true;
    let alphanumeric = false;
    let hash = FNV_OFFSET;
    for (;;) {
      for (; i < length; i++) {
        const code = charCodeAt(text, i);
        const flags = classOf(code);
        if ((flags & WORD_CHAR) === 0) break;
        if (code > 127) ascii = false;
        if ((flags & (LETTER | DIGIT)) !== 0) alphanumeric = true;
        hash = Math.imul(hash ^ (code >= 65 && code <= 90 ? code + 32 : code), FNV_PRIME);
      }
      if (i + 1 >= length) break;
      const code = charCodeAt(text, i);
      const joiner = classOf(code);
      const before = classOf(charCodeAt(text, i - 1));
      const after = classOf(charCodeAt(text, i + 1));
      const joinsLetters = (joiner & LETTER_JOINER) !== 0 && (before & after & LETTER) !== 0;
      const joinsDigits = (joiner & DIGIT_JOINER) !== 0 && (before & after & DIGIT) !== 0;
      if (!joinsLetters && !joinsDigits) break;
      if (code > 127) ascii = false;
      hash = Math.imul(hash ^ code, FNV_PRIME);
      i++;
    }
    if (alphanumeric) spans.push(start, i, ascii, hash);
  }
}

/** Spans for forEachWord; a visitor that reads words itself gets a buffer of its own. */
let sharedSpans: WordSpans | undefined = new WordSpans();

function scanWords(text: string, visit: WordVisitor): void {
  const spans = sharedSpans ?? new WordSpans();
  sharedSpans = undefined;
  try {
    scanWordSpans(text, spans);
    for (let k = 0; k < spans.count; k++) {
      visit(text, spans.starts[k]!, spans.ends[k]!, spans.ascii[k] === 1);
    }
  } finally {
    sharedSpans = spans;
  }
}

/**
 * Whether forEachWord reads `text` as it is, with the scanner: then the words of any part of
 * it that starts and ends next to a space are exactly its words inside that part.
 */
export function readsInPlace(text: string): boolean {
  if (!hasNonAscii(text)) return true;
  return (
    !NEEDS_DICTIONARY.test(text) && !HAS_SURROGATE.test(text) && text.normalize("NFKC") === text
  );
}

/** NFKC changes no ASCII text, and most news copy is ASCII: skip the copy it costs. */
export function normalizeNfkc(text: string): string {
  return hasNonAscii(text) ? text.normalize("NFKC") : text;
}

/**
 * Visits the words of `text` in order, after NFKC normalisation (the visitor gets the
 * normalised text). Scripts without spaces go through Intl.Segmenter.
 */
export function forEachWord(text: string, language: string | undefined, visit: WordVisitor): void {
  const normalized = normalizeNfkc(text);
  if (NEEDS_DICTIONARY.test(normalized)) {
    for (const part of segmenterFor(primaryLanguage(language)).segment(normalized)) {
      if (!part.isWordLike) continue;
      const end = part.index + part.segment.length;
      visit(normalized, part.index, end, isAscii(normalized, part.index, end));
    }
  } else if (HAS_SURROGATE.test(normalized)) {
    // Characters beyond the BMP (rare in news) are classified by the regular expression.
    for (const match of normalized.matchAll(WORD)) {
      if (!HAS_LETTER_OR_DIGIT.test(match[0])) continue;
      const end = match.index + match[0].length;
      visit(normalized, match.index, end, isAscii(normalized, match.index, end));
    }
  } else {
    scanWords(normalized, visit);
  }
}

export interface TokenizeOptions {
  /** Keep stop words (default: drop them). */
  keepStopwords?: boolean;
}

/** The words of `text` in order, NFKC-normalised and lower-cased, before stop words and stems. */
export function lowerCaseWords(text: string, language?: string): string[] {
  const words: string[] = [];
  forEachWord(text, language, (normalized, start, end) => {
    words.push(normalized.slice(start, end).toLowerCase());
  });
  return words;
}

/** Curly apostrophes, which most publishers set: read as the straight one of the stop lists. */
const CURLY_APOSTROPHES = /[‘’]/gu;

/**
 * A lower-cased word as texts are compared: a curly apostrophe read as the straight one (so
 * "it’s" is the stop word "it's", and "Trump’s" is the "Trump's" of a publisher that types
 * straight ones), stop words dropped, English words stemmed.
 */
function comparable(word: string, primary: string, keepStopwords = false): string | undefined {
  const plain =
    word.includes("’") || word.includes("‘") ? word.replace(CURLY_APOSTROPHES, "'") : word;
  if (!keepStopwords && stopwordsFor(primary).has(plain)) return undefined;
  return primary === "en" && /^[a-z]+$/.test(plain) ? stemEnglish(plain) : plain;
}

/**
 * What `tokenize` keeps of one lower-cased word: its stem (English) or the word itself, or
 * undefined for a stop word. Callers that see the same words many times can cache this.
 */
export function comparableWord(
  word: string,
  language?: string,
  options: TokenizeOptions = {},
): string | undefined {
  return comparable(word, primaryLanguage(language), options.keepStopwords);
}

/** The comparable words of `text`, in order. Numbers are kept as written ("12", "4.2"). */
export function tokenize(text: string, language?: string, options: TokenizeOptions = {}): string[] {
  const primary = primaryLanguage(language);
  const tokens: string[] = [];
  forEachWord(text, language, (normalized, start, end) => {
    const token = comparable(
      normalized.slice(start, end).toLowerCase(),
      primary,
      options.keepStopwords,
    );
    if (token !== undefined) tokens.push(token);
  });
  return tokens;
}
