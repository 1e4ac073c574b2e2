// Interns the comparable words (src/text/tokens.ts) of the texts of one topic as small integers, for
// clustering and composition alike. Each distinct word is looked up once per language (stop
// word? stem?); after that an ASCII word is found by hashing its characters in place, without
// cutting it out of the text or lower-casing it, which makes reading 100,000 texts several
// times cheaper than tokenize() followed by a Map.
import { asciiWordHash, comparableWord, NUMBER } from "../../text/tokens.js";
import { charCodeAt } from "../../text/string-builtins.js";

/** Returned by `wordId` for a stop word. */
export const STOP_WORD = -1;

/** Open-addressing table from an ASCII word (compared case-insensitively) to its term id. */
class AsciiWords {
  private hashes = new Int32Array(1 << 12);
  private ids = new Int32Array(1 << 12);
  private words: string[] = new Array<string>(1 << 12);
  private count = 0;

  /** The id stored for text[start, end), or undefined. `hash` is asciiWordHash of the word. */
  find(text: string, start: number, end: number, hash: number): number | undefined {
    const mask = this.hashes.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const word = this.words[slot];
      if (word === undefined) return undefined;
      if (this.hashes[slot] === hash && sameLowerCase(word, text, start, end))
        return this.ids[slot];
    }
  }

  add(word: string, hash: number, id: number): void {
    if (2 * (this.count + 1) > this.hashes.length) this.grow();
    const mask = this.hashes.length - 1;
    let slot = hash & mask;
    while (this.words[slot] !== undefined) slot = (slot + 1) & mask;
    this.words[slot] = word;
    this.hashes[slot] = hash;
    this.ids[slot] = id;
    this.count++;
  }

  private grow(): void {
    const { words, hashes, ids } = this;
    this.hashes = new Int32Array(2 * hashes.length);
    this.ids = new Int32Array(2 * hashes.length);
    this.words = new Array<string>(2 * hashes.length);
    this.count = 0;
    words.forEach((word, slot) => {
      if (word !== undefined) this.add(word, hashes[slot]!, ids[slot]!);
    });
  }
}

function sameLowerCase(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let i = 0; i < word.length; i++) {
    let code = charCodeAt(text, start + i);
    if (code >= 65 && code <= 90) code += 32;
    if (charCodeAt(word, i) !== code) return false;
  }
  return true;
}

export class TermDictionary {
  private readonly ids = new Map<string, number>();
  private readonly terms: string[] = [];
  private numbers = new Uint8Array(1024);
  private readonly otherWords = new Map<string, Map<string, number>>();
  private readonly asciiWords = new Map<string, AsciiWords>();

  /** Number of distinct terms so far (ids are 0 .. size - 1). */
  get size(): number {
    return this.ids.size;
  }

  /** The id of `term`, assigned on first sight. */
  idOf(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(term, id);
      this.terms.push(term);
      if (id >= this.numbers.length) {
        const grown = new Uint8Array(2 * this.numbers.length);
        grown.set(this.numbers);
        this.numbers = grown;
      }
      if (NUMBER.test(term)) this.numbers[id] = 1;
    }
    return id;
  }

  /** The term of an id given by this dictionary. */
  termOf(id: number): string {
    return this.terms[id] as string;
  }

  /** Whether the term is a number as written (words and numbers are compared apart). */
  isNumber(id: number): boolean {
    return this.numbers[id] === 1;
  }

  /** The id of the comparable form of the word text[start, end), or STOP_WORD. */
  wordId(language: string, text: string, start: number, end: number, ascii: boolean): number {
    if (!ascii) return this.otherWordId(language, text.slice(start, end).toLowerCase());
    return this.asciiWordId(language, text, start, end, asciiWordHash(text, start, end));
  }

  /** wordId of an ASCII word whose asciiWordHash the caller has (WordSpans). */
  asciiWordId(language: string, text: string, start: number, end: number, hash: number): number {
    let table = this.asciiWords.get(language);
    if (!table) this.asciiWords.set(language, (table = new AsciiWords()));
    let id = table.find(text, start, end, hash);
    if (id === undefined) {
      const word = text.slice(start, end).toLowerCase();
      id = this.comparableId(word, language);
      table.add(word, hash, id);
    }
    return id;
  }

  private otherWordId(language: string, word: string): number {
    let cache = this.otherWords.get(language);
    if (!cache) this.otherWords.set(language, (cache = new Map<string, number>()));
    let id = cache.get(word);
    if (id === undefined) {
      id = this.comparableId(word, language);
      cache.set(word, id);
    }
    return id;
  }

  private comparableId(word: string, language: string): number {
    const comparable = comparableWord(word, language);
    return comparable === undefined ? STOP_WORD : this.idOf(comparable);
  }
}
