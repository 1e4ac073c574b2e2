// Splits a text into its sentences, each an exact substring of the text (facts are copied
// word for word, so a sentence is never rebuilt or normalised).
import sbd from "sbd";

/** Languages written without spaces between words, split by ICU instead of sbd. */
const ICU_LANGUAGES = new Set(["zh", "ja", "ko", "th", "lo", "km", "my"]);

/**
 * sbd reads "was 3. The" as a numbered list item and does not split there; a small number
 * ending a sentence inside running text ("won 3. The crowd…") is a boundary in news copy.
 */
const SMALL_NUMBER_END = /(?<=\p{L}[,;:]?\s\p{N}{1,2}[.!?])\s+(?=["“'‘(]?\p{Lu})/u;

function primaryLanguage(language: string | undefined): string {
  return (language ?? "en").split("-")[0]?.toLowerCase() ?? "en";
}

function splitWithIcu(text: string, language: string): string[] {
  const segmenter = new Intl.Segmenter(language, { granularity: "sentence" });
  return [...segmenter.segment(text)].map((part) => part.segment);
}

/**
 * The sentences of `text`, trimmed, in order. sbd knows abbreviations ("Dr.", "U.S.",
 * "p.m."); scripts without spaces go through ICU's sentence rules.
 */
export function splitSentences(text: string, language?: string): string[] {
  const primary = primaryLanguage(language);
  const pieces = ICU_LANGUAGES.has(primary)
    ? splitWithIcu(text, primary)
    : sbd.sentences(text, { preserve_whitespace: true, newline_boundaries: true });
  return pieces
    .flatMap((piece) => piece.split(SMALL_NUMBER_END))
    .map((piece) => piece.trim())
    .filter((piece) => piece !== "" && text.includes(piece));
}
