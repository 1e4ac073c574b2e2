// The hygiene verdict on each sentence of one text: 0 when it is reportable, else the code
// of the reason it is dropped (1 + its index in DROP_REASONS). Dropped sentences are never
// facts, deks or grouping evidence; the Manifest itself is never changed.
import type { SentenceSpan } from "../text/sentences.js";
import { captionLineRanges } from "./caption-lines.js";
import { DROP_REASONS, type DropReason, type HygieneCounts } from "./drop-reasons.js";
import { opensClause } from "../text/sentence-rules.js";
import {
  INLINE_CREDIT,
  LEADING_CAPITALS,
  LEADING_LABEL,
  LEADING_TAG,
  MAY_RUN_IN,
  RUN_IN_START,
} from "./furniture-patterns.js";
import { shapeReason } from "./sentence-shape.js";
import { TextMemo } from "../text/text-memo.js";
import { MONTHS, WEEKDAYS } from "../text/english-words.js";

/** The code stored for a reason (0 is "reportable"). */
export function reasonCode(reason: DropReason): number {
  return DROP_REASONS.indexOf(reason) + 1;
}

const BOILERPLATE = reasonCode("boilerplate");

/** Where in `text` the given boilerplate lines lie: [start, end) pairs. */
function lineRanges(text: string, lines: readonly string[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const line of lines) {
    for (let at = text.indexOf(line); at >= 0; at = text.indexOf(line, at + line.length))
      ranges.push([at, at + line.length]);
  }
  return ranges;
}

/** The judged sentences of one text: spans (a start may move past a credit) and verdicts. */
export interface JudgedSentences {
  spans: SentenceSpan[];
  /** Per span: 0 when reportable, else reasonCode of why it is dropped. */
  verdicts: Uint8Array;
}

