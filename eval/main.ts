// `npm run eval`: builds each real-news set in one window and reports clustering quality
// against the TF-IDF baseline, junk in the stories, the hygiene stage's drop counts and how
// /ask answers questions written on a set's events (eval/ask/).
// A report, not a test: exit code 0 even when targets are missed, 2 without the data.
// `--set FILE` (repeatable) also measures a labelled article file of one's own, in the real
// sets' shape (test/support/real-news.ts, loadLabelledArticles), as a held-out set;
// `--questions FILE` (repeatable) asks /ask a question file of one's own, written on such a
// set (eval/ask/question-sets.ts, loadQuestionFile), and reports it beside the baseline.
// `--verdicts FILE` (repeatable) is a blind audit of such a set, in the shape of
// eval/audit/verdicts.json: its junk shares are reported as the real sets' are; `--unjudged
// FILE` writes the rows of those sets' stories that no verdict covers, for the next audit.
import { existsSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { IndexedStory } from "../src/query/indexed-story.js";
import {
  type LabelledDataSet,
  loadDemoTopics,
  loadAggregatorHeadlines,
  loadLabelledArticles,
  loadRealSets,
  realNewsDirectory,
} from "../test/support/real-news.js";
import {
  type AskQuality,
  askQuality,
  askQualityLines,
  pooled,
  type RankScore,
  MIN_REAL_QUESTIONS,
  RANKED,
  TARGET_MRR,
} from "./ask/ask-quality.js";
import { buildDemoStories, DEMO_NOW } from "./ask/demo-stories.js";
import {
  loadDemoQuestions,
  loadOutsideQuestionSets,
  loadQuestionFile,
  outsideQuestionsFor,
  loadRealQuestionSets,
  loadSecondWriterSets,
  type QuestionSet,
} from "./ask/question-sets.js";
import {
  type AskedSet,
  crossValidateHeadlineWeight,
  rankingCrossValidationLines,
} from "./ask/ranking-cv.js";
import {
  crossValidateLimit,
  limitSets,
  limitCrossValidationLines,
  TUNED_LIMITS,
} from "./audit/limit-cv.js";
import { type AnyVerdict, readAnyVerdicts, readVerdicts, unjudgedRows } from "./audit/verdicts.js";
import { buildSet, validManifests } from "./build-set.js";
import { evaluateDemo, evaluateFeeds, evaluateSet } from "./evaluate-set.js";
import { loadFeedEvents } from "./feed-events.js";
import { buildFeedsEdition } from "./feeds-edition.js";
import { evalCut, manifestsFromSet } from "./manifests-from-set.js";
import {
  crossValidationLines,
  demoLines,
  feedsLines,
  heldOutLines,
  ownSetLines,
  setLines,
  targetLines,
} from "./report-lines.js";
import { checkTargets, type TargetResult } from "./targets.js";
import { baselineCrossValidation } from "./tfidf-baseline.js";

function print(lines: readonly string[]): void {
  process.stdout.write(`${lines.join("\n")}\n\n`);
}

/** /ask on each real set's questions and on the demo's, ours and the baseline, with targets. */
async function askLines(sets: readonly LabelledDataSet[]) {
  const lines: string[][] = [];
  const real: { ours: RankScore; baseline: RankScore; oursAuthored: RankScore }[] = [];
  const askedSets: AskedSet[] = [];
  const editions = new Map<string, IndexedStory[]>();
  const storiesOf = async (set: LabelledDataSet) => {
    let stories = editions.get(set.name);
    if (stories === undefined) {
      const { edition } = await buildSet(set);
      stories = edition.stories.map(({ story }) => story as IndexedStory);
      editions.set(set.name, stories);
    }
    return stories;
  };
  for (const questions of loadRealQuestionSets()) {
    const asked = sets.find((set) => set.name === questions.set);
    if (!asked) continue;
    const stories = await storiesOf(asked);
    const quality = askQuality(questions, stories, evalCut(asked));
    askedSets.push({ questions, stories, now: evalCut(asked) });
    real.push(quality);
    lines.push(askQualityLines(quality, "written on its events"));
  }
  const all = {
    ours: pooled(real.map((r) => r.ours)),
    baseline: pooled(real.map((r) => r.baseline)),
    oursAuthored: pooled(real.map((r) => r.oursAuthored)),
  };
  lines.push([
    `== /ask on every real set's questions together: ${all.ours.questions} questions`,
    `  ours MRR@${RANKED} ${all.ours.mrr.toFixed(3)} recall@${RANKED} ${all.ours.recall.toFixed(3)}; baseline MRR@${RANKED} ${all.baseline.mrr.toFixed(3)} recall@${RANKED} ${all.baseline.recall.toFixed(3)}`,
    `  ours on the authored answers alone: MRR@${RANKED} ${all.oursAuthored.mrr.toFixed(3)} recall@${RANKED} ${all.oursAuthored.recall.toFixed(3)}`,
  ]);
  // The second writer's questions: held out, reported beside the baseline, no target.
  const second: AskQuality[] = [];
  for (const questions of loadSecondWriterSets()) {
    const asked = sets.find((set) => set.name === questions.set);
    if (!asked) continue;
    const quality = askQuality(questions, await storiesOf(asked), evalCut(asked));
    second.push(quality);
    lines.push(askQualityLines(quality, "by a second writer (held out: nothing chosen on them)"));
  }
  if (second.length > 0) {
    const [ours, baseline] = [
      pooled(second.map((r) => r.ours)),
      pooled(second.map((r) => r.baseline)),
    ];
    lines.push([
      `== /ask on the second writer's questions together (held out): ${ours.questions} questions`,
      `  ours MRR@${RANKED} ${ours.mrr.toFixed(3)} recall@${RANKED} ${ours.recall.toFixed(3)}; baseline MRR@${RANKED} ${baseline.mrr.toFixed(3)} recall@${RANKED} ${baseline.recall.toFixed(3)}`,
    ]);
  }
  const demoQuestions = loadDemoQuestions();
  const demoStories = await buildDemoStories();
  const demo = askQuality(demoQuestions, demoStories, DEMO_NOW);
  lines.push(askQualityLines(demo, "about the fictional demo corpus"));
  askedSets.push({ questions: demoQuestions, stories: demoStories, now: DEMO_NOW });
  lines.push(rankingCrossValidationLines(crossValidateHeadlineWeight(askedSets)));
  // Measured on every accepted answer (authored and judged); the authored-only figure beside it.
  const target = (
    set: string,
    { ours, oursAuthored }: { ours: RankScore; oursAuthored: RankScore },
    min: number,
  ): TargetResult => ({
    set,
    target: `/ask MRR@${RANKED} >= ${min}`,
    met: ours.mrr >= min,
    measured: `${ours.mrr.toFixed(3)} (${ours.questions} questions; authored answers alone ${oursAuthored.mrr.toFixed(3)})`,
  });
  return {
    sets: lines,
    targets: [
      {
        set: "real questions",
        target: `at least ${MIN_REAL_QUESTIONS} questions`,
        met: all.ours.questions >= MIN_REAL_QUESTIONS,
        measured: String(all.ours.questions),
      },
      target("real questions", all, TARGET_MRR.real),
      target("demo", demo, TARGET_MRR.demo),
    ],
  };
}

interface OwnSets {
  sets: Array<{ file: string; set: LabelledDataSet }>;
  /** Question files given with `--questions`, each with the `--set` set it asks. */
  questions: Array<{ file: string; questions: QuestionSet; set: LabelledDataSet }>;
  /** The verdicts of `--verdicts` files, each on a `--set` set (with texts or hashed). */
  verdicts: AnyVerdict[];
  /** Where `--unjudged` writes the `--set` sets' rows that no verdict covers. */
  unjudged: string | undefined;
}

const USAGE =
  "usage: npm run eval [-- --set FILE ... [--questions FILE ...] [--verdicts FILE ...] [--unjudged FILE]]";

/** The verdicts of `--verdicts` files, each on a set given with `--set`; or what is wrong. */
function ownVerdicts(files: readonly string[], sets: OwnSets["sets"]): AnyVerdict[] | string {
  const names = new Set(sets.map((own) => own.set.name));
  const verdicts: AnyVerdict[] = [];
  for (const file of files) {
    if (!existsSync(file)) return `eval: --verdicts ${file}: no such file`;
    let read: AnyVerdict[];
    try {
      read = readAnyVerdicts(file);
    } catch (error) {
      return `eval: --verdicts ${(error as Error).message}`;
    }
    const stray = read.find((verdict) => !names.has(verdict.set));
    if (stray !== undefined) {
      const given = [...names].join(", ") || "none";
      return `eval: --verdicts ${file}: a verdict's "set" is "${stray.set}", but no --set file of that name was given (given: ${given}); ${USAGE}`;
    }
    verdicts.push(...read);
  }
  return verdicts;
}

/**
 * The sets given with `--set` and the question files given with `--questions`, each read
 * before anything is built, or what is wrong with the arguments or a file.
 */
function ownSets(args: readonly string[]): OwnSets | string {
  let files: string[];
  let questionFiles: string[];
  let verdictFiles: string[];
  let unjudged: string | undefined;
  try {
    const { values } = parseArgs({
      args: [...args],
      options: {
        set: { type: "string", multiple: true },
        questions: { type: "string", multiple: true },
        verdicts: { type: "string", multiple: true },
        unjudged: { type: "string" },
      },
      strict: true,
    });
    [files, questionFiles] = [values.set ?? [], values.questions ?? []];
    [verdictFiles, unjudged] = [values.verdicts ?? [], values.unjudged];
  } catch (error) {
    return `eval: ${(error as Error).message}; ${USAGE}`;
  }
  const missing = files.find((file) => !existsSync(file));
  if (missing !== undefined) return `eval: --set ${missing}: no such file`;
  const missingQuestions = questionFiles.find((file) => !existsSync(file));
  if (missingQuestions !== undefined) return `eval: --questions ${missingQuestions}: no such file`;
  let sets: OwnSets["sets"];
  try {
    sets = files.map((file) => {
      const set = loadLabelledArticles(basename(file, extname(file)), file);
      // Each article must make a valid Manifest: found now, not after the rest has run.
      validManifests(file, manifestsFromSet(set));
      return { file, set };
    });
  } catch (error) {
    return `eval: --set ${(error as Error).message}`;
  }
  const questions: OwnSets["questions"] = [];
  for (const file of questionFiles) {
    let asked: QuestionSet;
    try {
      asked = loadQuestionFile(file);
    } catch (error) {
      return `eval: --questions ${(error as Error).message}`;
    }
    const set = sets.find((own) => own.set.name === asked.set)?.set;
    if (set === undefined) {
      const given = sets.map((own) => own.set.name).join(", ") || "none";
      return `eval: --questions ${file}: its "set" is "${asked.set}", but no --set file of that name was given (given: ${given}); ${USAGE}`;
    }
    questions.push({ file, questions: asked, set });
  }
  // A set outside the repository is asked the questions kept for it (eval/ask/outside/),
  // unless a question file of one's own is given for it.
  const kept = outsideQuestionsFor(
    loadOutsideQuestionSets(),
    sets.map((own) => own.set.name),
    questions.map((given) => given.set.name),
  );
  for (const { file, questions: asked } of kept) {
    const set = sets.find((own) => own.set.name === asked.set)?.set;
    if (set !== undefined) questions.push({ file, questions: asked, set });
  }
  const verdicts = ownVerdicts(verdictFiles, sets);
  if (typeof verdicts === "string") return verdicts;
  if (unjudged !== undefined && sets.length === 0)
    return `eval: --unjudged lists the rows of --set files' stories, and none was given; ${USAGE}`;
  if (unjudged !== undefined && existsSync(unjudged) && statSync(unjudged).isDirectory())
    return `eval: --unjudged ${unjudged}: a directory; give the path of a file to write`;
  if (unjudged !== undefined && !existsSync(dirname(resolve(unjudged))))
    return `eval: --unjudged ${unjudged}: no such directory (${dirname(resolve(unjudged))}); give a path in an existing directory`;
  return { sets, questions, verdicts, unjudged };
}

/** /ask on a question file of one's own, asked of its set's edition (held out: no target). */
async function ownQuestionLines({ file, questions, set }: OwnSets["questions"][number]) {
  const { edition } = await buildSet(set);
  const stories = edition.stories.map(({ story }) => story as IndexedStory);
  const quality = askQuality(questions, stories, evalCut(set));
  return askQualityLines(quality, `written on its events (${file})`);
}

async function main(): Promise<number> {
  const own = ownSets(process.argv.slice(2));
  if (typeof own === "string") {
    process.stderr.write(`${own}\n`);
    return 2;
  }
  const directory = realNewsDirectory();
  const sets = existsSync(directory) ? loadRealSets() : [];
  if (sets.length === 0) {
    process.stderr.write(
      `eval: no real-news sets in ${directory}; put gold_standard.jsonl, google_news_topics.jsonl or news_cluster_dev.jsonl there\n`,
    );
    return 2;
  }
  const started = performance.now();
  const evaluations = [];
  for (const set of sets) {
    const evaluation = await evaluateSet(set);
    print(setLines(evaluation));
    evaluations.push(evaluation);
  }
  print(crossValidationLines(baselineCrossValidation(sets)));
  const judged = new Set(own.verdicts.map((verdict) => verdict.set));
  const audited = limitSets(
    sets,
    own.sets.filter(({ set }) => judged.has(set.name)).map(({ set }) => set),
  );
  for (const limit of TUNED_LIMITS)
    print(limitCrossValidationLines(limit, await crossValidateLimit(limit, audited, own.verdicts)));
  const ask = await askLines(sets);
  for (const lines of ask.sets) print(lines);
  print(demoLines(evaluateDemo(loadDemoTopics())));
  const heldOut = loadAggregatorHeadlines();
  if (heldOut !== undefined) print(heldOutLines(await evaluateSet(heldOut)));
  const toJudge = [];
  const known = [...readVerdicts().verdicts, ...own.verdicts];
  for (const { file, set } of own.sets) {
    const evaluation = await evaluateSet(set, own.verdicts);
    print(ownSetLines(evaluation, file));
    for (const row of unjudgedRows(set.name, evaluation.parts, known))
      toJudge.push({ set: set.name, ...row });
  }
  if (own.unjudged !== undefined) {
    try {
      writeFileSync(own.unjudged, `${JSON.stringify(toJudge, null, 1)}\n`);
    } catch (error) {
      process.stderr.write(`eval: --unjudged ${own.unjudged}: ${(error as Error).message}\n`);
      return 2;
    }
    print([
      `== ${toJudge.length} rows of the --set files' stories not judged yet: ${own.unjudged}`,
    ]);
  }
  for (const asked of own.questions) print(await ownQuestionLines(asked));
  const feeds = await buildFeedsEdition();
  if (feeds !== undefined)
    print(feedsLines(evaluateFeeds(feeds, loadFeedEvents(), loadFeedEvents("own"))));
  print(targetLines([...evaluations.flatMap(checkTargets), ...ask.targets]));
  process.stdout.write(`eval took ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  return 0;
}

process.exitCode = await main();
