// `npm run bench -- query`: the fact search behind /ask and MCP on a generated 30-day archive
// of at least 150,000 facts: index build time, memory, and search latency (p50, p99, mean)
// and queries per second for a realistic mix of questions; then the same for minisearch, our
// peer (query-peer-minisearch.ts), with the ratios ours/minisearch and how far the two agree.
// Targets (issue: the /ask query core): well under 0.5 ms per typical question on average,
// so that the whole /ask reaches 2,000 answers/s with p99 <= 10 ms; RSS <= 1 GB.
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { packageRoot } from "../src/config/package-root.js";
import { loadDemoCorpus } from "../src/demo/demo-corpus.js";
import { buildFactIndex } from "../src/query/fact-index.js";
import type { IndexedStory } from "../src/query/indexed-story.js";
import { searchFacts } from "../src/query/search-facts.js";
import { seededRandom } from "../test/support/seeded-random.js";
import { buildMiniSearchPeer, searchMiniSearchPeer } from "./query-peer-minisearch.js";

const DAY_MS = 86_400_000;
const EDITION_MS = DAY_MS / 2;
const SYLLABLES =
  "al bren cal dun el far glen hal is jor kes lor mar nor or pel quar rav sel tes um var wex yar zen bo ki lu ma ne ri so ta ve".split(
    " ",
  );

/** The most used words of the demo corpus (function words and the like) are never swapped. */
const COMMON_WORDS = 300;

/** Good enough for the demo's plain English; the builder's splitter is not needed here. */
const SENTENCE_END = /(?<=[.!?]["”]?)\s+(?=["“]?[A-Z])/;

type Random = () => number;

function pick<T>(items: readonly T[], next: Random): T {
  return items[Math.floor(next() * items.length)] as T;
}

function pseudoWord(next: Random, syllables: number): string {
  return Array.from({ length: syllables }, () => pick(SYLLABLES, next)).join("");
}

/**
 * Draws 0..n-1 with Zipf's law (s = 1) as if ranked after the `offset` commonest words, which
 * are the function words kept from the templates: real content words are used that way.
 */
