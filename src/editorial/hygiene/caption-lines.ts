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

/**
 * A closed sentence, then the word "Credit" and a photographer and an agency joined by a
 * slash, then the end of the line: a credit written without brackets ("… feel threatened.
 * Credit Omer Messinger/European Pressphoto Agency"). The slash keeps a company's name out
 * ("… fell. Credit Suisse said…" closes on its own stop).
 */
const CREDIT_WORD_AT_LINE_END =
  /[.!?…]["”’']?[ \t]+Credits?:?[ \t]+\p{Lu}[^\n/.!?]{0,60}\/[ \t]?\p{Lu}[^\n/.!?]{0,60}$/gmu;

/** A gallery's counter closing the line: "Hide Caption 3 of 8", "Caption 12 of 30". */
const COUNTER_AT_LINE_END = /\b[Cc]aption[ \t]+\d{1,3}[ \t]+of[ \t]+\d{1,3}[ \t]*$/gmu;

/** Adds to `ranges` each line of `text` that `pattern` (global, multiline) ends. */
function addLines(text: string, pattern: RegExp, ranges: Array<[number, number]>): void {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    ranges.push([text.lastIndexOf("\n", match.index) + 1, match.index + match[0].length]);
  }
}

/**
 * A gallery or a video playlist run into one line: each item repeats the widget's own words
 * ("Photos: Bastille Day terror: Harrowing images of truck attack in Nice" before each of 25
 * captions, "Skip in Skip x Embed x Share CLOSE WHAT YOU NEED TO KNOW ABOUT …" before each of
 * 41 videos). A run of GALLERY_RUN_WORDS words found GALLERY_REPEATS times in one line marks
 * one; prose repeats a phrase a few times at most (a whole article on one line repeats its
 * picture's caption up to four times in the real sets).
 */
const GALLERY_RUN_WORDS = 6;
const GALLERY_REPEATS = 8;
/** Shorter lines cannot hold a gallery's repeats with its items. */
const GALLERY_MIN_LINE = 1500;
const LINE_WORD = /[\p{L}\p{N}'’]+/gu;

/** Where in `line` a gallery starts (its first repeated run), or -1. */
function galleryStart(line: string): number {
  const words: string[] = [];
  const starts: number[] = [];
  LINE_WORD.lastIndex = 0;
  for (let match = LINE_WORD.exec(line); match; match = LINE_WORD.exec(line)) {
    words.push(match[0].toLowerCase());
    starts.push(match.index);
  }
  const counts = new Map<string, { count: number; first: number }>();
  let start = -1;
  for (let at = 0; at + GALLERY_RUN_WORDS <= words.length; at++) {
    const run = words.slice(at, at + GALLERY_RUN_WORDS).join(" ");
    const seen = counts.get(run);
    if (seen === undefined) counts.set(run, { count: 1, first: at });
    else if (++seen.count === GALLERY_REPEATS) {
      const from = starts[seen.first]!;
      if (start < 0 || from < start) start = from;
    }
  }
  return start;
}

/** Adds to `ranges` the part of each long line of `text` from where a gallery starts. */
function addGalleries(text: string, ranges: Array<[number, number]>): void {
  for (let from = 0; from < text.length;) {
    const newline = text.indexOf("\n", from);
    const end = newline < 0 ? text.length : newline;
    if (end - from >= GALLERY_MIN_LINE) {
      const start = galleryStart(text.slice(from, end));
      if (start >= 0) ranges.push([from + start, end]);
    }
    from = end + 1;
  }
}

/** Where the caption lines of `text` lie, and the galleries run into a line: [start, end) pairs. */
export function captionLineRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  // Most texts have neither: a cheap look before each pattern runs.
  if (text.includes(")\n") || text.trimEnd().endsWith(")"))
    addLines(text, CREDIT_AT_LINE_END, ranges);
  if (text.includes("aption ")) addLines(text, COUNTER_AT_LINE_END, ranges);
  if (text.includes("Credit")) addLines(text, CREDIT_WORD_AT_LINE_END, ranges);
  if (text.length >= GALLERY_MIN_LINE) addGalleries(text, ranges);
  return ranges;
}
