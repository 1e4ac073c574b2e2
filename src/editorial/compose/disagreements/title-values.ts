// The numbers of a title, as values: a report's title states its key figure ("450 jobs at
// risk", "43 ill after a wedding", "reopens on June 14"), often without its unit.
import { SCALES } from "../../text/english-words.js";
import { readFigures } from "./read-figures.js";
import { numberValue } from "./qualifiers.js";
import { tokenizeSentence } from "./sentence-tokens.js";
import { normalized } from "../sentence-keys.js";

const HAS_DIGIT = /\p{N}/u;

export function titleValues(title: string, language: string): Set<number> {
  // Every value is read from a number token of the title in NFKC form (as tokenizeSentence
  // reads it): a title without a digit there, as most are, has none and is not tokenized.
  if (!HAS_DIGIT.test(normalized(title))) return new Set();
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
