// The second half of `npm run bench -- query`: our fact search against minisearch, our peer
// (query-peer-minisearch.ts), on the same archive and questions: a table of both sides with
// the ratios ours/minisearch, and how far the two agree.
import { buildFactIndex } from "../src/query/fact-index.js";
import { searchFacts } from "../src/query/search-facts.js";
import type { Archive } from "./generate-archive.js";
import type { BenchQuestion } from "./generate-questions.js";
import { type Built, measureBuild } from "./measure-build.js";
import { buildMiniSearchPeer, searchMiniSearchPeer } from "./query-peer-minisearch.js";
import { agreement } from "./ranking-metrics.js";
import { medianOfThree, type Timed } from "./time-questions.js";

const MB = 1024 * 1024;
/** minisearch is timed on this many of the questions (ours too, for the ratios). */
const PEER_QUESTIONS = Number(process.env.SVC_BENCH_QUERY_PEER_QUESTIONS ?? 1_000);

function comparisonRows(ours: Built<unknown> & Timed, peer: Built<unknown> & Timed) {
  const ms = (value: number) => `${value < 1 ? value.toFixed(3) : value.toFixed(1)} ms`;
  const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
  const rows: [string, (side: Built<unknown> & Timed) => number, (value: number) => string][] = [
    ["index build", (side) => side.seconds, (value) => `${value.toFixed(1)} s`],
    ["heap + typed arrays", (side) => side.heapBytes, mb],
    ["RSS delta", (side) => side.rssBytes, mb],
    ["mean", (side) => side.meanMs, ms],
    ["p50", (side) => side.p50Ms, ms],
    ["p99", (side) => side.p99Ms, ms],
    ["questions/s", (side) => side.perSecond, (value) => value.toFixed(0)],
    ["MRR@5", (side) => side.mrr, (value) => value.toFixed(3)],
  ];
  return rows.map(([name, value, format]) => {
    const ratio = value(ours) / value(peer);
    return `  ${name.padEnd(20)} ${format(value(ours)).padStart(9)} ${format(value(peer)).padStart(11)} ${(ratio < 0.1 ? ratio.toFixed(4) : ratio.toFixed(2)).padStart(16)}`;
  });
}

/**
 * minisearch over the same facts, terms, window, topic, lifts and limit, on the first
 * PEER_QUESTIONS of the mix (it is ~100 times slower), and ours again on those same questions.
 */
export function compareWithMiniSearch(archive: Archive, questions: BenchQuestion[]): void {
  const peer = measureBuild(() => buildMiniSearchPeer(archive.stories));
  // Built again after the peer, so that both find the JIT and our term cache warm.
  const ours = measureBuild(() => buildFactIndex(archive.stories));
  const { now } = archive;
  const subset = questions.slice(0, PEER_QUESTIONS);
  const peerTimed = medianOfThree(
    (question) => searchMiniSearchPeer(peer.index, { ...question, limit: 5, now }),
    subset,
    PEER_QUESTIONS / 10,
  );
  const oursTimed = medianOfThree(
    (question) => searchFacts(ours.index, { ...question, limit: 5, now }).map((r) => r.description),
    subset,
    PEER_QUESTIONS / 2,
  );
  const agreed = agreement(oursTimed.found, peerTimed.found);
  const percent = (count: number) =>
    `${((100 * count) / Math.max(1, agreed.bothFound)).toFixed(0)}%`;
  console.log(
    `peer: minisearch 7.2 over the same ${archive.facts} facts (our tokenizer, stop words and stemmer as its tokenize/processTerm; headline field at 0.5; k1 1.2, b 0.75, no BM25+ delta; window and topic by its filter; our lifts by its boostDocument; a question's 24 rarest terms), the first ${subset.length} questions of the mix, limit 5, median of 3 passes each:`,
  );
  console.log(
    `  ${"".padEnd(20)} ${"ours".padStart(9)} ${"minisearch".padStart(11)} ${"ours/minisearch".padStart(16)}`,
  );
  for (const row of comparisonRows({ ...ours, ...oursTimed }, { ...peer, ...peerTimed }))
    console.log(row);
  console.log(
    "  (ours/minisearch below 1: ours takes less, except questions/s and MRR@5; ours built again after minisearch so both find the JIT and term cache warm)",
  );
  console.log(
    `top-5 agreement: both answer ${agreed.bothFound} of ${subset.length} questions (${agreed.bothEmpty} neither); same top fact for ${agreed.sameTop} (${percent(agreed.sameTop)}); ${agreed.shared.toFixed(2)} of 5 facts shared on average`,
  );
}
