// sbd's words of a text: runs of non-space characters, with line breaks and rules ("----")
// as words of their own. Read in place, so that each word knows where it is in the text and
// a sentence can be cut out of the text instead of being joined from its words.
import { charCodeAt, sliceOf } from "../../text/string-builtins.js";

/**
 * A word of sbd's reading: text.slice(start, end) (cut out only when a rule looks at it), or
 * a word with its own text (a line break, a part of a word, a word of a text with "<br").
 */
export interface Word {
  text: string | undefined;
  start: number;
  end: number;
  /** Marks in the word (MARK_* bits), so that plain words skip every rule. */
  marks: number;
}

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

/**
 * sbd's words: runs of non-space characters, with line breaks and rules ("----") as words of
 * their own, read in place so that each word knows where it is.
 */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  const breakWord: Word = { text: LINE_BREAK, start: -1, end: -1, marks: MARK_OTHER };
  let start = -1;
  let marks = 0;
  const close = (end: number) => {
    if (start >= 0) words.push({ text: undefined, start, end, marks });
    start = -1;
    marks = 0;
  };
  const length = text.length;
  for (let i = 0; i < length;) {
    const code = charCodeAt(text, i);
    const kind = kindOf(code);
    if (kind === WORD_CHAR) {
      if (start < 0) start = i;
      if (code < 128) marks |= ASCII_MARK[code] as number;
      else if (code === 0x201d) marks |= MARK_OTHER;
      i++;
    } else if (kind === SPACE) {
      close(i);
      i++;
    } else if (kind === NEWLINE) {
      close(i);
      while (charCodeAt(text, i) === 10) i++;
      words.push(breakWord);
    } else {
      let end = i + 1;
      while (end < length && kindOf(charCodeAt(text, end)) === RULE) end++;
      if (end - i >= 4) {
        close(i);
        words.push(breakWord);
      } else if (start < 0) start = i;
      i = end;
    }
  }
  close(length);
  return words;
}

/** sbd's words for a text with "<br" in it, where its own pattern decides (no positions). */
export function wordsWithBreakTags(text: string): Word[] {
  const marked = text.replace(/\n+|[-#=_+*]{4,}/g, ` ${LINE_BREAK} `);
  return (marked.match(/<br\s*\/?>|\S+|\n+/g) ?? []).map((word) => {
    let marks = 0;
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i);
      marks |= code < 128 ? (ASCII_MARK[code] as number) : code === 0x201d ? MARK_OTHER : 0;
    }
    return { text: word, start: -1, end: -1, marks };
  });
}

/** The words of one text, with their texts cut out when first needed. */
export class WordTexts {
  constructor(
    private readonly source: string,
    readonly words: Word[],
  ) {}

  at(i: number): string {
    return this.of(this.words[i] as Word);
  }

  of(word: Word): string {
    return (word.text ??= sliceOf(this.source, word.start, word.end));
  }

  /** Texts of words from..to-1 (sbd's look-ahead), the first as the rules read it. */
  window(first: string, from: number, to: number): string[] {
    const texts = [first];
    for (let i = from + 1; i < Math.min(to, this.words.length); i++) texts.push(this.at(i));
    return texts;
  }
}
