// `npm run build && node dist/eval/ask/limit-sweep.js FIELD VALUES [--set FILE ...]`: /ask's
// MRR@5 on every question set with one story limit (StoryLimits.FIELD) set to each of VALUES
// (comma-separated), and the value leave-one-set-out cross-validation chooses for each set.
// The question sets: the first writer's and the second writer's on the three real sets, the
// blind questions kept for each labelled set given with --set (eval/ask/outside: BASIL and the
// 275 news_cluster articles, built by eval/audit/outside-sets.ts) and the demo's. Each set's
// edition is built once per value, as `npm run eval` builds it. docs/ask.md reports what the
// sweeps measured ("Questions nothing was chosen on"); before this tool, each session wrote a
// scratch script for them.
import { existsSync } from "node:fs";
import { basename, extname } from "node:path";
import { pathToFileURL } from "node:url";
import { Command, CommanderError } from "commander";
import { DEFAULT_STORY_LIMITS, type StoryLimits } from "../../src/editorial/compose/limits.js";
import type { IndexedStory } from "../../src/query/indexed-story.js";
import {
  type LabelledDataSet,
  loadLabelledArticles,
  loadRealSets,
} from "../../test/support/real-news.js";
import { buildSet } from "../build-set.js";
import { evalCut } from "../manifests-from-set.js";
import { askQuality, RANKED } from "./ask-quality.js";
import { buildDemoStories, DEMO_NOW } from "./demo-stories.js";
import {
  loadDemoQuestions,
  loadOutsideQuestionSets,
  loadRealQuestionSets,
  loadSecondWriterSets,
  outsideQuestionsFor,
  type QuestionSet,
} from "./question-sets.js";
import { leaveOneOutChoices } from "./ranking-cv.js";

/** The story limits a sweep may set: the numeric ones (the support floors are pairs). */
export const SWEPT_LIMITS = [
  "keyFacts",
  "factsShown",
  "sentencesPerSource",
  "sourceSentenceChars",
  "keyFactWords",
  "sourceSentenceWords",
  "keyFactAnchors",
  "keyFactLead",
  "keyFactLeadMany",
  "dekHeadlineWeight",
] as const satisfies readonly (keyof StoryLimits)[];
export type SweptLimit = (typeof SWEPT_LIMITS)[number];

export interface Sweep {
  field: SweptLimit;
  /** The values tried, in the order given, the shipped one added last when not among them. */
  values: number[];
}

/** FIELD and VALUES as given, or what is wrong with them. */
export function parseSweep(field: string, values: string): Sweep | string {
  if (!(SWEPT_LIMITS as readonly string[]).includes(field))
    return `limit-sweep: "${field}" is not a story limit a sweep can set; use one of ${SWEPT_LIMITS.join(", ")}`;
  const parts = values.split(",").map((part) => part.trim());
  const bad = parts.find(
    (part) => part === "" || !Number.isFinite(Number(part)) || Number(part) < 0,
  );
  if (bad !== undefined)
    return `limit-sweep: VALUES must be numbers of 0 or more, comma-separated (e.g. 8,12,16); got "${bad}" in "${values}"`;
  const swept = field as SweptLimit;
  // Every limit but the dek's weight counts facts, sentences, characters or words.
  const fraction = parts.find((part) => !Number.isInteger(Number(part)));
  if (swept !== "dekHeadlineWeight" && fraction !== undefined)
    return `limit-sweep: ${swept} is a count: VALUES must be whole numbers; got "${fraction}"`;
  const numbers = [...new Set(parts.map(Number))];
  const shipped = DEFAULT_STORY_LIMITS[swept];
  if (!numbers.includes(shipped)) numbers.push(shipped);
  return { field: swept, values: numbers };
}

/** A question set and how to build the stories it is asked of, with given story limits. */
export interface SweptSet {
  /** "first/gold_standard", "second/news_cluster_dev", "outside/basil", "demo". */
  tag: string;
  questions: QuestionSet;
  build: (limits: StoryLimits) => Promise<{ stories: readonly IndexedStory[]; now: Date }>;
}

/** The stories of a labelled set's one-window edition, as `npm run eval` builds it. */
function labelledBuilder(set: LabelledDataSet): SweptSet["build"] {
  return async (limits) => ({
    stories: (await buildSet(set, limits)).edition.stories.map(
      ({ story }) => story as IndexedStory,
    ),
    now: evalCut(set),
  });
}

/**
 * Every question set to sweep: the two writers' on the real sets (those whose articles are
 * beside the checkout), the blind questions of each `--set` file kept in eval/ask/outside, and
 * the demo's.
 */
