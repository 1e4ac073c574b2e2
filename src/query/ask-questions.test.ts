// The question set (test/fixtures/ask-questions.json) against the demo edition built as `svc`
// builds it: plain-language questions must find the facts that answer them near the top.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDeps, storeManifests } from "../../test/support/build.js";
import { type OpenedTestStore, sqliteBackend } from "../../test/support/stores.js";
import { buildEdition, saveEdition } from "../editorial/build-edition.js";
import { HOUR_MS } from "../time/cut-time.js";
import { packageRoot } from "../config/package-root.js";
import { loadDemoCorpus } from "../demo/demo-corpus.js";
import { placeDemoManifests } from "../demo/place-demo.js";
import { buildFactIndex, type FactIndex } from "./fact-index.js";
import type { IndexedStory } from "./indexed-story.js";
import { searchFacts } from "./search-facts.js";

interface Question {
  query: string;
  expected: string[];
}

const NOW = new Date("2026-11-21T12:00:00Z");
/** Four editions, 12 hours apart: every demo event of the last 48 hours is a story. */
const CUTS = [36, 24, 12, 0].map((hours) => new Date(NOW.getTime() - hours * HOUR_MS));
const RANKED = 10;
const QUESTIONS = (
  JSON.parse(
    readFileSync(join(packageRoot(), "test", "fixtures", "ask-questions.json"), "utf8"),
  ) as { questions: Question[] }
).questions;

/** The story files of the demo tree: the latest version of each story URL. */
async function buildDemoStories(opened: OpenedTestStore): Promise<IndexedStory[]> {
  const corpus = loadDemoCorpus(join(packageRoot(), "demo"));
  await storeManifests(opened.store, placeDemoManifests(corpus, { now: NOW, cycles: 2 }));
  const byUrl = new Map<string, IndexedStory>();
  for (const cut of CUTS) {
    const edition = await buildEdition(cut, buildDeps(opened.store));
    await saveEdition(opened.store, edition);
    for (const { story } of edition.stories) byUrl.set(story.url, story);
  }
  return [...byUrl.values()];
}

let opened: OpenedTestStore;
let index: FactIndex;

beforeAll(async () => {
  opened = await sqliteBackend.open();
  index = buildFactIndex(await buildDemoStories(opened));
});
afterAll(async () => {
  await opened.cleanup();
});

/** The values a story's `unresolved` line names, one per side ("41.3 degrees", "June 4"). */
function disputedValues(line: string): string[] {
  return [...line.matchAll(/(?:^Sources differ: |\); )(.+?) according to /g)].map((m) => m[1]!);
}

describe("the demo question set", () => {
  it("has at least 30 questions, none a copy of a fact", () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(30);
    const facts = new Set(index.facts.map((fact) => fact.text.toLowerCase()));
    for (const { query } of QUESTIONS) expect(facts.has(query.toLowerCase())).toBe(false);
  });

  it("has an answer in the demo edition for every question", () => {
    for (const { query, expected } of QUESTIONS) {
      const answered = index.facts.some((fact) => expected.some((e) => fact.text.includes(e)));
      expect(answered, query).toBe(true);
    }
  });

  it("flags every result that states a value its story's sources dispute, titles too", () => {
    const unresolved = new Map<string, string[]>();
    for (const fact of index.facts)
      if (fact.dispute !== undefined) unresolved.set(fact.story.url, disputedValues(fact.dispute));
    let checked = 0;
    for (const { query } of QUESTIONS) {
      for (const result of searchFacts(index, { query, days: 7, limit: 5, now: NOW })) {
        const values = unresolved.get(result.url) ?? [];
        if (!values.some((value) => result.description.includes(value))) continue;
        checked += 1;
        expect(result.disputed, `${query}: "${result.description}"`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("answers the /ask issue's demo examples at #1, flagged where the sources disagree", () => {
    // The examples /ask once got wrong: a date ranked above the number asked for, the record
    // heat story missed, disputed counts (1.2 vs 1.8 million customers, 12 vs 14 injured)
    // shown without a word that the sources differ.
    const examples = [
      { query: "How many homes will the housing act build?", answer: /40,000/, disputed: false },
      { query: "how hot did it get", answer: /41\.3 degrees/, disputed: true },
      { query: "Telvara: how many customers were affected", answer: /\d million/, disputed: true },
      {
        query: "How many people were injured in the Brenholt quake?",
        answer: /injured 1[24]/,
        disputed: true,
      },
    ];
    for (const { query, answer, disputed } of examples) {
      const [first] = searchFacts(index, { query, days: 7, limit: 5, now: NOW });
      expect(first?.description, query).toMatch(answer);
      expect(first?.disputed, query).toBe(disputed);
      if (disputed) expect(first?.unresolved, query).toMatch(/^Sources differ: /);
    }
  });

  it("ranks an answering fact first or nearly first: mean reciprocal rank >= 0.8", () => {
    let sum = 0;
    const report: string[] = [];
    for (const { query, expected } of QUESTIONS) {
      const results = searchFacts(index, { query, days: 7, limit: RANKED, now: NOW });
      const rank = results.findIndex((r) => expected.some((e) => r.description.includes(e))) + 1;
      sum += rank === 0 ? 0 : 1 / rank;
      if (rank !== 1) report.push(`  rank ${rank || `>${RANKED}`}: ${query}`);
    }
    const mrr = sum / QUESTIONS.length;
    console.log(
      `ask questions: MRR@${RANKED} ${mrr.toFixed(3)} over ${QUESTIONS.length} questions, ${index.facts.length} facts of ${index.stories} demo stories; not first:\n${report.join("\n")}`,
    );
    expect(mrr).toBeGreaterThanOrEqual(0.8);
  });
});
