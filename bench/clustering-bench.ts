// `npm run bench -- clustering`: event clustering quality and cost. Quality: B-cubed on the
// three real-news sets beside the plain TF-IDF average-link baseline (eval/tfidf-baseline.ts)
// in the same run, the demo corpus and the fictional cases; the leave-one-set-out
// cross-validation behind every constant (src/editorial/cluster/cross-validation.ts); the
// threshold sweep. Cost: synthetic inputs of 10,000 to 100,000 documents, each case in a fresh
// process for an honest peak RSS. Targets: B-cubed F1 >= 0.95 on every real set and above the
// baseline, every demo topic 1.0; clustering takes at most half of the builder's budget
// (10,000 documents in 1.5 s, 100,000 in 15 s, on two slow cores), well inside 1 GB.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { basename, extname } from "node:path";
import { buildPoolFlag } from "../src/cli/v8-pool.js";
import {
  BASELINE_THRESHOLD,
  baselineCrossValidation,
  tfidfAverageLinkClusters,
} from "../eval/tfidf-baseline.js";
import { bcubed } from "../src/editorial/cluster/bcubed.js";
import {
  clusterDocuments,
  clusterDocumentsWith,
} from "../src/editorial/cluster/cluster-documents.js";
import {
  CLUSTER_PARAMETERS,
  clusterOptions,
  PREVIOUS_PARAMETERS,
} from "../src/editorial/cluster/cluster-parameters.js";
import {
  chooseInTurn,
  chooseOne,
  chooseParameters,
  crossValidate,
  type Judges,
} from "../src/editorial/cluster/cross-validation.js";
import { withBuilderReadings } from "../src/editorial/cluster/builder-readings.js";
import { FICTIONAL_CASES } from "../src/editorial/cluster/fictional-events.js";
import {
  CHOICES,
  type LabelledSet,
  ParameterScorer,
} from "../src/editorial/cluster/parameter-search.js";
import {
  choiceCrossValidationLines,
  jointCrossValidationLines,
  parametersText,
  scoreText,
  thresholdSweepLines,
} from "../src/editorial/cluster/quality-report.js";
import { syntheticEvents } from "../test/support/synthetic-events.js";
import {
  type LabelledDataSet,
  loadAggregatorHeadlines,
  loadDemoTopics,
  loadLabelledArticles,
  loadRealSets,
} from "../test/support/real-news.js";
import { loadFeedEvents } from "../eval/feed-events.js";

interface ScaleCase {
  label: string;
  documents: number;
  singleEvent: boolean;
  /** Seconds allowed for clustering alone (half the builder's budget). */
  budgetSeconds: number;
}

interface ScaleResult {
  seconds: number;
  groups: number;
  f1: number;
  rssBeforeMb: number;
  peakRssMb: number;
  heapAfterMb: number;
}

const CASES: ScaleCase[] = [
  { label: "10,000 documents", documents: 10_000, singleEvent: false, budgetSeconds: 1.5 },
  { label: "30,000 documents", documents: 30_000, singleEvent: false, budgetSeconds: 4.5 },
  { label: "100,000 documents", documents: 100_000, singleEvent: false, budgetSeconds: 15 },
  { label: "10,000 copies of one event", documents: 10_000, singleEvent: true, budgetSeconds: 1.5 },
];
const RSS_LIMIT_MB = 1024;
const MB = 1024 * 1024;
const TARGET_F1 = 0.95;

