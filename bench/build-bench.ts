// `npm run bench -- build`: times `svc build` (a separate process, as users run it) on stores
// holding 10,000, 30,000 and 100,000 Manifests of one edition window, with its peak RSS, and
// first runs the clustering benchmark: B-cubed precision, recall and F1 on the real and demo
// data sets, and clustering alone at 10k, 30k and 100k documents.
// Targets (issue 3, kept with the hygiene stage by issue 14): 10,000 in <= 3 s, 100,000 in
// <= 30 s, peak RSS <= 1 GB; growth no worse than n log n. The hygiene stage's share of the
// build is measured apart on the same Manifests. Stores up to 30,000 are built three times and
// judged on the median run (the machine is shared and noisy; SVC_BENCH_BUILD_REPEAT).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchClustering } from "./clustering-bench.js";
import { writeSyntheticEvents } from "./generate-events.js";
import { measureHygiene } from "./measure-hygiene.js";
import { type CliRun, runCli } from "./run-cli.js";

const SIZES = (process.env.SVC_BENCH_BUILD_SIZES ?? "10000,30000,100000").split(",").map(Number);
const TARGET_SECONDS: Record<number, number> = { 10_000: 3, 100_000: 30 };
const CUT = new Date("2026-11-21T12:00:00Z");

interface Measured {
  size: number;
  /** The median run's wall time, and every run's (sorted). */
  seconds: number;
  runs: number[];
  buildSeconds: number;
  peakRssMb: number;
  stories: number;
  /** The hygiene stage alone on the same Manifests (measure-hygiene.ts). */
  hygieneSeconds: number;
  sentences: number;
  dropped: number;
}

interface BuildSummary {
  stories: number;
  seconds: number;
  manifests: number;
}

/**
 * Builds timed per size (SVC_BENCH_BUILD_REPEAT, default 3 up to 30,000 Manifests and 1
 * above): the verdict reads the median.
 */
function repeatsFor(size: number): number {
  const given = Number(process.env.SVC_BENCH_BUILD_REPEAT);
  if (Number.isInteger(given) && given > 0) return given;
  return size <= 30_000 ? 3 : 1;
}

async function measure(size: number): Promise<Measured> {
  const work = mkdtempSync(join(tmpdir(), "svc-bench-build-"));
  try {
    const file = join(work, "manifests.jsonl");
    await writeSyntheticEvents(file, size, CUT);
    const env = { SVC_DATA_DIR: join(work, "data"), DATABASE_URL: "" };
    await runCli(["ingest", "--json", file], env);
    // The same cut built again replaces its edition with the same bytes: each run is the
    // same work, and the median of a few tells the code from a noisy machine.
    const runs: Array<{ run: CliRun; summary: BuildSummary }> = [];
    for (let repeat = 0; repeat < repeatsFor(size); repeat++) {
      const run = await runCli(["build", "--no-publish", "--json", "--at", CUT.toISOString()], env);
      const summary = JSON.parse(run.stdout) as BuildSummary;
      if (summary.manifests !== size)
        throw new Error(`expected ${size} Manifests in the window, built ${summary.manifests}`);
      runs.push({ run, summary });
    }
    runs.sort((a, b) => a.run.seconds - b.run.seconds);
    const { run, summary } = runs[Math.floor(runs.length / 2)]!;
    const hygiene = await measureHygiene(file);
    return {
      hygieneSeconds: hygiene.seconds,
      sentences: hygiene.sentences,
      dropped: hygiene.dropped,
      size,
      seconds: run.seconds,
      runs: runs.map((each) => each.run.seconds),
      buildSeconds: summary.seconds,
      peakRssMb: Math.max(...runs.map((each) => each.run.peakRssBytes)) / (1024 * 1024),
      stories: summary.stories,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function benchBuild(): Promise<void> {
  // SVC_BENCH_BUILD_ONLY=1 skips the clustering benchmark that runs first (it has its own name).
  if (process.env.SVC_BENCH_BUILD_ONLY !== "1") await benchClustering();
  const results: Measured[] = [];
  for (const size of SIZES) {
    const result = await measure(size);
    results.push(result);
    const target = TARGET_SECONDS[size];
    const verdict =
      target === undefined
        ? ""
        : result.seconds <= target && result.peakRssMb <= 1024
          ? ": meets"
          : ": MISSES";
    console.log(
      `build ${String(size).padStart(6)} Manifests: ${result.seconds.toFixed(2)} s in all (${result.buildSeconds.toFixed(2)} s building${result.runs.length > 1 ? `; median of ${result.runs.map((seconds) => seconds.toFixed(2)).join(", ")}` : ""}), peak RSS ${result.peakRssMb.toFixed(0)} MB, ${result.stories} stories${target ? ` (target ${target} s, 1 GB)` : ""}${verdict}`,
    );
    console.log(
      `  hygiene stage: ${result.hygieneSeconds.toFixed(2)} s, ${((100 * result.hygieneSeconds) / result.buildSeconds).toFixed(1)}% of the build (${result.sentences} sentences, ${result.dropped} dropped)`,
    );
  }
  const first = results[0];
  for (const result of results.slice(1)) {
    if (!first) break;
    const ratio = result.size / first.size;
    const nLogN = (result.size * Math.log(result.size)) / (first.size * Math.log(first.size));
    console.log(
      `growth ${first.size} → ${result.size}: time x${(result.buildSeconds / first.buildSeconds).toFixed(2)} for n x${ratio.toFixed(1)} (n log n would be x${nLogN.toFixed(2)})`,
    );
  }
}
