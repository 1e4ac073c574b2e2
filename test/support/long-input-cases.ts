// Cases for test/long-inputs.test.ts: texts of megabytes shaped against patterns that once
// backtracked quadratically. Run as a script (`node --import tsx long-input-cases.ts NAME`)
// so that the test can stop a case that does not finish: a regular expression blocks its
// thread, and no timeout inside that thread can interrupt it.
import { mayHoldFigure } from "../../src/editorial/compose/disagreements/mentions.js";
import { keyFactProblem } from "../../src/editorial/compose/sentence-grade.js";
import { judgeSentences } from "../../src/editorial/hygiene/judge-sentences.js";
import { shapeReason } from "../../src/editorial/hygiene/sentence-shape.js";
import { sentenceSpans } from "../../src/editorial/text/sentences.js";
import { askedMeasure, quantitiesIn } from "../../src/query/answer-shape.js";

/** Long enough that a quadratic pattern runs for minutes (10^12 steps), a linear one for ms. */
const MEGA = 1_000_000;

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`unexpected result: ${what}`);
}

export const LONG_INPUT_CASES: Record<string, () => void> = {
  "a word of capitals with no sentence after it (hygiene, a leading label in capitals)": () => {
    const text = "A".repeat(MEGA);
    const judged = judgeSentences(text, [{ start: 0, end: text.length }], "en", []);
    check(judged.spans.length <= 1, "one sentence at most");
  },
  "a credit label before a run of spaces (hygiene)": () => {
    check(shapeReason(`author ${" \t".repeat(MEGA / 2)}\u0000`, "en") !== "credit", "no credit");
  },
  "letters and hyphens before a handle (hygiene, addresses)": () => {
    check(shapeReason(`w${"-h".repeat(MEGA / 2)}\u00aa\t@Ap`, "en") === "link", "a handle");
  },
  "a run of digits and separators (disputes, figures)": () => {
    check(!mayHoldFigure(`Officials said ${",0".repeat(MEGA / 2)}.`), "no figure");
  },
  "month names run together (disputes, dates)": () => {
    check(!mayHoldFigure(`Officials said ${"oct\u00aa".repeat(MEGA / 4)}.`), "no date");
  },
  "closing quotation marks before opening ones (key facts, the first person)": () => {
    const marks = `${"\u201d".repeat(MEGA / 2)}${"\u201c".repeat(MEGA / 2)}`;
    check(keyFactProblem(`Officials said ${marks} the bridge would reopen.`) === null, "a fact");
  },
  "a long word and brackets before a sentence run on (the splitter)": () => {
    const text = `${"x".repeat(MEGA)})) The council said the bridge would reopen on Monday.`;
    check(sentenceSpans(text, "en").length > 0, "sentences");
  },
  "digits and double separators (/ask, the figures a fact holds)": () => {
    const run = `${"0,,".repeat(MEGA / 3)}x`;
    for (const question of [
      "How far did the ship sail?",
      "How long did the storm last?",
      "By how much did prices rise?",
      "How much money did the city pay?",
    ]) {
      check(askedMeasure(question)?.figure.test(run) === false, question);
    }
  },
  "a number followed by a million commas (/ask, quantities)": () => {
    check(quantitiesIn(`1${",".repeat(MEGA)}5 people`).length === 1, "one quantity");
  },
};

const name = process.argv[2];
if (name !== undefined) {
  const run = LONG_INPUT_CASES[name];
  if (!run) throw new Error(`no case named ${name}`);
  run();
  process.stdout.write("ok\n");
}
