// The /ask question sets the eval asks: one file per real-news set (eval/ask/questions-<set>.json,
// written for SVC on that set's events, with short answer strings found in its articles) and
// the demo set (test/fixtures/ask-questions.json, the fictional corpus). Both read into one
// shape: a question and the strings of which an answering fact holds at least one.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { readJsonFile } from "../read-json.js";
import { packageRoot } from "../../src/config/package-root.js";

/**
 * Answers found by pooled judging (TREC-style), after the questions were written: the top 10
 * of ours and of the BM25 baseline, pooled and shuffled, each text judged by a reader who saw
 * neither system's ranking (docs/ask.md, "Measured"). A string here is copied from a fact the
 * judge said answers in full; its authored answers had missed that wording.
 */
const JudgedSchema = z.array(z.string().min(1)).optional();

const RealQuestionFileSchema = z.object({
  about: z.string(),
  set: z.string().min(1),
  questions: z
    .array(
      z.object({
        /** The set's `cluster_id` of the event the question is about. */
        event: z.string().min(1),
        question: z.string().min(1).max(500),
        answers: z.array(z.string().min(1)).min(1),
        judged: JudgedSchema,
      }),
    )
    .min(1),
});

const DemoQuestionFileSchema = z.object({
  description: z.string(),
  questions: z
    .array(
      z.object({
        query: z.string().min(1).max(500),
        expected: z.array(z.string().min(1)),
        judged: JudgedSchema,
      }),
    )
    .min(1),
});

export interface EvalQuestion {
  question: string;
  /** The authored answers and the judged ones: a fact holding any of them answers. */
  answers: readonly string[];
  /** The answers written with the question, before pooled judging. */
  authored: readonly string[];
  /** The real set's event (cluster_id); undefined for the demo set. */
  event?: string;
}

export interface QuestionSet {
  /** The real-news set asked (gold_standard, news_cluster_dev…), or "demo". */
  set: string;
  questions: readonly EvalQuestion[];
  /** The demo set's answers are exact phrases of its facts; real sets match any case. */
  caseSensitive: boolean;
}

const FILE_NAME = /^questions-([a-z0-9_]+)\.json$/;

function askDirectory(): string {
  return join(packageRoot(), "eval", "ask");
}

type RealQuestionFile = z.infer<typeof RealQuestionFileSchema>;

function realQuestionSet(parsed: RealQuestionFile): QuestionSet {
  return {
    set: parsed.set,
    questions: parsed.questions.map(({ event, question, answers, judged }) => ({
      event,
      question,
      answers: [...answers, ...(judged ?? [])],
      authored: answers,
    })),
    caseSensitive: false,
  };
}

/** Every questions-<set>.json of `folder` (under eval/ask), checked against its schema and name. */
function questionSetsIn(folder: string): QuestionSet[] {
  const directory = join(askDirectory(), folder);
  const files = readdirSync(directory)
    .filter((name) => FILE_NAME.test(name))
    .sort();
  return files.map((name) => {
    const parsed = RealQuestionFileSchema.parse(readJsonFile(join(directory, name)));
    const named = FILE_NAME.exec(name)?.[1];
    if (parsed.set !== named) {
      const path = join("eval", "ask", folder, name);
      throw new Error(`${path}: "set" is "${parsed.set}"; the file name says "${named}"`);
    }
    return realQuestionSet(parsed);
  });
}

/** Every eval/ask/questions-<set>.json: the questions the ranking's constants are chosen on. */
export function loadRealQuestionSets(): QuestionSet[] {
  return questionSetsIn(".");
}

/**
 * Every eval/ask/second-writer/questions-<set>.json: questions a second writer wrote later on
 * the same sets' events, in their own words (main facts and details of the body). Held out:
 * no constant is chosen on them, and the eval reports them without a target.
 */
export function loadSecondWriterSets(): QuestionSet[] {
  return questionSetsIn("second-writer");
}

/**
 * Every eval/ask/outside/questions-<set>.json: questions written blind on the labelled sets
 * built outside the repository (eval/audit/outside-sets.ts: basil, news_cluster_rest), each
 * asked when its set is given with `npm run eval -- --set FILE`; only the questions and their
 * short answers are kept here, never the articles.
 */
export function loadOutsideQuestionSets(): QuestionSet[] {
  return questionSetsIn("outside");
}

/**
 * Of `kept` (loadOutsideQuestionSets), the sets to ask with the `--set` sets named `given`:
 * each one whose set was given and has no question file of one's own (`own`), with the path
 * it was read from.
 */
export function outsideQuestionsFor(
  kept: readonly QuestionSet[],
  given: readonly string[],
  own: readonly string[],
): Array<{ file: string; questions: QuestionSet }> {
  return kept
    .filter(({ set }) => given.includes(set) && !own.includes(set))
    .map((questions) => ({
      file: join("eval", "ask", "outside", `questions-${questions.set}.json`),
      questions,
    }));
}

/**
 * A question file of one's own (`npm run eval -- --questions FILE`), in the shape of
 * eval/ask/questions-<set>.json: its `set` names the labelled article file it was written on
 * (the file's name without its extension, as given with `--set`). What is wrong with it is an
 * error naming the file and the field: not JSON, or a question, an answer or `set` missing.
 */
export function loadQuestionFile(path: string): QuestionSet {
  const json = readJsonFile(path);
  const parsed = RealQuestionFileSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue?.path.length ? issue.path.join(".") : "the file";
    throw new Error(`${path}: ${where}: ${issue?.message ?? "not a question file"}`);
  }
  return realQuestionSet(parsed.data);
}

/** The demo corpus's questions (test/fixtures/ask-questions.json). */
export function loadDemoQuestions(): QuestionSet {
  const path = join(packageRoot(), "test", "fixtures", "ask-questions.json");
  const parsed = DemoQuestionFileSchema.parse(JSON.parse(readFileSync(path, "utf8")));
  return {
    set: "demo",
    questions: parsed.questions.map(({ query, expected, judged }) => ({
      question: query,
      answers: [...expected, ...(judged ?? [])],
      authored: expected,
    })),
    caseSensitive: true,
  };
}