const STARTS_LIKE_A_SENTENCE = /^["“‘'(]?[\p{Lu}\p{N}]/u;
/** How a sentence ends: a stop, a question or exclamation mark, maybe inside quotes. */
const TERMINATED = /[.!?…。！？][\s"”’')\]]*$/u;

/** Where the last match of `pattern` (global) ends in `sentence`, or 0. */
function lastMatchEnd(pattern: RegExp, sentence: string): number {
  pattern.lastIndex = 0;
  let end = 0;
  for (let match = pattern.exec(sentence); match; match = pattern.exec(sentence)) {
    end = match.index + match[0].length;
    if (match[0].length === 0) pattern.lastIndex++;
  }
  return end;
}

/** Where a label in capitals before the sentence ends (LEADING_CAPITALS), or 0. */
function capitalsLabelEnd(sentence: string): number {
  const match = LEADING_CAPITALS.exec(sentence);
  if (match === null) return 0;
  const [whole, label = "", next = ""] = match;
  const words = label.split(/\s+/).length;
  return words >= 2 || opensClause(next.split(/['’]/)[0] ?? "") ? whole.length : 0;
}

/**
 * Where the reportable part of a sentence starts: after a run-in label ("Photo LONDON --
 * …", "CLOSE It's no secret…") or a wire's tag ("(CNN) Scores of people…"), the last inline
 * credit ("(Photo: Getty Images) Police said…") or a heading run into it without a stop, when
 * what follows is itself a reportable sentence; 0 when it starts at the start; -1 when it is
 * a caption with its credit and nothing else.
 */
function reportableStart(sentence: string, language: string): number {
  let start = (LEADING_LABEL.exec(sentence) ?? LEADING_TAG.exec(sentence))?.[0].length ?? 0;
  if (start === 0) {
    const label = capitalsLabelEnd(sentence);
    if (label > 0 && shapeReason(sentence.slice(label), language) === null) start = label;
  }
  if (sentence.includes("(")) {
    const credit = lastMatchEnd(INLINE_CREDIT, sentence);
    if (credit > start) {
      const rest = sentence.slice(credit);
      if (!STARTS_LIKE_A_SENTENCE.test(rest) || shapeReason(rest, language) !== null) return -1;
      start = credit;
    }
  }
  const runIn = MAY_RUN_IN.test(sentence) ? lastMatchEnd(RUN_IN_START, sentence) : 0;
  if (runIn > start && shapeReason(sentence.slice(runIn), language) === null) start = runIn;
  return start;
}

const CAPTION = reasonCode("caption");
const HEADING = reasonCode("heading");

/** True when `spans` is the text's only sentence and the text is one line. */
function isOneLineText(text: string, spans: readonly SentenceSpan[]): boolean {
  return spans.length === 1 && !text.trim().includes("\n");
}

/** " | " between the parts of a title: "Tony Dow dies at 77 | USA TODAY", "Opinion | …". */
const PIPE = " | ";

/**
 * The statement of a headline-only text (one line, its title): the line, or when it is made
 * of parts joined by " | " (a site or section name before or after the headline), the first
 * part that is a reportable statement by every rule but the closing stop; undefined when no
 * part is one.
 */
function headlineStatement(
  text: string,
  start: number,
  end: number,
  language: string,
): SentenceSpan | undefined {
  let from = start;
  for (;;) {
    const pipe = text.indexOf(PIPE, from);
    const to = pipe < 0 || pipe >= end ? end : pipe;
    const part = text.slice(from, to);
    const lead = part.length - part.trimStart().length;
    const trimmed = part.trim();
    const { skip, code } = verdictsBySentence.get(trimmed, language);
    if (trimmed !== "" && skip === 0 && (code === 0 || code === HEADING)) {
      return { start: from + lead, end: from + lead + trimmed.length };
    }
    if (to === end) return undefined;
    from = to + PIPE.length;
  }
}

/** One sentence's verdict: where its reportable part starts, and 0 or the code of a reason. */
interface SentenceVerdict {
  skip: number;
  code: number;
}

/** The verdict on one sentence by its own text (boilerplate aside). */
function judgeSentence(sentence: string, language: string): SentenceVerdict {
  const skip = reportableStart(sentence, language);
  if (skip < 0) return { skip: 0, code: CAPTION };
  const reportable = skip > 0 ? sentence.slice(skip) : sentence;
  const reason =
    shapeReason(reportable, language) ?? (TERMINATED.test(reportable) ? null : "heading");
  return { skip, code: reason === null ? 0 : reasonCode(reason) };
}

/** Verdicts of the sentences judged so far: wire copies repeat most sentences. */
const verdictsBySentence = new TextMemo(judgeSentence);

/**
 * Words of a title that can be run into the text: a shorter one is more often a name that
 * opens the first sentence ("Apple Inc. reported…" under "Apple").
 */
const TITLE_WORDS = 4;
/** A title that closes on a stop is a sentence of its own, not a heading run into the next. */
const CLOSES_ON_STOP = /[.!?…]["”’')]*$/u;

/**
 * Where the text's first sentence goes on past the Manifest's title, when the text opens
 * with its title run into the next sentence without a stop or a line break, as some
 * extractors give it ("Seven killed as tram derails after 'speeding' round sharp bend At
 * least seven people were killed…"), and what follows is a reportable sentence; else 0.
 */
function pastRunInTitle(sentence: string, title: string, language: string): number {
  const heading = title.trim();
  if (
    heading.split(/\s+/u).length < TITLE_WORDS ||
    CLOSES_ON_STOP.test(heading) ||
    !sentence.startsWith(heading)
  )
    return 0;
  const gap = /^[ \t]+/u.exec(sentence.slice(heading.length))?.[0].length ?? 0;
  if (gap === 0) return 0;
  const rest = sentence.slice(heading.length + gap);
  // "…signs the order Friday, the White House said.": the title's sentence goes on.
  const next = /^\p{L}+/u.exec(rest)?.[0].toLowerCase() ?? "";
  if (WEEKDAYS.has(next) || MONTHS.has(next)) return 0;
  const { skip, code } = verdictsBySentence.get(rest, language);
  return STARTS_LIKE_A_SENTENCE.test(rest) && code === 0 ? heading.length + gap + skip : 0;
}

/** True when the span [start, end) lies inside one of `ranges`. */
function inside(ranges: readonly (readonly [number, number])[], start: number, end: number) {
  return ranges.some(([from, to]) => start >= from && end <= to);
}

/**
 * Verdicts on the sentences `spans` of `text`: boilerplate when a sentence lies inside one of
 * `boilerplateLines` (boilerplate-lines.ts), a caption when it lies on a line that ends in a
 * picture's credit or a gallery's counter (caption-lines.ts), else by its shape
 * (sentence-shape.ts) after moving its start past a run-in label, credit or heading; a line
 * without closing punctuation is a heading, except when it is the whole text: a headline-only
 * item (a feed item without a description becomes its headline, docs/poll.md) states what its
 * headline states, and without it the story would have no fact to cite or to answer /ask
 * from. Such a line must still pass every other rule (a finite verb, not a label, not mostly
 * capitals). A text that opens with its Manifest's `title` run into its first sentence has
 * that sentence start past the title (pastRunInTitle).
 */
export function judgeSentences(
  text: string,
  spans: readonly SentenceSpan[],
  language: string,
  boilerplateLines: readonly string[] = [],
  title = "",
): JudgedSentences {
  const verdicts = new Uint8Array(spans.length);
  const judged: SentenceSpan[] = [];
  const ranges = boilerplateLines.length > 0 ? lineRanges(text, boilerplateLines) : [];
  const captions = captionLineRanges(text);
  spans.forEach(({ start, end }, index) => {
    if (inside(ranges, start, end)) {
      judged.push({ start, end });
      verdicts[index] = BOILERPLATE;
      return;
    }
    if (inside(captions, start, end)) {
      judged.push({ start, end });
      verdicts[index] = CAPTION;
      return;
    }
    const { skip, code } = verdictsBySentence.get(text.slice(start, end), language);
    if ((code === 0 || code === HEADING) && isOneLineText(text, spans)) {
      const statement = headlineStatement(text, start, end, language);
      judged.push(statement ?? { start: start + skip, end });
      verdicts[index] = statement === undefined ? code : 0;
      return;
    }
    const pastTitle =
      index === 0 && start === 0 ? pastRunInTitle(text.slice(start, end), title, language) : 0;
    judged.push({ start: start + (pastTitle > 0 ? pastTitle : skip), end });
    verdicts[index] = pastTitle > 0 ? 0 : code;
  });
  return { spans: judged, verdicts };
}

/** Adds one text's verdicts to a build's counts. */
export function countVerdicts(verdicts: Uint8Array, counts: HygieneCounts): void {
  counts.sentences += verdicts.length;
  for (const code of verdicts) {
    const reason = DROP_REASONS[code - 1];
    if (reason) counts.dropped[reason] += 1;
  }
}
