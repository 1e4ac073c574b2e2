// The lead that clustering compares when the builder has no reading of a document (a topic
// composed in worker threads, benchmarks, evaluation): its first reportable sentences, as
// text, the same sentences a reading's lead holds (manifest-reading.ts). Only the start of
// the text is split, since the lead is short.
import { LEAD_CHARACTERS, leadOf } from "../text/lead.js";
import { sentenceSpans } from "../text/sentences.js";
import { judgeSentences } from "./judge-sentences.js";

/** Characters of the text split into sentences to find LEAD_CHARACTERS of reportable ones. */
const READ_CHARACTERS = 4 * LEAD_CHARACTERS;

/** The first `length` characters of `text`, ending before its last space. */
function cutAtSpace(text: string, length: number): string {
  const cut = text.slice(0, length);
  const space = cut.search(/\s\S*$/u);
  return space > length / 2 ? cut.slice(0, space) : cut;
}

/**
 * The reportable sentences at the start of `text`, joined by spaces, cut to about
 * LEAD_CHARACTERS (leadOf); `boilerplateLines` and `title` as for judgeSentences.
 */
export function reportableLead(
  text: string,
  language: string,
  boilerplateLines: readonly string[] = [],
  title = "",
): string {
  const start = text.length <= READ_CHARACTERS ? text : cutAtSpace(text, READ_CHARACTERS);
  const { spans, verdicts } = judgeSentences(
    start,
    sentenceSpans(start, language),
    language,
    boilerplateLines,
    title,
  );
  const kept: string[] = [];
  let length = 0;
  spans.forEach(({ start: from, end }, index) => {
    if (verdicts[index] !== 0 || length >= LEAD_CHARACTERS) return;
    kept.push(start.slice(from, end));
    length += end - from;
  });
  return leadOf(kept.join(" "));
}
