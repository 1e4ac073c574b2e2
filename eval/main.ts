// `npm run eval`: builds each real-news set in one window and reports clustering quality
// against the TF-IDF baseline, junk in the stories, the hygiene stage's drop counts and how
// /ask answers questions written on a set's events (eval/ask/).
// A report, not a test: exit code 0 even when targets are missed, 2 without the data.
import { existsSync } from "node:fs";
import { loadDemoTopics, loadRealSets, realNewsDirectory } from "../test/support/real-news.js";
import { askQuality, askQualityLines, loadRealQuestions } from "./ask/ask-quality.js";
import { buildSet } from "./build-set.js";
import { evaluateDemo, evaluateSet } from "./evaluate-set.js";
import { evalCut } from "./manifests-from-set.js";
import { crossValidationLines, demoLines, setLines, targetLines } from "./report-lines.js";
import { checkTargets } from "./targets.js";
import { baselineCrossValidation } from "./tfidf-baseline.js";

function print(lines: readonly string[]): void {
  process.stdout.write(`${lines.join("\n")}\n\n`);
}

async function main(): Promise<number> {
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
  const questions = loadRealQuestions();
  const asked = sets.find((set) => set.name === questions.set);
  if (asked) {
    const { edition } = await buildSet(asked);
    print(askQualityLines(asked.name, askQuality(edition, questions.questions, evalCut(asked))));
  }
  print(demoLines(evaluateDemo(loadDemoTopics())));
  print(targetLines(evaluations.flatMap(checkTargets)));
  process.stdout.write(`eval took ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  return 0;
}

process.exitCode = await main();