function reportSets(real: readonly LabelledSet[], required: readonly LabelledSet[]): void {
  const previous = clusterOptions(PREVIOUS_PARAMETERS);
  console.log(
    `quality, B-cubed P / R / F1, documents read as the builder reads them (ours: ${parametersText(CLUSTER_PARAMETERS)}; baseline: TF-IDF average link at ${BASELINE_THRESHOLD}):`,
  );
  console.log(`  ${"set".padEnd(36)}${"ours".padEnd(24)}${"baseline".padEnd(24)}previous method`);
  for (const set of real) {
    const ours = bcubed(clusterDocuments(set.documents), set.labels);
    const baseline = bcubed(
      tfidfAverageLinkClusters(set.documents, BASELINE_THRESHOLD),
      set.labels,
    );
    const before = bcubed(clusterDocumentsWith(set.documents, previous), set.labels);
    const verdict =
      ours.f1 >= TARGET_F1 && ours.f1 > baseline.f1
        ? "meets"
        : ours.f1 >= TARGET_F1 && ours.f1 === baseline.f1
          ? "ties the baseline"
          : "MISSES";
    console.log(
      `  ${set.name.padEnd(36)}${scoreText(ours).padEnd(24)}${scoreText(baseline).padEnd(24)}${scoreText(before)}  ${verdict}`,
    );
  }
  for (const set of required) {
    const ours = bcubed(clusterDocuments(set.documents), set.labels);
    console.log(`  ${set.name.padEnd(36)}${scoreText(ours)}${ours.f1 === 1 ? "" : "  MISSES"}`);
  }
}

function reportCrossValidation(judges: Judges): void {
  const baseline = baselineCrossValidation(
    judges.real.sets.map((set) => ({ ...set, labels: new Map(set.labels) })),
  );
  const started = performance.now();
  const joint = crossValidate(judges, chooseParameters(judges, PREVIOUS_PARAMETERS));
  console.log(
    "cross-validation, leave one real set out (choose on the others: maximise the worst " +
      "set's F1, each F1 averaged over the threshold and its neighbours; every demo topic and " +
      "fictional case must be perfect):",
  );
  console.log("  the whole procedure (every combination of the choices):");
  for (const line of jointCrossValidationLines(judges, joint)) console.log(line);
  const inTurn = crossValidate(judges, chooseInTurn(judges, PREVIOUS_PARAMETERS));
  const agree = inTurn.folds.every(
    (fold, index) =>
      parametersText(fold.chosen.parameters) ===
      parametersText(joint.folds[index]!.chosen.parameters),
  );
  console.log(
    `  choosing each in turn instead (from the previous method, until nothing changes): ${
      agree
        ? "the same parameters in every fold"
        : `held-out F1 ${inTurn.folds.map((fold) => fold.heldOutF1.toFixed(3)).join(" / ")}`
    }`,
  );
  const same = parametersText(joint.allSets.parameters) === parametersText(CLUSTER_PARAMETERS);
  console.log(
    same
      ? `  the shipped constants (cluster-parameters.ts) are this choice on all ${judges.real.sets.length}`
      : `  the shipped constants (cluster-parameters.ts) are NOT this choice on all ${judges.real.sets.length}: the inputs changed since they were chosen`,
  );
  console.log("  baseline, the same protocol on its threshold alone (its own file, best mean):");
  for (const row of baseline.rows) {
    const ours = joint.folds.find((fold) => fold.heldOut === row.heldOut);
    console.log(
      `  held out ${row.heldOut.padEnd(19)} baseline F1 ${row.heldOutF1.toFixed(3)} at ${row.threshold}; ours ${ours?.heldOutF1.toFixed(3) ?? "?"}`,
    );
  }
  const shipped = CLUSTER_PARAMETERS;
  console.log(
    "  each choice alone, the others at the shipped values (value @threshold → held-out F1):",
  );
  const rows = CHOICES.map((choice) => ({
    choice,
    cv: crossValidate(judges, chooseOne(judges, shipped, choice)),
  }));
  for (const line of choiceCrossValidationLines(rows)) console.log(line);
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  console.log("threshold sweep, shipped parameters otherwise (B-cubed F1):");
  for (const line of thresholdSweepLines(judges, shipped)) console.log(line);
}