function zipf(n: number, offset: number, next: Random): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank++) cumulative[rank] = total += 1 / (rank + 1 + offset);
  return () => {
    const target = next() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

interface Template {
  topic: string;
  titles: string[];
  sentences: string[];
}

/** The demo events as templates: real English sentence shapes, names and numbers to replace. */
function demoTemplates(): { templates: Template[]; vocabulary: Set<string>; common: Set<string> } {
  const corpus = loadDemoCorpus(join(packageRoot(), "demo"));
  const counts = new Map<string, number>();
  const templates = corpus.events.map((event) => {
    const sentences = [
      ...new Set(event.reports.flatMap((report) => report.text.split(SENTENCE_END))),
    ];
    for (const sentence of sentences)
      for (const word of sentence.match(/\b[a-z]+\b/g) ?? [])
        counts.set(word, (counts.get(word) ?? 0) + 1);
    return { topic: event.topic, titles: event.reports.map((report) => report.title), sentences };
  });
  const byUse = [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
  return { templates, vocabulary: new Set(byUse), common: new Set(byUse.slice(0, COMMON_WORDS)) };
}

/**
 * Rewrites a template sentence for one story: its names become the story's own made-up names,
 * its numbers the story's numbers, and about one content word in five a word drawn by Zipf's
 * law from a 30,000-word vocabulary, so that the archive has a long tail of rare words.
 */
function rewriter(
  { vocabulary, common }: { vocabulary: Set<string>; common: Set<string> },
  words: string[],
  drawWord: () => number,
  next: Random,
) {
  return () => {
    const names = new Map<string, string>();
    const numbers = new Map<string, string>();
    const swapped = new Map<string, string>();
    return (sentence: string) =>
      sentence.replace(/\b[A-Z][a-z]+\b|\b\d[\d,.]*\d\b|\b\d\b|\b[a-z]{4,}\b/g, (token) => {
        if (/^\d/.test(token)) {
          if (!numbers.has(token))
            numbers.set(
              token,
              token.replace(/\d/g, () => String(Math.floor(next() * 10))),
            );
          return numbers.get(token) as string;
        }
        if (/^[A-Z]/.test(token)) {
          if (vocabulary.has(token.toLowerCase())) return token;
          if (!names.has(token)) {
            const name = pseudoWord(next, 2 + Math.floor(next() * 2));
            names.set(token, `${name.charAt(0).toUpperCase()}${name.slice(1)}`);
          }
          return names.get(token) as string;
        }
        if (!swapped.has(token))
          swapped.set(
            token,
            !common.has(token) && next() < 0.2 ? (words[drawWord()] as string) : token,
          );
        return swapped.get(token) as string;
      });
  };
}

export interface Archive {
  stories: IndexedStory[];
  /** Words too common to make a question distinctive. */
  common: Set<string>;
  facts: number;
  now: Date;
}

/**
 * A 30-day archive (60 editions) of stories in the shape the builder writes, with at least
 * `minimumFacts` distinct facts, each fact cited by 1-4 of its story's 1-12 Manifests.
 */
export function generateArchive(
  minimumFacts: number,
  seed = 11,
  now = new Date("2026-11-21T15:00:00Z"),
): Archive {
  const next = seededRandom(seed);
  const { templates, ...known } = demoTemplates();
  const words = Array.from({ length: 30_000 }, () => pseudoWord(next, 2 + Math.floor(next() * 3)));
  const drawWord = zipf(words.length, COMMON_WORDS, next);
  const storyRewriter = rewriter(known, words, drawWord, next);
  const lastCut = Math.floor(now.getTime() / EDITION_MS) * EDITION_MS;
  const stories: IndexedStory[] = [];
  let facts = 0;
  for (let index = 0; facts < minimumFacts; index++) {
    const template = pick(templates, next);
    const rewrite = storyRewriter();
    const edition = index % 60;
    const published = lastCut - edition * EDITION_MS;
    const updated = edition > 0 && next() < 0.5 ? published + EDITION_MS : published;
    const manifests = Array.from({ length: 1 + Math.floor(next() * 12) }, (_, m) => {
      const outlet = Math.floor(next() * 300);
      return { id: `bench:${index}:${m}`, publisher: { domain: `outlet${outlet}.example` } };
    });
    const known = [...new Set(template.sentences.map(rewrite))].slice(0, 12);
    const paragraphs = known.map((text) => ({
      text,
      manifest_ids: [
        ...new Set([
          pick(manifests, next).id,
          ...manifests.filter(() => next() < 0.2).map((m) => m.id),
        ]),
      ],
    }));
    const slug = `story-${index}`;
    const date = new Date(published).toISOString().slice(0, 10);
    stories.push({
      url: `https://svc.test/stories/${date}/${slug}/`,
      headline: rewrite(pick(template.titles, next)),
      published_at: new Date(published).toISOString(),
      updated_at: new Date(updated).toISOString(),
      topic: template.topic,
      key_facts: paragraphs.slice(0, 8),
      sections: [{ heading: "What we know", paragraphs }],
      manifests,
    });
    facts += paragraphs.length;
  }
  return { stories, facts, now, common: known.common };
}

export interface BenchQuestion {
  query: string;
  topic?: string;
  days: number;
  /** The fact the question was written from (undefined: any answer, or none, will do). */
  expected?: string;
}

const GENERIC_QUESTIONS = [
  "what is the latest news today?",
  "what happened yesterday?",
  "who won the match?",
  "is there any news about the economy?",
  "what did the government announce this week?",
  "how many people were hurt?",
  "what are the main stories right now",
  "any update on the strike?",
];
const QUESTION_SHAPES = [
  (a: string, b: string, name: string) => `What happened to the ${a} ${b} in ${name}?`,
  (a: string, b: string, name: string) => `How many ${a} did ${name} ${b}?`,
  (a: string, b: string, name: string) => `why did ${name} ${a} the ${b}`,
  (a: string, b: string, name: string) => `${name} ${a} ${b}`,
  (a: string, b: string, name: string) => `Who said what about the ${a} and ${b} at ${name}?`,
  (a: string, b: string) => `is it true that the ${a} was ${b}?`,
];

/**
 * A realistic mix: most questions about one recent story (two of a fact's words and a name
 * from the headline, in a question's shape), some generic ones, some that match nothing, a
 * few with a topic, a 30-day range or 300+ characters.
 */
export function generateQuestions(archive: Archive, count: number, seed = 5): BenchQuestion[] {
  const next = seededRandom(seed);
  const recent = archive.stories.filter(
    (story) =>
      archive.now.getTime() - Date.parse(story.updated_at ?? story.published_at) < 7 * DAY_MS,
  );
  const questions: BenchQuestion[] = [];
  while (questions.length < count) {
    const roll = next();
    if (roll < 0.1) {
      questions.push({ query: pick(GENERIC_QUESTIONS, next), days: 7 });
      continue;
    }
    if (roll < 0.15) {
      questions.push({ query: `${pseudoWord(next, 5)} ${pseudoWord(next, 5)}?`, days: 7 });
      continue;
    }
    const story = pick(recent, next);
    const fact = pick(story.sections[0]?.paragraphs ?? [], next);
    const distinctive = (fact.text.match(/\b[a-z]{4,}\b/g) ?? []).filter(
      (w) => !archive.common.has(w),
    );
    const words = distinctive.length > 0 ? distinctive : ["news", "today"];
    const names = story.headline.match(/\b[A-Z][a-z]{3,}\b/g) ?? ["the town"];
    const shape = pick(QUESTION_SHAPES, next);
    const first = Math.floor(next() * words.length);
    const second = (first + 1 + Math.floor(next() * (words.length - 1))) % words.length;
    let query = shape(words[first] as string, words[second] as string, pick(names, next));
    if (roll > 0.97) query = `${query} ${fact.text} ${story.headline} ${fact.text}`.slice(0, 500);
    questions.push({
      query,
      days: roll > 0.9 && roll <= 0.95 ? 30 : 7,
      ...(roll > 0.85 && roll <= 0.9 && story.topic ? { topic: story.topic } : {}),
      expected: fact.text,
    });
  }
  return questions;
}

const MB = 1024 * 1024;
const FACTS = Number(process.env.SVC_BENCH_QUERY_FACTS ?? 150_000);
const QUESTIONS = 5_000;
/** minisearch is timed on this many of the questions (ours too, for the ratios). */
const PEER_QUESTIONS = Number(process.env.SVC_BENCH_QUERY_PEER_QUESTIONS ?? 1_000);
/** "Well under 0.5 ms per typical question": the rest of /ask's budget is HTTP and JSON. */
const TARGET_MEAN_MS = 0.25;
const TARGET_RSS_MB = 1024;

const collectGarbage = (() => {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

/** Bytes in use after a full collection: the JavaScript heap and typed arrays. */
function memoryInUse(): number {
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

interface Timed {
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  perSecond: number;
  mrr: number;
  empty: number;
  /** The texts found for each question, best first. */
  found: string[][];
}

/** Fact texts for a question, best first (limit 5, the bench's clock). */
type Search = (question: BenchQuestion) => string[];

function timeQuestions(search: Search, questions: BenchQuestion[]): Timed {
  const times: number[] = [];
  const found: string[][] = [];
  let reciprocalRanks = 0;
  let judged = 0;
  let empty = 0;
  const started = performance.now();
  for (const question of questions) {
    const before = performance.now();
    const texts = search(question);
    times.push(performance.now() - before);
    found.push(texts);
    if (texts.length === 0) empty += 1;
    if (question.expected === undefined) continue;
    judged += 1;
    const rank = texts.indexOf(question.expected);
    if (rank >= 0) reciprocalRanks += 1 / (rank + 1);
  }
  const elapsed = performance.now() - started;
  const sorted = times.sort((a, b) => a - b);
  return {
    meanMs: sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted[sorted.length - 1] ?? 0,
    perSecond: (questions.length / elapsed) * 1000,
    mrr: reciprocalRanks / Math.max(1, judged),
    empty,
    found,
  };
}

/** A warm-up, then three passes, the middle one reported: the machine is shared. */
function medianOfThree(search: Search, questions: BenchQuestion[], warmUp: number): Timed {
  timeQuestions(search, questions.slice(0, warmUp));
  const passes = [1, 2, 3].map(() => timeQuestions(search, questions));
  return passes.sort((a, b) => a.meanMs - b.meanMs)[1] as Timed;
}

interface Built<T> {
  index: T;
  seconds: number;
  heapBytes: number;
  rssBytes: number;
}

/** Builds an index, with its time and what it adds to heap and typed arrays, and to RSS. */
function measureBuild<T>(build: () => T): Built<T> {
  const usedBefore = memoryInUse();
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const index = build();
  const seconds = (performance.now() - started) / 1000;
  const heapBytes = memoryInUse() - usedBefore;
  return { index, seconds, heapBytes, rssBytes: process.memoryUsage().rss - rssBefore };
}

/** How often the two agree: top fact, and facts shared by the two top fives. */
function agreement(ours: string[][], peer: string[][]) {
  let bothFound = 0;
  let sameTop = 0;
  let shared = 0;
  let bothEmpty = 0;
  ours.forEach((texts, index) => {
    const other = peer[index] ?? [];
    if (texts.length === 0 && other.length === 0) bothEmpty += 1;
    if (texts.length === 0 || other.length === 0) return;
    bothFound += 1;
    if (texts[0] === other[0]) sameTop += 1;
    shared += texts.filter((text) => other.includes(text)).length;
  });
  return { bothFound, sameTop, shared: shared / Math.max(1, bothFound), bothEmpty };
}

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
function compareWithMiniSearch(archive: Archive, questions: BenchQuestion[]): void {
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

export async function benchQuery(): Promise<void> {
  const generated = performance.now();
  const archive = generateArchive(FACTS);
  const questions = generateQuestions(archive, QUESTIONS);
  console.log(
    `archive: ${archive.stories.length} stories, ${archive.facts} facts over 30 days, generated in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
  );
  const built = measureBuild(() => buildFactIndex(archive.stories));
  const { index } = built;
  const rss = process.memoryUsage().rss;
  console.log(
    `index: ${index.facts.length} facts, ${index.terms.size} terms, built in ${built.seconds.toFixed(1)} s; it holds ${(built.heapBytes / MB).toFixed(0)} MB (heap and typed arrays after GC, besides the stories); RSS ${(rss / MB).toFixed(0)} MB with the generated archive`,
  );
  const now = archive.now;
  const timed = medianOfThree(
    (question) => searchFacts(index, { ...question, limit: 5, now }).map((r) => r.description),
    questions,
    500,
  );
  const meets = timed.meanMs <= TARGET_MEAN_MS && rss / MB <= TARGET_RSS_MB;
  console.log(
    `search, ${questions.length} questions, median of 3 passes (limit 5; 85% days 7, 5% days 30, 5% one topic; generic, unanswerable and 300-500 character ones included): mean ${timed.meanMs.toFixed(3)} ms, p50 ${timed.p50Ms.toFixed(3)} ms, p99 ${timed.p99Ms.toFixed(3)} ms, max ${timed.maxMs.toFixed(2)} ms, ${timed.perSecond.toFixed(0)} questions/s on one thread, ${timed.empty} without results (target mean <= ${TARGET_MEAN_MS} ms, RSS <= 1 GB${meets ? ": meets" : ": MISSES"})`,
  );
  console.log(
    `synthetic MRR@5 ${timed.mrr.toFixed(3)} (each question written from one fact of a recent story; a sanity check, the real measure is the demo question set)`,
  );
  compareWithMiniSearch(archive, questions);
}
