// The numbers of a title, as values: a report's title states its key figure ("450 jobs at
// risk", "43 ill after a wedding", "reopens on June 14"), often without its unit.
import { SCALES } from "../../text/english-words.js";
import { readFigures } from "./read-figures.js";
import { numberValue } from "./qualifiers.js";
import { tokenizeSentence } from "./sentence-tokens.js";
import { normalized } from "../sentence-keys.js";

const HAS_DIGIT = /\p{N}/u;

/**
 * Whether a title can state a value: every value is read from a number token of the title in
 * NFKC form (as tokenizeSentence reads it), so a title without a digit there, as most are,
 * has none.
 */
export function titleHoldsNumber(title: string): boolean {
  return HAS_DIGIT.test(normalized(title));
}

export function titleValues(title: string, language: string): Set<number> {
  // A title that holds no number is not tokenized.
  if (!titleHoldsNumber(title)) return new Set();
  const { text, tokens } = tokenizeSentence(title);
  const values = new Set<number>();
  tokens.forEach((token, index) => {
    if (!token.isNumber || token.text.includes(":")) return;
    const scale = SCALES.get(tokens[index + 1]?.lower ?? "") ?? 1;
    values.add(numberValue(token.text) * scale);
  });
  for (const figure of readFigures(text, tokens, { language }, () => false))
    values.add(figure.value);
  return values;
}