export function sweptSets(labelled: readonly LabelledDataSet[]): SweptSet[] {
  const byName = new Map(labelled.map((set) => [set.name, set]));
  const of = (prefix: string, sets: readonly QuestionSet[]) =>
    sets.flatMap((questions) => {
      const set = byName.get(questions.set);
      return set === undefined
        ? []
        : [{ tag: `${prefix}/${questions.set}`, questions, build: labelledBuilder(set) }];
    });
  const outside = outsideQuestionsFor(
    loadOutsideQuestionSets(),
    labelled.map((set) => set.name),
    [],
  ).map(({ questions }) => questions);
  return [
    ...of("first", loadRealQuestionSets()),
    ...of("second", loadSecondWriterSets()),
    ...of("outside", outside),
    {
      tag: "demo",
      questions: loadDemoQuestions(),
      build: async (limits) => ({ stories: await buildDemoStories(limits), now: DEMO_NOW }),
    },
  ];
}

/** MRR@5 of each set (columns) with the limit at each value (rows): `mrr[value][set]`. */
export async function sweepLimit(sweep: Sweep, sets: readonly SweptSet[]): Promise<number[][]> {
  const mrr: number[][] = [];
  for (const value of sweep.values) {
    const limits: StoryLimits = { ...DEFAULT_STORY_LIMITS, [sweep.field]: value };
    // One edition per article set and value: the two writers ask the same stories.
    const built = new Map<string, Promise<{ stories: readonly IndexedStory[]; now: Date }>>();
    const row: number[] = [];
    for (const set of sets) {
      const key = set.tag === "demo" ? "demo" : set.questions.set;
      if (!built.has(key)) built.set(key, set.build(limits));
      const { stories, now } = await built.get(key)!;
      row.push(askQuality(set.questions, stories, now).ours.mrr);
    }
    mrr.push(row);
  }
  return mrr;
}

const COLUMN = 9;

/** The table of `mrr` and the leave-one-set-out choices, as the tool prints them. */
export function sweepLines(sweep: Sweep, sets: readonly SweptSet[], mrr: number[][]): string[] {
  const shipped = sweep.values.indexOf(DEFAULT_STORY_LIMITS[sweep.field]);
  const tagWidth = Math.max(14, ...sets.map((set) => set.tag.length)) + 2;
  const cell = (text: string) => text.padEnd(COLUMN);
  const mean = (row: readonly number[]) => row.reduce((sum, x) => sum + x, 0) / row.length;
  const lines = [
    `== /ask MRR@${RANKED} with StoryLimits.${sweep.field} at each value (shipped ${DEFAULT_STORY_LIMITS[sweep.field]}), ${sets.length} question sets`,
    `  ${"question set".padEnd(tagWidth)}${"questions".padEnd(11)}${sweep.values.map((value) => cell(String(value))).join("")}`,
    ...sets.map(
      (set, at) =>
        `  ${set.tag.padEnd(tagWidth)}${String(set.questions.questions.length).padEnd(11)}${mrr.map((row) => cell(row[at]!.toFixed(3))).join("")}`,
    ),
    `  ${"mean of the sets".padEnd(tagWidth + 11)}${mrr.map((row) => cell(mean(row).toFixed(3))).join("")}`,
    `== leave one question set out (chosen on the others: best mean MRR@${RANKED}; ties to the value given first)`,
    `  ${"held-out set".padEnd(tagWidth)}${"chosen".padEnd(COLUMN)}${"held-out".padEnd(COLUMN)}shipped there`,
  ];
  leaveOneOutChoices(mrr).forEach((best, heldOut) => {
    lines.push(
      `  ${sets[heldOut]!.tag.padEnd(tagWidth)}${cell(String(sweep.values[best]))}${cell(mrr[best]![heldOut]!.toFixed(3))}${mrr[shipped]![heldOut]!.toFixed(3)}`,
    );
  });
  return lines.map((line) => line.trimEnd());
}

async function main(argv: readonly string[]): Promise<number> {
  const program = new Command("limit-sweep")
    .argument("<field>", `a story limit: ${SWEPT_LIMITS.join(", ")}`)
    .argument("<values>", "its values, comma-separated (the shipped one is always tried)")
    .option("--set <file...>", "labelled article files whose kept blind questions to ask too", [])
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  try {
    program.parse(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  const [field = "", values = ""] = program.args;
  const sweep = parseSweep(field, values);
  if (typeof sweep === "string") {
    process.stderr.write(`${sweep}\n`);
    return 2;
  }
  const files = program.opts<{ set: string[] }>().set;
  const missing = files.find((file) => !existsSync(file));
  if (missing !== undefined) {
    process.stderr.write(`limit-sweep: --set ${missing}: no such file\n`);
    return 2;
  }
  const labelled = [
    ...loadRealSets(),
    ...files.map((file) => loadLabelledArticles(basename(file, extname(file)), file)),
  ];
  const sets = sweptSets(labelled);
  process.stdout.write(`${sweepLines(sweep, sets, await sweepLimit(sweep, sets)).join("\n")}\n`);
  return 0;
}

// Run as a program (not when a test imports it).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`limit-sweep: ${(error as Error).message}\n`);
      process.exitCode = 1;
    },
  );
}
