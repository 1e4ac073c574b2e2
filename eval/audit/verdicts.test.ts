// The blind audit's bookkeeping: which verdict covers which row, what counts as not judged,
// and that a malformed verdict is refused with its place and problem.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { StoryPartRow } from "./story-parts.js";
import {
  anyVerdictsOf,
  auditSet,
  hashedVerdict,
  mergeVerdicts,
  textHash,
  readVerdicts,
  unjudgedRows,
  type Verdict,
  type VerdictFile,
  VERDICTS_PATH,
  writeVerdicts,
} from "./verdicts.js";

const story = "Tram derails in Croydon";
const rows: StoryPartRow[] = [
  { part: "headline", text: story, story },
  { part: "dek", text: "Seven people died when a tram derailed.", story },
  { part: "key_fact", text: "Seven people died when a tram derailed.", story },
  { part: "key_fact", text: "Photo: Jane Roe", story },
  { part: "source_sentence", text: "Photo: Jane Roe", story },
  { part: "known_sentence", text: "The line reopened on Friday.", story },
];
const verdicts: Verdict[] = [
  { set: "s", part: "headline", text: story, junk: false },
  { set: "s", part: "key_fact", text: "Seven people died when a tram derailed.", junk: false },
  { set: "s", part: "source_sentence", text: "Photo: Jane Roe", junk: true, reason: "furniture" },
];

describe("auditSet", () => {
  it("counts junk among judged rows and the rows with no verdict", () => {
    const audit = auditSet("s", rows, verdicts);
    expect(audit.headline).toEqual({ junk: 0, judged: 1, unjudged: 0 });
    // A sentence verdict does not judge a dek: a dek has its own standard.
    expect(audit.dek).toEqual({ junk: 0, judged: 0, unjudged: 1 });
    // A key fact and a section sentence with the same text share one verdict.
    expect(audit.key_fact).toEqual({ junk: 1, judged: 2, unjudged: 0 });
    expect(audit.source_sentence).toEqual({ junk: 1, judged: 1, unjudged: 0 });
    expect(audit.known_sentence).toEqual({ junk: 0, judged: 0, unjudged: 1 });
  });

  it("never takes another set's verdict", () => {
    expect(auditSet("other", rows, verdicts).headline).toEqual({ junk: 0, judged: 0, unjudged: 1 });
  });
});

describe("unjudgedRows", () => {
  it("lists each row without a verdict once", () => {
    const twice = [...rows, rows[5] as StoryPartRow];
    expect(unjudgedRows("s", twice, verdicts).map((row) => row.part)).toEqual([
      "dek",
      "known_sentence",
    ]);
  });
});

describe("mergeVerdicts", () => {
  function file(): VerdictFile {
    return { description: "test", verdicts: [...verdicts] };
  }

  it("adds new verdicts and keeps the first verdict on a row judged before", () => {
    const merged = file();
    const added = mergeVerdicts(merged, [
      { set: "s", part: "dek", text: "Seven people died when a tram derailed.", junk: false },
      {
        set: "s",
        part: "source_sentence",
        text: "Seven people died when a tram derailed.",
        junk: true,
        reason: "fragment",
      },
    ]);
    expect(added).toBe(1);
    expect(merged.verdicts).toHaveLength(4);
    expect(auditSet("s", rows, merged.verdicts).key_fact.junk).toBe(1);
  });

  it("replaces a row's verdict when asked, in its place, and counts only what changed", () => {
    const merged = file();
    const first = merged.verdicts[0]!;
    // The same headline judged again, where a change moved it.
    const moved: Verdict = { ...first, junk: true, reason: "not-a-title" };
    expect(mergeVerdicts(merged, [moved])).toBe(0);
    expect(merged.verdicts[0]).toEqual(first);
    expect(mergeVerdicts(merged, [moved, first], { replace: true })).toBe(2);
    expect(merged.verdicts[0]).toEqual(first);
    expect(mergeVerdicts(merged, [moved], { replace: true })).toBe(1);
    expect(merged.verdicts[0]).toEqual(moved);
    expect(merged.verdicts).toHaveLength(verdicts.length);
    expect(mergeVerdicts(merged, [moved], { replace: true })).toBe(0);
  });

  it("writes the committed verdicts back byte for byte, each field where it was", () => {
    const work = mkdtempSync(join(tmpdir(), "svc-verdicts-"));
    try {
      const copy = join(work, "verdicts.json");
      const committed = readFileSync(VERDICTS_PATH, "utf8");
      const kept = readVerdicts();
      expect(mergeVerdicts(kept, [kept.verdicts[0]])).toBe(0);
      writeVerdicts(kept, copy);
      expect(readFileSync(copy, "utf8")).toBe(committed);
      mergeVerdicts(kept, [{ set: "s", part: "dek", text: "A new row.", junk: false }]);
      writeVerdicts(kept, copy);
      expect(readFileSync(copy, "utf8").startsWith(committed.slice(0, -"\n  ]\n}\n".length))).toBe(
        true,
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("refuses a verdict with an unknown reason or a junk verdict without one, naming it", () => {
    expect(() =>
      mergeVerdicts(file(), [{ set: "s", part: "dek", text: "x", junk: true, reason: "dull" }]),
    ).toThrow(/verdict 0:.*reason/s);
    expect(() => mergeVerdicts(file(), [{ set: "s", part: "dek", text: "x", junk: true }])).toThrow(
      /names its reason/,
    );
  });
});

describe("hashed verdicts (an outside set's, kept without its texts)", () => {
  const hashed = verdicts.map(hashedVerdict);

  it("keep no text, only its SHA-256", () => {
    expect(hashed[0]).toEqual({
      set: "s",
      part: "headline",
      junk: false,
      sha256: textHash(story),
    });
    expect(JSON.stringify(hashed)).not.toContain("Photo");
    expect(textHash("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("judge the rows their texts hash to, as verdicts with texts do", () => {
    expect(auditSet("s", rows, hashed)).toEqual(auditSet("s", rows, verdicts));
    expect(unjudgedRows("s", rows, hashed)).toEqual(unjudgedRows("s", rows, verdicts));
  });

  it("are read from a verdict file or a bare array, and refused when malformed", () => {
    const file = { description: "outside", verdicts: hashed };
    expect(anyVerdictsOf("a.json", file)).toEqual(hashed);
    expect(anyVerdictsOf("b.json", [...hashed, ...verdicts])).toHaveLength(6);
    expect(() => anyVerdictsOf("c.json", [{ ...hashed[0], sha256: "abc" }])).toThrow(/c\.json/u);
    expect(() => anyVerdictsOf("d.json", [{ ...hashed[0], text: story }])).toThrow(/d\.json/u);
    expect(() => anyVerdictsOf("e.json", [{ ...hashed[2], reason: undefined }])).toThrow(
      /e\.json/u,
    );
  });
});

describe("eval/audit/verdicts.json", () => {
  it("is valid, one verdict per row", () => {
    const { verdicts: all } = readVerdicts();
    const keys = all.map((v) =>
      JSON.stringify([
        v.set,
        v.part === "headline" || v.part === "dek" ? v.part : "sentence",
        v.text,
      ]),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});
