// sbd's words of a text: runs of non-space characters, with line breaks and rules ("----")
// as words of their own. Read in place, so that each word knows where it is in the text and
// a sentence can be cut out of the text instead of being joined from its words. Words and
// sentences live in typed arrays reused from text to text: an object per word and an array
// per sentence were about 100 MB of garbage in a 10,000-Manifest build.
import { charCodeAt, sliceOf } from "../../text/string-builtins.js";

export const LINE_BREAK = "@~@";
export const MARK_COMMA = 1;
const MARK_DOT = 2;
/** "!", "?", a closing quote or "@" (of LINE_BREAK): the rules must look at the word. */
const MARK_OTHER = 4;
// What each ASCII character is to the reader below; other characters are letters or spaces.
const WORD_CHAR = 0;
const SPACE = 1;
const NEWLINE = 2;
/** Runs of 4 or more of these separate sentences like a line break ("-----", "####"). */
const RULE = 3;
const ASCII_KIND = Uint8Array.from({ length: 128 }, (_, code) =>
  code === 10
    ? NEWLINE
    : code === 32 || (code >= 9 && code <= 13)
      ? SPACE
      : "-#=_+*".includes(String.fromCharCode(code))
        ? RULE
        : WORD_CHAR,
);
const ASCII_MARK = Uint8Array.from({ length: 128 }, (_, code) =>
  code === 44
    ? MARK_COMMA
    : code === 46
      ? MARK_DOT
      : '!?"@'.includes(String.fromCharCode(code))
        ? MARK_OTHER
        : 0,
);

/** JavaScript's \s beyond ASCII. */
function isWideSpace(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function kindOf(code: number): number {
  return code < 128 ? (ASCII_KIND[code] as number) : isWideSpace(code) ? SPACE : WORD_CHAR;
}

function grownInts(array: Int32Array, length: number): Int32Array {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
}

/**
 * The words of one text, as pieces: piece i < wordCount is the text's word i; pieces after
 * them are parts of a word cut where two sentences run together ("tests.The"). A piece is
 * source.slice(starts[i], ends[i]) (cut out only when a rule looks at it), or has its own
 * text (a line break, a part of a word, a word of a text with "<br": start and end -1).
 */
export class WordList {
  starts: Int32Array = new Int32Array(1024);
  ends: Int32Array = new Int32Array(1024);
  /** Marks in the word (MARK_* bits), so that plain words skip every rule. */
  marks: Uint8Array = new Uint8Array(1024);
  /** Own texts of the pieces (entries past `count` are stale: `add` sets each before use). */
  readonly texts: Array<string | undefined> = [];
  source = "";
  count = 0;
  wordCount = 0;

  /** Empties the list for the words of `source`. */
  reset(source: string): void {
    this.source = source;
    this.count = 0;
    this.wordCount = 0;
  }

  /** Adds a piece; returns its index. */
  add(text: string | undefined, start: number, end: number, marks: number): number {
    if (this.count === this.starts.length) {
      this.starts = grownInts(this.starts, 2 * this.count);
      this.ends = grownInts(this.ends, 2 * this.count);
      const grown = new Uint8Array(2 * this.count);
      grown.set(this.marks);
      this.marks = grown;
    }
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.marks[this.count] = marks;
    // Set in place, not pushed after emptying: the array keeps its storage from text to text.
    if (this.count < this.texts.length) this.texts[this.count] = text;
    else this.texts.push(text);
    return this.count++;
  }

  /** The text of piece `i`. */
  at(i: number): string {
    return (this.texts[i] ??= sliceOf(this.source, this.starts[i]!, this.ends[i]));
  }

  /** Texts of words from..to-1 (sbd's look-ahead), the first as the rules read it. */
  window(first: string, from: number, to: number): string[] {
    const texts = [first];
    for (let i = from + 1; i < Math.min(to, this.wordCount); i++) texts.push(this.at(i));
    return texts;
  }
}

/**
 * sbd's words: runs of non-space characters, with line breaks and rules ("----") as words of
 * their own, read in place into `words` so that each word knows where it is.
 */
export function readWords(text: string, words: WordList): void {
  words.reset(text);
  let start = -1;
  let marks = 0;
  const length = text.length;
  for (let i = 0; i < length;) {
    const code = charCodeAt(text, i);
    const kind = kindOf(code);
    if (kind === WORD_CHAR) {
      if (start < 0) start = i;
      if (code < 128) marks |= ASCII_MARK[code] as number;
      else if (code === 0x201d) marks |= MARK_OTHER;
      i++;
      continue;
    }
    // Anything else ends the word being read.
    const rule = kind === RULE ? ruleEnd(text, i) : i;
    if (kind !== RULE || rule - i >= 4) {
      if (start >= 0) words.add(undefined, start, i, marks);
      start = -1;
      marks = 0;
    }
    if (kind === SPACE) i++;
    else if (kind === NEWLINE) {
      while (charCodeAt(text, i) === 10) i++;
      words.add(LINE_BREAK, -1, -1, MARK_OTHER);
    } else {
      if (rule - i >= 4) words.add(LINE_BREAK, -1, -1, MARK_OTHER);
      else if (start < 0) start = i;
      i = rule;
    }
  }
  if (start >= 0) words.add(undefined, start, length, marks);
  words.wordCount = words.count;
}

/** Where the run of rule characters starting at `from` ends. */
function ruleEnd(text: string, from: number): number {
  let end = from + 1;
  while (end < text.length && kindOf(charCodeAt(text, end)) === RULE) end++;
  return end;
}

/** sbd's words for a text with "<br" in it, where its own pattern decides (no positions). */
export function readWordsWithBreakTags(text: string, words: WordList): void {
  words.reset(text);
  const marked = text.replace(/\n+|[-#=_+*]{4,}/g, ` ${LINE_BREAK} `);
  for (const word of marked.match(/<br\s*\/?>|\S+|\n+/g) ?? []) {
    let marks = 0;
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i);
      marks |= code < 128 ? (ASCII_MARK[code] as number) : code === 0x201d ? MARK_OTHER : 0;
    }
    words.add(word, -1, -1, marks);
  }
  words.wordCount = words.count;
}

/**
 * Sentences as runs of pieces of a WordList: sentence k is pieces[ends[k - 1], ends[k]) (0
 * for k = 0), in order. A sentence is never empty.
 */
export class WordGroups {
  pieces: Int32Array = new Int32Array(1024);
  ends: Int32Array = new Int32Array(256);
  pieceCount = 0;
  count = 0;

  reset(): void {
    this.pieceCount = 0;
    this.count = 0;
  }

  push(piece: number): void {
    if (this.pieceCount === this.pieces.length)
      this.pieces = grownInts(this.pieces, 2 * this.pieceCount);
    this.pieces[this.pieceCount++] = piece;
  }

  /** Drops the last piece pushed. */
  pop(): void {
    this.pieceCount--;
  }

  /** Ends the sentence being grouped, unless it has no piece yet. */
  close(): void {
    if (this.pieceCount === this.startOf(this.count)) return;
    if (this.count === this.ends.length) this.ends = grownInts(this.ends, 2 * this.count);
    this.ends[this.count++] = this.pieceCount;
  }

  /** Where sentence k starts in `pieces`. */
  startOf(k: number): number {
    return k === 0 ? 0 : this.ends[k - 1]!;
  }
}