function reportQuality(): void {
  const articles = loadRealSets();
  const feeds = loadFeedEvents("own");
  // The shipped constants are chosen on the three article sets and the feeds at their own
  // times (cluster-parameters.ts).
  const real = [...articles, ...(feeds ? [feeds] : [])].map(withBuilderReadings);
  const required = [...loadDemoTopics(), ...FICTIONAL_CASES].map(withBuilderReadings);
  if (real.length < 4) console.log("  real news: skipped (../shared/data/real is missing)");
  reportSets(real, required);
  if (real.length < 4) return;
  reportCrossValidation({
    real: new ParameterScorer(real),
    required: new ParameterScorer(required),
  });
}

/**
 * The whole procedure's leave-one-set-out cross-validation over the three real sets and
 * `more`, beside the baseline chosen the same way, and the held-out headline set under the
 * choice made on all of them. The shipped constants are chosen on the three sets and the
 * feeds at their own times (README.md says why); this says what other sets would choose
 * instead, and how the method holds out on each (a few minutes).
 */
function crossValidateWithMore(more: readonly LabelledDataSet[]): void {
  const three = loadRealSets();
  const headlines = loadAggregatorHeadlines();
  if (three.length < 3 || headlines === undefined) {
    console.log("  skipped: ../shared/data/real is missing");
    return;
  }
  const real = [...three, ...more].map(withBuilderReadings);
  const judges: Judges = {
    real: new ParameterScorer(real),
    required: new ParameterScorer(
      [...loadDemoTopics(), ...FICTIONAL_CASES].map(withBuilderReadings),
    ),
  };
  console.log(
    `cross-validation, leave one of ${real.length} sets out (${real.map((set) => set.name).join(", ")}):`,
  );
  const cv = crossValidate(judges, chooseParameters(judges, PREVIOUS_PARAMETERS));
  for (const line of jointCrossValidationLines(judges, cv)) console.log(line);
  const baseline = baselineCrossValidation(
    real.map((set) => ({ ...set, labels: new Map(set.labels) })),
  );
  for (const row of baseline.rows) {
    const ours = cv.folds.find((fold) => fold.heldOut === row.heldOut);
    console.log(
      `  held out ${row.heldOut.padEnd(19)} baseline F1 ${row.heldOutF1.toFixed(3)} at ${row.threshold}; ours ${ours?.heldOutF1.toFixed(3) ?? "?"}`,
    );
  }
  real.forEach((set, index) => {
    console.log(
      `  ${set.name.padEnd(28)} shipped constants F1 ${judges.real.f1(CLUSTER_PARAMETERS, index).toFixed(3)}`,
    );
  });
  const held = new ParameterScorer([withBuilderReadings(headlines)]);
  console.log(
    `  ${headlines.name}, held out: F1 ${held.f1(cv.allSets.parameters, 0).toFixed(3)} under the choice on all ${real.length}, ${held.f1(CLUSTER_PARAMETERS, 0).toFixed(3)} under the shipped constants`,
  );
}

/**
 * `npm run bench -- clustering-feeds`: the cross-validation with the real feeds' judged events
 * (eval/feed-events.ts) as a fourth set: short, one-writer items, at their own publication
 * times (the held-out edition squeezes them into one window; README.md, "A fourth set"). The
 * same four sets as `clustering`'s, with the baseline's folds and the held-out headlines.
 */
export function benchClusteringWithFeeds(): Promise<void> {
  const feeds = loadFeedEvents("own");
  if (feeds === undefined) console.log("  skipped: ../shared/data/real is missing");
  else crossValidateWithMore([feeds]);
  return Promise.resolve();
}

/** Labelled article files for `clustering-sets`, comma-separated. */
export const CLUSTER_SETS_VARIABLE = "SVC_BENCH_CLUSTER_SETS";

/**
 * The labelled article files named by `value` (comma-separated paths, each in the real sets'
 * shape, as `npm run eval -- --set` reads them), each named by its file name without the
 * extension; an empty list when it names none; or what is wrong with them.
 */
