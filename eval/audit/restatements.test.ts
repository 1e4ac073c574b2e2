import { describe, expect, it } from "vitest";
import {
  type FactList,
  mergePairVerdicts,
  type PairVerdict,
  pairVerdictsOf,
  readMarks,
  readPairVerdicts,
  restatedShare,
  restateSheet,
  tallyRestatements,
  unjudgedLists,
} from "./restatements.js";
import { textHash } from "./verdicts.js";

const FACTS = [
  "The Tessel ferry sank on Monday with 40 people aboard.",
  "A ferry carrying 40 people went down off Tessel on Monday.",
  "All 40 passengers were rescued by the coastguard.",
];
const list = (facts = FACTS, set = "basil"): FactList => ({
  set,
  story: "Ferry sinks off Tessel",
  facts,
});
const pair = (earlier: number, later: number, restates: boolean, set = "basil"): PairVerdict => ({
  set,
  earlier: textHash(FACTS[earlier]!),
  later: textHash(FACTS[later]!),
  restates,
});

describe("restatedShare", () => {
  it("counts a fact as restated when one earlier fact's pair says so, as new when no pair does", () => {
    const verdicts = [pair(0, 1, true), pair(0, 2, false), pair(1, 2, false)];
    expect(restatedShare([list()], verdicts)).toEqual({ restated: 1, judged: 2, unjudged: 0 });
  });

  it("leaves a fact unjudged while a pair of it has no verdict, unless another pair restates", () => {
    expect(restatedShare([list()], [pair(0, 1, false)])).toEqual({
      restated: 0,
      judged: 1,
      unjudged: 1,
    });
    expect(restatedShare([list()], [pair(1, 2, true)])).toEqual({
      restated: 1,
      judged: 1,
      unjudged: 1,
    });
  });

  it("reads a pair in its order and in its set only", () => {
    const reversed = {
      ...pair(0, 1, true),
      earlier: pair(0, 1, true).later,
      later: textHash(FACTS[0]!),
    };
    expect(restatedShare([list()], [reversed]).restated).toBe(0);
    expect(restatedShare([list(FACTS, "gold_standard")], [pair(0, 1, true)]).restated).toBe(0);
  });
});

describe("unjudgedLists", () => {
  it("keeps the lists with a fact no verdict settles, each once", () => {
    const settled = [pair(0, 1, false), pair(0, 2, false), pair(1, 2, true)];
    expect(unjudgedLists([list(), list()], [])).toEqual([list()]);
    expect(unjudgedLists([list()], settled)).toEqual([]);
    expect(unjudgedLists([list()], [pair(0, 1, true)])).toEqual([list()]);
  });
});

describe("restateSheet", () => {
  it("numbers stories from 0 and facts from 1, and never names the set", () => {
    const sheet = restateSheet([list()]);
    expect(sheet).toContain("Story 0\nheadline: Ferry sinks off Tessel\n1. The Tessel ferry");
    expect(sheet).toContain("\n3. All 40 passengers");
    expect(sheet).not.toContain("basil");
  });
});

describe("readMarks", () => {
  const answers = [
    { s: 0, f: 2, of: [1] },
    { s: 0, f: 3, of: [] },
  ];

  it("reads each fact's earlier facts, 0-based", () => {
    const marks = readMarks("editor-a.json", answers, [list()]);
    expect(marks[0]!.map((set) => [...set])).toEqual([[], [0], []]);
  });

  it("names the editor and the fault: unanswered, twice, not earlier, not on the sheet", () => {
    expect(() => readMarks("editor-a.json", answers.slice(0, 1), [list()])).toThrow(
      "editor-a.json: story 0, fact 3 is not answered",
    );
    expect(() => readMarks("editor-a.json", [...answers, answers[0]], [list()])).toThrow(
      "story 0, fact 2 is answered twice",
    );
    expect(() => readMarks("e", [{ s: 0, f: 2, of: [2] }, answers[1]], [list()])).toThrow(
      "story 0, fact 2: 2 is not an earlier fact",
    );
    expect(() => readMarks("e", [{ s: 1, f: 2, of: [] }], [list()])).toThrow(
      "story 1 is not on the sheet",
    );
    expect(() => readMarks("e", [{ s: 0, f: 4, of: [] }], [list()])).toThrow("has no fact 4");
    expect(() => readMarks("e", [{ s: 0, f: 1, of: [] }], [list()])).toThrow(/^e: /u);
  });
});

describe("tallyRestatements", () => {
  const marks = (second: number[], third: number[]) => [
    [new Set<number>(), new Set(second), new Set(third)],
  ];

  it("takes each pair's majority and counts restated facts per set", () => {
    const editors = [marks([0], []), marks([0], [1]), marks([], [])];
    const { verdicts, counts, unanimous } = tallyRestatements([list()], editors);
    expect(verdicts).toEqual([pair(0, 1, true), pair(0, 2, false), pair(1, 2, false)]);
    expect(counts.get("basil")).toEqual({ restated: 1, facts: 2 });
    expect(unanimous).toBe(1);
  });

  it("needs an odd number of editors", () => {
    expect(() => tallyRestatements([list()], [marks([], []), marks([], [])])).toThrow(
      "an odd number of editors",
    );
  });
});

describe("pair verdicts", () => {
  it("merge: a pair judged before keeps its verdict unless replaced", () => {
    const kept = [pair(0, 1, false)];
    expect(mergePairVerdicts(kept, [pair(0, 1, true), pair(0, 2, false)], false)).toBe(1);
    expect(kept).toEqual([pair(0, 1, false), pair(0, 2, false)]);
    expect(mergePairVerdicts(kept, [pair(0, 1, true), pair(0, 2, false)], true)).toBe(1);
    expect(kept[0]).toEqual(pair(0, 1, true));
  });

  it("reads a file or a bare array, and names the source of a bad one", () => {
    expect(pairVerdictsOf("m.json", [pair(0, 1, true)])).toEqual([pair(0, 1, true)]);
    expect(() => pairVerdictsOf("m.json", [{ ...pair(0, 1, true), earlier: "abc" }])).toThrow(
      "m.json",
    );
  });

  it("the kept file parses", () => {
    expect(Array.isArray(readPairVerdicts())).toBe(true);
  });
});
