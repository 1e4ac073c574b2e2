// Quotation marks a sentence leaves open, and the newspapers' convention for a quotation that
// runs over several paragraphs: each paragraph of it opens with a quote mark and only the last
// one closes it. A sentence that ends its paragraph inside such a quotation is complete; its
// open mark is not a scrap of a quote.

/** How often `mark` occurs in `text` (found by indexOf: most sentences hold no quote). */
function occurrences(text: string, mark: string): number {
  let count = 0;
  for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + 1)) count++;
  return count;
}

/** Straight double quotes come in pairs; curly ones open and close. */
export function quotesBalanced(text: string): boolean {
  return occurrences(text, '"') % 2 === 0 && occurrences(text, "“") === occurrences(text, "”");
}

/**
 * The mark that closes the one quotation `sentence` leaves open: a straight one when it holds
 * an odd number of straight marks and its curly ones pair up, a curly one when one more curly
 * mark opens than closes and its straight ones pair up; undefined when its marks are balanced
 * or out of balance in any other way.
 */
export function closingMarkOfOpenQuotation(sentence: string): '"' | "”" | undefined {
  const straight = occurrences(sentence, '"') % 2;
  const curly = occurrences(sentence, "“") - occurrences(sentence, "”");
  if (straight === 1 && curly === 0) return '"';
  if (straight === 0 && curly === 1) return "”";
  return undefined;
}

/**
 * The end of a paragraph (spaces, then a line break) and the next paragraph opening with a
 * quote mark, straight or curly, after any blank lines or indent. Sticky: tried at one
 * position only.
 */
const NEXT_PARAGRAPH_OPENS_QUOTE = /[^\S\n]*\n\s*["“]/y;

/**
 * Whether `sentence` (text.slice(start, end) of a text whose paragraphs are its lines) leaves
 * one quotation open at the end of its paragraph, and the next paragraph opens with a quote
 * mark: by the convention, the quotation goes on there, and the sentence is complete. A
 * sentence left open inside its paragraph, or at the end of one that the next does not go on
 * from, is still a scrap. The paragraph is read first: the pattern stops at the first
 * character after the sentence that is not a space (its next word, for most sentences), where
 * counting marks would read the whole sentence; marks are counted only in a sentence that
 * ends its paragraph before one opening with a quote mark.
 */
export function continuesQuotation(sentence: string, text: string, end: number): boolean {
  NEXT_PARAGRAPH_OPENS_QUOTE.lastIndex = end;
  return (
    NEXT_PARAGRAPH_OPENS_QUOTE.test(text) && closingMarkOfOpenQuotation(sentence) !== undefined
  );
}