export function clusterSetsFrom(value: string | undefined): LabelledDataSet[] | string {
  const files = (value ?? "")
    .split(",")
    .map((file) => file.trim())
    .filter((file) => file !== "");
  const missing = files.find((file) => !existsSync(file));
  if (missing !== undefined) return `${CLUSTER_SETS_VARIABLE}: ${missing}: no such file`;
  try {
    return files.map((file) => loadLabelledArticles(basename(file, extname(file)), file));
  } catch (error) {
    return `${CLUSTER_SETS_VARIABLE}: ${(error as Error).message}`;
  }
}

/**
 * `SVC_BENCH_CLUSTER_SETS=a.jsonl,b.jsonl npm run bench -- clustering-sets`: the
 * cross-validation with labelled sets of one's own (outside the repository: BASIL and the
 * rest of news_cluster, eval/audit/outside-sets.ts) as more sets, each held out in turn.
 */
export function benchClusteringWithSets(): Promise<void> {
  const more = clusterSetsFrom(process.env[CLUSTER_SETS_VARIABLE]);
  if (typeof more === "string") {
    console.error(more);
    process.exitCode = 2;
  } else if (more.length === 0) {
    console.log(
      `  skipped: ${CLUSTER_SETS_VARIABLE} names no file (labelled article files, comma-separated, in the shape of news_cluster_dev.jsonl)`,
    );
  } else crossValidateWithMore(more);
  return Promise.resolve();
}

/** Runs one scale case in this process and prints its result as JSON (used by the child). */
export function runScaleCase(scaleCase: ScaleCase): void {
  const corpus = syntheticEvents({
    documents: scaleCase.documents,
    singleEvent: scaleCase.singleEvent,
  });
  const rssBefore = process.memoryUsage().rss;
  const started = process.hrtime.bigint();
  const groups = clusterDocuments(corpus.documents);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const result: ScaleResult = {
    seconds,
    groups: groups.length,
    f1: bcubed(groups, corpus.labels).f1,
    rssBeforeMb: rssBefore / MB,
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / MB,
    heapAfterMb: process.memoryUsage().heapUsed / MB,
  };
  process.stdout.write(JSON.stringify(result));
}

async function runInChild(scaleCase: ScaleCase): Promise<ScaleResult> {
  const code = `import(${JSON.stringify(import.meta.url)}).then((m) => m.runScaleCase(${JSON.stringify(scaleCase)}))`;
  // Clustering as `svc build` runs it: with the V8 pool the build sizes for this machine.
  const pool = buildPoolFlag();
  const flags = [...process.execArgv, ...(pool ? [pool] : [])];
  const child = spawn(process.execPath, [...flags, "--input-type=module", "-e", code], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const exitCode = await new Promise<number | null>((done) => child.on("close", done));
  if (exitCode !== 0) throw new Error(`the ${scaleCase.label} case exited with ${exitCode}`);
  return JSON.parse(stdout) as ScaleResult;
}

export async function benchClustering(): Promise<void> {
  reportQuality();
  console.log("scale, synthetic events (5-50 reports each, or one event), one process per case:");
  for (const scaleCase of CASES) {
    const result = await runInChild(scaleCase);
    const verdict =
      result.seconds <= scaleCase.budgetSeconds && result.peakRssMb <= RSS_LIMIT_MB
        ? "meets"
        : "MISSES";
    console.log(
      `  ${scaleCase.label.padEnd(28)} ${result.seconds.toFixed(2).padStart(6)} s (budget ${scaleCase.budgetSeconds} s), ` +
        `${result.groups} groups, B-cubed F1 ${result.f1.toFixed(3)}, ` +
        `RSS ${result.rssBeforeMb.toFixed(0)} MB with the input, peak ${result.peakRssMb.toFixed(0)} MB, ` +
        `heap after ${result.heapAfterMb.toFixed(0)} MB: ${verdict}`,
    );
  }
}
