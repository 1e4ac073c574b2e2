// The hygiene verdict on each sentence of one text: 0 when it is reportable, else the code
// of the reason it is dropped (1 + its index in DROP_REASONS). Dropped sentences are never
// facts, deks or grouping evidence; the Manifest itself is never changed.
import type { SentenceSpan } from "../text/sentences.js";
import { DROP_REASONS, type DropReason, type HygieneCounts } from "./drop-reasons.js";
import { INLINE_CREDIT, LEADING_LABEL, RUN_IN_START } from "./furniture-patterns.js";
import { shapeReason } from "./sentence-shape.js";
import { TextMemo } from "../text/text-memo.js";

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

/**
 * Where the reportable part of a sentence starts: after a run-in label ("Photo LONDON --
 * …"), the last inline credit ("(Photo: Getty Images) Police said…") or a heading run into
 * it without a stop, when what follows is itself a reportable sentence; 0 when it starts at
 * the start; -1 when it is a caption with its credit and nothing else.
 */
function reportableStart(sentence: string, language: string): number {
  let start = LEADING_LABEL.exec(sentence)?.[0].length ?? 0;
  if (sentence.includes("(")) {
    const credit = lastMatchEnd(INLINE_CREDIT, sentence);
    if (credit > start) {
      const rest = sentence.slice(credit);
      if (!STARTS_LIKE_A_SENTENCE.test(rest) || shapeReason(rest, language) !== null) return -1;
      start = credit;
    }
  }
  const runIn = lastMatchEnd(RUN_IN_START, sentence);
  if (runIn > start && shapeReason(sentence.slice(runIn), language) === null) start = runIn;
  return start;
}

const CAPTION = reasonCode("caption");

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
 * Verdicts on the sentences `spans` of `text`: boilerplate when a sentence lies inside one of
 * `boilerplateLines` (boilerplate-lines.ts), else by its shape (sentence-shape.ts) after
 * moving its start past a run-in label, credit or heading; a line without closing
 * punctuation is a heading (a text that is one such line, a title repeated as the body,
 * states nothing a title does not).
 */
export function judgeSentences(
  text: string,
  spans: readonly SentenceSpan[],
  language: string,
  boilerplateLines: readonly string[] = [],
): JudgedSentences {
  const verdicts = new Uint8Array(spans.length);
  const judged: SentenceSpan[] = [];
  const ranges = boilerplateLines.length > 0 ? lineRanges(text, boilerplateLines) : [];
  spans.forEach(({ start, end }, index) => {
    if (ranges.some(([from, to]) => start >= from && end <= to)) {
      judged.push({ start, end });
      verdicts[index] = BOILERPLATE;
      return;
    }
    const { skip, code } = verdictsBySentence.get(text.slice(start, end), language);
    judged.push({ start: start + skip, end });
    verdicts[index] = code;
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
