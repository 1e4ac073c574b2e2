// The story-limit sweep for /ask (limit-sweep.ts): its arguments, its table, and that a value's
// MRR@5 is the one `npm run eval` reports for the same stories.
import { describe, expect, it } from "vitest";
import { DEFAULT_STORY_LIMITS } from "../../src/editorial/compose/limits.js";
import { askQuality } from "./ask-quality.js";
import { buildDemoStories, DEMO_NOW } from "./demo-stories.js";
import { parseSweep, type Sweep, type SweptSet, sweepLimit, sweepLines } from "./limit-sweep.js";
import { loadDemoQuestions } from "./question-sets.js";

describe("parseSweep", () => {
  it("reads a numeric story limit and its values, adding the shipped value last", () => {
    expect(parseSweep("factsShown", "8, 16,16")).toEqual({
      field: "factsShown",
      values: [8, 16, 20],
    });
    expect(parseSweep("keyFactLeadMany", "2,4")).toEqual({
      field: "keyFactLeadMany",
      values: [2, 4],
    });
  });

  it("names the limits it can set when given another, and the bad value when one is", () => {
    expect(parseSweep("keyFactSupport", "1")).toMatch(/not a story limit.*factsShown/u);
    expect(parseSweep("nope", "1")).toMatch(/"nope"/u);
    expect(parseSweep("factsShown", "8,,12")).toMatch(/got ""/u);
    expect(parseSweep("factsShown", "8,twelve")).toMatch(/got "twelve"/u);
    expect(parseSweep("factsShown", "-1")).toMatch(/0 or more/u);
    expect(parseSweep("factsShown", "8,12.5")).toMatch(/whole numbers; got "12\.5"/u);
    expect(parseSweep("dekHeadlineWeight", "0.2,0.6")).toEqual({
      field: "dekHeadlineWeight",
      values: [0.2, 0.6, 0.4],
    });
  });
});

describe("sweepLines", () => {
  const set = (tag: string): SweptSet => ({
    tag,
    questions: { set: tag, questions: [], caseSensitive: false },
    build: () => Promise.reject(new Error("not built")),
  });
  const sweep: Sweep = { field: "factsShown", values: [8, 12, 20] };

  it("prints each set's MRR@5 per value, and the value chosen on the other sets", () => {
    const mrr = [
      [0.5, 0.9, 0.1],
      [0.6, 0.8, 0.2],
      [0.7, 0.7, 0.9],
    ];
    const lines = sweepLines(sweep, [set("a"), set("b"), set("c")], mrr);
    expect(lines[0]).toContain(
      "StoryLimits.factsShown at each value (shipped 20), 3 question sets",
    );
    expect(lines.find((line) => line.trim().startsWith("b "))).toMatch(/0\.900\s+0\.800\s+0\.700/u);
    // Held out "a": b and c's mean is best at 20. Held out "c": a and b's mean is 0.7 at every
    // value, and a tie goes to the value given first (8).
    const folds = lines.slice(lines.findIndex((line) => line.includes("held-out set")) + 1);
    expect(folds[0]).toMatch(/^ {2}a\s+20\s+0\.700\s+0\.700$/u);
    expect(folds[2]).toMatch(/^ {2}c\s+8\s+0\.100\s+0\.900$/u);
  });
});

describe("sweepLimit", () => {
  it("scores a value as the eval scores the same stories (the demo, shipped limits)", async () => {
    const questions = loadDemoQuestions();
    const demo: SweptSet = {
      tag: "demo",
      questions,
      build: async (limits) => ({ stories: await buildDemoStories(limits), now: DEMO_NOW }),
    };
    const shipped = DEFAULT_STORY_LIMITS.sentencesPerSource;
    const sweep: Sweep = { field: "sentencesPerSource", values: [shipped, 1] };
    const [[swept], [fewer]] = (await sweepLimit(sweep, [demo])) as [[number], [number]];
    const evaluated = askQuality(questions, await buildDemoStories(), DEMO_NOW).ours.mrr;
    expect(swept).toBeCloseTo(evaluated, 10);
    // The limit reaches the build: with each source's summary alone, the answers move.
    expect(fewer).not.toBeCloseTo(swept, 10);
  });
});
