import { describe, expect, it } from "vitest";
import {
  type ChangedRow,
  changedRows,
  judgeSheet,
  readJudgements,
  type SetRow,
  shuffled,
  tally,
} from "./changed-rows.js";

const row = (text: string, set = "basil", part: SetRow["part"] = "key_fact"): SetRow => ({
  set,
  part,
  text,
  story: "Storm closes Tessel harbour",
});

describe("changedRows", () => {
  it("lists what the change left out and brought in, a repeated row as often as it changed", () => {
    const before = [row("A"), row("B"), row("B"), row("C")];
    const after = [row("A"), row("B"), row("D"), row("D")];
    expect(changedRows(before, after).map(({ text, side }) => `${side}${text}`)).toEqual([
      "-B",
      "-C",
      "+D",
      "+D",
    ]);
  });

  it("tells the same text apart by set, part and story", () => {
    const changed = changedRows([row("A", "basil")], [row("A", "gold_standard")]);
    expect(changed.map(({ set, side }) => `${side}${set}`)).toEqual(["-basil", "+gold_standard"]);
    expect(changedRows([row("A", "basil", "dek")], [row("A", "basil", "dek")])).toEqual([]);
  });
});

describe("shuffled", () => {
  it("is a permutation, the same for the same seed", () => {
    const rows = Array.from({ length: 50 }, (_, n) => n);
    const once = shuffled(rows, 7);
    expect([...once].sort((a, b) => a - b)).toEqual(rows);
    expect(shuffled(rows, 7)).toEqual(once);
    expect(once).not.toEqual(rows);
    expect(shuffled(rows, 8)).not.toEqual(once);
  });
});

describe("judgeSheet", () => {
  it("numbers the rows and shows part, headline and text, never the set or the side", () => {
    const changed: ChangedRow = { ...row("Waves damaged forty boats.", "basil"), side: "-" };
    const sheet = judgeSheet([changed]);
    expect(sheet).toBe(
      "Row 0\npart: key_fact\nstory headline: Storm closes Tessel harbour\ntext: Waves damaged forty boats.\n",
    );
    expect(sheet).not.toMatch(/basil|left out|-/u);
  });
});

describe("readJudgements", () => {
  const ok = [
    { n: 1, junk: true, reason: "dangling" },
    { n: 0, junk: false },
  ];

  it("puts an editor's answers in row order", () => {
    expect(readJudgements("editor-a.json", ok, 2).map(({ n }) => n)).toEqual([0, 1]);
  });

  it("names the editor and the row of an answer that is missing, repeated or off the sheet", () => {
    expect(() => readJudgements("editor-a.json", [ok[0]], 2)).toThrow(
      "editor-a.json: row 0 is not judged",
    );
    expect(() => readJudgements("editor-a.json", [...ok, ok[1]], 2)).toThrow(
      "editor-a.json: row 0 is judged twice",
    );
    expect(() => readJudgements("editor-a.json", [...ok, { n: 2, junk: false }], 2)).toThrow(
      "row 2 is not on the sheet (rows 0 to 1)",
    );
  });

  it("refuses a junk answer with no reason, an unknown reason, or not an array", () => {
    expect(() => readJudgements("editor-b.json", [{ n: 0, junk: true }], 1)).toThrow(
      /editor-b\.json: .*names its reason/su,
    );
    expect(() =>
      readJudgements("editor-b.json", [{ n: 0, junk: true, reason: "boring" }], 1),
    ).toThrow(/editor-b\.json/u);
    expect(() => readJudgements("editor-b.json", { n: 0 }, 1)).toThrow(/editor-b\.json/u);
  });
});

describe("tally", () => {
  const rows: ChangedRow[] = [
    { ...row("A"), side: "-" },
    { ...row("B"), side: "-" },
    { ...row("C", "gold_standard"), side: "+" },
  ];
  const editor = (...answers: (string | null)[]) =>
    readJudgements(
      "editor",
      answers.map((reason, n) =>
        reason === null ? { n, junk: false } : { n, junk: true, reason },
      ),
      answers.length,
    );

  it("takes each row's majority, with the reason most junk votes give", () => {
    const result = tally(rows, [
      editor("dangling", null, "offtopic"),
      editor("offtopic", null, null),
      editor("offtopic", "fragment", null),
    ]);
    expect(result.verdicts).toEqual([
      { set: "basil", part: "key_fact", text: "A", junk: true, reason: "offtopic" },
      { set: "basil", part: "key_fact", text: "B", junk: false },
      { set: "gold_standard", part: "key_fact", text: "C", junk: false },
    ]);
    expect(result.unanimous).toBe(1);
    expect(Object.fromEntries(result.counts)).toEqual({
      "basil -": { junk: 1, reportable: 1 },
      "gold_standard +": { junk: 0, reportable: 1 },
    });
  });

  it("needs an odd number of editors", () => {
    const one = editor(null, null, null);
    expect(() => tally(rows, [one, one])).toThrow("an odd number of editors");
    expect(() => tally(rows, [])).toThrow("an odd number of editors");
    expect(tally(rows, [one]).unanimous).toBe(3);
  });
});
