// The /ask evaluation's parts: the rank of an answer, the scores, the plain baseline, and the
// question files: every answer stated in an article of its event (checked when the real-news
// data is beside the checkout).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SECTION_HEADINGS } from "../../src/api/story.js";
import type { IndexedStory } from "../../src/query/indexed-story.js";
import { loadRealSets, realNewsDirectory } from "../../test/support/real-news.js";
import {
  answerRank,
  authoredOnly,
  MIN_REAL_QUESTIONS,
  pooled,
  scoreRanker,
} from "./ask-quality.js";
import { plainBm25 } from "./bm25-baseline.js";
import {
  loadDemoQuestions,
  loadOutsideQuestionSets,
  loadRealQuestionSets,
  loadSecondWriterSets,
  outsideQuestionsFor,
  type QuestionSet,
} from "./question-sets.js";

describe("answerRank", () => {
  const texts = ["The tram left at 6am.", "Seven people died.", "Police named the driver."];

  it("is the 1-based rank of the first text holding an answer, case-insensitively; 0 if none", () => {
    expect(answerRank(texts, ["seven"])).toBe(2);
    expect(answerRank(texts, ["driver", "6AM"])).toBe(1);
    expect(answerRank(texts, ["Sandilands"])).toBe(0);
  });

  it("matches case when asked to (the demo set's exact phrases)", () => {
    expect(answerRank(texts, ["seven"], true)).toBe(0);
    expect(answerRank(texts, ["Seven"], true)).toBe(2);
  });
});

describe("scoreRanker and pooled", () => {
  const set: QuestionSet = {
    set: "t",
    caseSensitive: false,
    questions: [
      { question: "a", answers: ["x"], authored: ["x"] },
      { question: "b", answers: ["y", "w"], authored: ["w"] },
      { question: "c", answers: ["z"], authored: ["z"] },
    ],
  };
  const ranked: Record<string, string[]> = { a: ["x"], b: ["n", "y"], c: ["n"] };

  it("averages 1/rank (0 when missed) and counts answered questions", () => {
    const score = scoreRanker(set, (question) => ranked[question] ?? []);
    expect(score.mrr).toBeCloseTo((1 + 0.5 + 0) / 3, 10);
    expect(score.recall).toBeCloseTo(2 / 3, 10);
    expect(score.misses.map((miss) => [miss.question, miss.rank])).toEqual([
      ["b", 2],
      ["c", 0],
    ]);
  });

  it("scores the authored answers alone when asked to", () => {
    const score = scoreRanker(authoredOnly(set), (question) => ranked[question] ?? []);
    expect(score.mrr).toBeCloseTo(1 / 3, 10);
  });

  it("pools sets with each question counted once", () => {
    const one = scoreRanker({ ...set, questions: set.questions.slice(0, 1) }, () => ["x"]);
    const three = scoreRanker(set, () => []);
    expect(pooled([one, three]).mrr).toBeCloseTo(1 / 4, 10);
    expect(pooled([one, three]).questions).toBe(4);
  });
});

describe("the plain BM25 baseline", () => {
  const story = (url: string, headline: string, facts: string[]): IndexedStory => ({
    url,
    headline,
    published_at: "2026-11-21T00:00:00Z",
    sections: [
      {
        heading: SECTION_HEADINGS.facts,
        paragraphs: facts.map((text) => ({ text, manifest_ids: ["m1"] })),
      },
    ],
    cited_manifest_ids: [],
  });

  it("ranks the facts sharing the question's words first, each text once", () => {
    const search = plainBm25([
      story("https://s/1/", "Tram crash", [
        "The tram overturned at Sandilands.",
        "It was raining.",
      ]),
      story("https://s/2/", "Storm", [
        "The storm hit the coast.",
        "The tram overturned at Sandilands.",
      ]),
    ]);
    const found = search("where did the tram overturn", 5);
    expect(found[0]).toBe("The tram overturned at Sandilands.");
    expect(new Set(found).size).toBe(found.length);
    expect(search("volcano", 5)).toEqual([]);
  });
});

describe("the question files", () => {
  const first = loadRealQuestionSets();
  const secondWriter = loadSecondWriterSets();
  // The second writer's files are checked as the first's are.
  const sets = [...first, ...secondWriter];
  // Written on sets outside the repository: their articles are not here to check against.
  const outside = loadOutsideQuestionSets();

  it("keep blind questions for the two sets outside the repository, asked when given", () => {
    expect(outside.map((set) => set.set)).toEqual(["basil", "news_cluster_rest"]);
    const count = outside.reduce((sum, set) => sum + set.questions.length, 0);
    expect(count).toBeGreaterThanOrEqual(250);
    const questions = outside.flatMap((set) => set.questions.map((q) => q.question.toLowerCase()));
    expect(new Set(questions).size).toBe(questions.length);
    for (const { question, answers } of outside.flatMap((set) => set.questions))
      for (const answer of answers)
        expect(question.toLowerCase().includes(answer.toLowerCase()), question).toBe(false);
    // Asked for a --set of that name, unless a question file of one's own was given for it.
    const asked = (given: string[], own: string[]) =>
      outsideQuestionsFor(outside, given, own).map(({ file }) => file);
    expect(asked(["basil", "mine"], [])).toEqual([
      join("eval", "ask", "outside", "questions-basil.json"),
    ]);
    expect(asked(["basil", "news_cluster_rest"], ["basil"])).toEqual([
      join("eval", "ask", "outside", "questions-news_cluster_rest.json"),
    ]);
    expect(asked(["mine"], [])).toEqual([]);
  });

  it("hold at least 40 real questions, each asked once, and the demo set", () => {
    const count = (list: readonly QuestionSet[]) =>
      list.reduce((sum, set) => sum + set.questions.length, 0);
    expect(count(first)).toBeGreaterThanOrEqual(MIN_REAL_QUESTIONS);
    expect(secondWriter.map((set) => set.set).sort()).toEqual(first.map((set) => set.set).sort());
    expect(count(secondWriter)).toBeGreaterThanOrEqual(MIN_REAL_QUESTIONS);
    const questions = sets.flatMap((set) => set.questions.map((q) => q.question.toLowerCase()));
    expect(new Set(questions).size).toBe(questions.length);
    expect(loadDemoQuestions().questions.length).toBeGreaterThanOrEqual(30);
  });

  it("never put an answer in its question", () => {
    for (const set of sets) {
      for (const { question, answers } of set.questions) {
        for (const answer of answers) {
          expect(question.toLowerCase().includes(answer.toLowerCase()), question).toBe(false);
        }
      }
    }
  });

  it.skipIf(!existsSync(realNewsDirectory()))(
    "state every question's answer in an article of its event",
    () => {
      for (const set of sets) {
        const data = loadRealSets().find((candidate) => candidate.name === set.set);
        expect(data, set.set).toBeDefined();
        for (const { event, question, answers } of set.questions) {
          const texts = (data?.documents ?? [])
            .filter((document) => data?.labels.get(document.id) === event)
            .map((document) => `${document.title} ${document.text}`.toLowerCase());
          expect(texts.length, `${question}: event ${event}`).toBeGreaterThan(0);
          const found = answers.some((answer) =>
            texts.some((text) => text.includes(answer.toLowerCase())),
          );
          expect(found, question).toBe(true);
        }
      }
    },
  );
});
