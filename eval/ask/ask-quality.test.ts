// The /ask evaluation's parts: the rank of an answer, and a question file whose every answer
// is stated in an article of its event (checked when the real-news data is beside the checkout).
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadRealSets, realNewsDirectory } from "../../test/support/real-news.js";
import { answerRank, loadRealQuestions } from "./ask-quality.js";

describe("answerRank", () => {
  it("is the 1-based rank of the first text holding an answer, case-insensitively; 0 if none", () => {
    const texts = ["The tram left at 6am.", "Seven people died.", "Police named the driver."];
    expect(answerRank(texts, ["seven"])).toBe(2);
    expect(answerRank(texts, ["driver", "6AM"])).toBe(1);
    expect(answerRank(texts, ["Sandilands"])).toBe(0);
  });
});

describe("the real-news question set", () => {
  const set = loadRealQuestions();

  it("asks different questions", () => {
    const questions = set.questions.map((question) => question.question.toLowerCase());
    expect(new Set(questions).size).toBe(questions.length);
  });

  it.skipIf(!existsSync(realNewsDirectory()))(
    "states every question's answer in an article of its event",
    () => {
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
    },
  );
});
