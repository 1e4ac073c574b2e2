// The words of one sentence with what lies between them: enough to tell a figure ("$310
// million", "41.3 degrees", "June 14") from its surroundings, its clause and whether it is
// inside a quotation.
import { lowerCase } from "../../../text/string-builtins.js";
import { forEachWordMatch, normalized } from "../sentence-keys.js";

export interface Token {
  /** As written (NFKC). */
  text: string;
  lower: string;
  start: number;
  end: number;
  isNumber: boolean;
  /** What lies between the previous token (or the sentence start) and this one. */
  before: string;
  /** Clauses are separated by , ; : ( ) [ ], dashes and quotation marks. */
  clause: number;
  /** Inside a direct quotation. */
  quoted: boolean;
}

export interface TokenizedSentence {
  text: string;
  tokens: Token[];
}

const CLAUSE_BREAK = /[,;:()[\]—–"“”]|\s-\s/u;
const SPACE_OR_START = /^$|[\s([]$/u;

/**
 * Whether a straight quotation mark at `index` opens a quotation: it follows a space, an
 * opening bracket or the start of the sentence.
 */
function opensQuote(text: string, index: number): boolean {
  return SPACE_OR_START.test(text.slice(Math.max(0, index - 1), index));
}

/**
 * Whether `text` holds a quotation mark (straight or curly): most sentences hold none, and
 * indexOf finds that out far faster than a loop over their characters.
 */
function hasQuotationMark(text: string): boolean {
  return text.includes('"') || text.includes("“") || text.includes("”");
}

/**
 * Whether the sentence starts inside a quotation: its first quotation mark closes one
 * (`…was fine," Abel said.` is the end of a quotation opened in an earlier sentence).
 */
function startsQuoted(text: string): boolean {
  if (!hasQuotationMark(text)) return false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === "“") return false;
    if (char === "”") return true;
    if (char === '"') return !opensQuote(text, index);
  }
  return false;
}

/**
 * Whether a sentence ends inside a quotation that goes on in the next one ("We have 12
 * injured. Two are critical," he said.), given whether it starts inside one.
 */
export function endsInsideQuotation(sentence: string, quotedAtStart: boolean): boolean {
  if (!hasQuotationMark(sentence)) return quotedAtStart;
  let quoted = quotedAtStart || startsQuoted(sentence);
  for (let index = 0; index < sentence.length; index++) {
    const char = sentence[index];
    if (char === "“") quoted = true;
    else if (char === "”") quoted = false;
    else if (char === '"') quoted = opensQuote(sentence, index);
  }
  return quoted;
}

/**
 * The tokens of a sentence, with their clause and quotation state; `quotedAtStart` when the
 * previous sentence ended inside a quotation.
 */
export function tokenizeSentence(sentence: string, quotedAtStart = false): TokenizedSentence {
  const text = normalized(sentence);
  const tokens: Token[] = [];
  let quoted = quotedAtStart || startsQuoted(text);
  let clause = 0;
  let previousEnd = 0;
  forEachWordMatch(text, (start, end, isNumber) => {
    const before = text.slice(previousEnd, start);
    // Most words follow one space, which neither breaks a clause nor opens a quotation.
    if (before !== " ") {
      if (CLAUSE_BREAK.test(before)) clause += 1;
      for (let index = previousEnd; index < start; index++) {
        const char = text[index];
        if (char === "“") quoted = true;
        else if (char === "”") quoted = false;
        else if (char === '"') quoted = opensQuote(text, index);
      }
    }
    const word = text.slice(start, end);
    tokens.push({
      text: word,
      lower: lowerCase(word),
      start,
      end,
      isNumber,
      before,
      clause,
      quoted,
    });
    previousEnd = end;
  });
  return { text, tokens };
}
