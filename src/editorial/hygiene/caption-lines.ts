// Caption lines: a line that ends in a picture's credit or in a gallery's counter is a
// caption, every sentence of it. "Police cordon off the area near the Brandenburg Gate in
// Berlin. (Hayoung Jeon/EPA)", "Chicago Cubs players celebrate on the field after … (Photo:
// Ken Blaze-USA TODAY Sports)", "Photos: North Korea launches rocket State media reported that
// more launches were planned. Hide Caption 3 of 8". Read line by line because the sentence
// splitter cuts the credit or counter off its caption, and a caption often reads like a
// statement ("Telegram's apps have been pulled from the iOS App Store. (Photo: Telegram)")
// that no rule on the sentence alone can tell from one. Running text never ends a paragraph
// on a closed sentence and a credit: a source in parentheses inside a sentence ("said Senator
// Roe (R-Texas).") stands before its stop, not after it.

/**
 * What a credit in parentheses holds: a label ("Photo: …", "Photo by …", "Courtesy of …"),
 * a photographer and an agency joined by a slash ("Hayoung Jeon/EPA", "AP Photo/Jane Roe,
 * File"), or a few capitalised words naming the source ("Reuters", "Associated Press",
 * "University of Oklahoma").
 */
const CREDIT_BODY = String.raw`(?:(?:[Pp]hotos?|[Ii]mages?|[Pp]ictures?|[Cc]redits?|[Vv]ideo|[Ss]ource|[Cc]ourtesy)\b[^()\n]{0,80}|\p{Lu}[^()\n/]{0,60}\/[^()\n]{1,80}|\p{Lu}[\p{L}\p{N}.&'’-]*(?:[ \t]+(?:of|the|and|via|for|&|\p{Lu}[\p{L}\p{N}.&'’-]*)){0,5})`;

/**
 * A closed sentence, then a credit in parentheses, then the end of the line. A credit names;
 * it does not close on a stop as an aside does ("(Via Daniel Bogan.)", "(Thanks, Jane.)").
 */
const CREDIT_AT_LINE_END = new RegExp(
  String.raw`[.!?…]["”’']?[ \t]*\(${CREDIT_BODY}(?<!\.)\)[ \t]*$`,
  "gmu",
);

/** A gallery's counter closing the line: "Hide Caption 3 of 8", "Caption 12 of 30". */
const COUNTER_AT_LINE_END = /\b[Cc]aption[ \t]+\d{1,3}[ \t]+of[ \t]+\d{1,3}[ \t]*$/gmu;

/** Adds to `ranges` each line of `text` that `pattern` (global, multiline) ends. */
function addLines(text: string, pattern: RegExp, ranges: Array<[number, number]>): void {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    ranges.push([text.lastIndexOf("\n", match.index) + 1, match.index + match[0].length]);
  }
}

/** Where the caption lines of `text` lie: [start, end) pairs. */
export function captionLineRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  // Most texts have neither: a cheap look before each pattern runs.
  if (text.includes(")\n") || text.trimEnd().endsWith(")"))
    addLines(text, CREDIT_AT_LINE_END, ranges);
  if (text.includes("aption ")) addLines(text, COUNTER_AT_LINE_END, ranges);
  return ranges;
}
