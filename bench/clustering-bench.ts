// `npm run bench -- clustering`: event clustering quality (B-cubed on real news and the demo
// corpus, and the threshold sweep behind MERGE_THRESHOLD) and its cost on synthetic inputs of
// 10,000 to 100,000 documents, each case in a fresh process for an honest peak RSS.
// Targets: clustering takes at most half of the builder's budget (10,000 documents in 1.5 s,
// 100,000 in 15 s, on two slow cores) and stays well inside its 1 GB peak RSS.
import { spawn } from "node:child_process";
import { bcubed } from "../src/build/cluster/bcubed.js";
import { clusterDocuments, clusterDocumentsWith } from "../src/build/cluster/cluster-documents.js";
import {
  GRAPH_OPTIONS,
  LINKAGE_OPTIONS,
  MERGE_THRESHOLD,
} from "../src/build/cluster/cluster-parameters.js";
import { syntheticEvents } from "../test/support/synthetic-events.js";
import {
  type LabelledDataSet,
  loadDemoTopics,
  loadGoldStandard,
  loadGoogleNewsTopics,
} from "../test/support/real-news.js";

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

function figures(dataSet: LabelledDataSet): string {
  const { precision, recall, f1 } = bcubed(clusterDocuments(dataSet.documents), dataSet.labels);
  return [precision, recall, f1].map((x) => x.toFixed(3)).join(" / ");
}

function reportQuality(): void {
  const gold = loadGoldStandard();
  const google = loadGoogleNewsTopics();
  const demo = loadDemoTopics();
  console.log("quality, B-cubed precision / recall / F1:");
  if (!gold || !google) console.log("  real news: skipped (../shared/data/real is missing)");
  for (const dataSet of [gold, google, ...demo]) {
    if (dataSet) console.log(`  ${dataSet.name.padEnd(22)} ${figures(dataSet)}`);
  }
  const thresholds = Array.from(
    { length: 13 },
    (_, i) => Math.round((0.05 + i * 0.01) * 100) / 100,
  );
  const f1At = (dataSet: LabelledDataSet, threshold: number) =>
    bcubed(
      clusterDocumentsWith(dataSet.documents, {
        linkage: { ...LINKAGE_OPTIONS, threshold },
        graph: GRAPH_OPTIONS,
      }),
      dataSet.labels,
    ).f1;
  console.log(
    `threshold sweep (B-cubed F1; ${MERGE_THRESHOLD} is the middle of the thresholds where every demo topic scores 1; gold is only checked):`,
  );
  console.log(
    `  ${"threshold".padEnd(12)}${thresholds.map((t) => t.toFixed(2).padStart(6)).join("")}`,
  );
  const demoRows = demo.map((dataSet) => thresholds.map((t) => f1At(dataSet, t)));
  const row = (label: string, values: number[]) =>
    console.log(`  ${label.padEnd(12)}${values.map((v) => v.toFixed(3).padStart(6)).join("")}`);
  row(
    "demo min",
    thresholds.map((_, i) => Math.min(...demoRows.map((r) => r[i]!))),
  );
  row(
    "demo mean",
    thresholds.map((_, i) => demoRows.reduce((s, r) => s + r[i]!, 0) / demoRows.length),
  );
  if (gold)
    row(
      "gold",
      thresholds.map((t) => f1At(gold, t)),
    );
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
  const child = spawn(process.execPath, [...process.execArgv, "--input-type=module", "-e", code], {
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
