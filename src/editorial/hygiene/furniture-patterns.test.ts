// The furniture patterns joined into one scan (UNGATED_FURNITURE) match wherever one of them
// does, and anyOf refuses patterns that cannot be joined.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anyOf,
  FURNITURE,
  MAY_RUN_IN,
  RUN_IN_START,
  UNGATED_FURNITURE,
} from "./furniture-patterns.js";

/** Lower-cased sentences each matched by one ungated pattern at least. */
const FURNITURE_LINES = [
  "copyright 2018 the associated press. all rights reserved.",
  "sign up for our newsletter to get the best stories.",
  "read more: the ten best beaches",
  "hide caption 3 of 12",
  "reporting by jane roe; editing by john doe",
  "police police said the road was closed.",
  "more from the times:",
];

describe("UNGATED_FURNITURE", () => {
  const ungated = FURNITURE.flatMap((entry) => (entry.length === 2 ? [entry[1]] : []));

  it("joins every pattern without a gate", () => {
    expect(ungated.length).toBeGreaterThanOrEqual(5);
    for (const line of FURNITURE_LINES) {
      expect(
        ungated.some((pattern) => pattern.test(line)),
        line,
      ).toBe(true);
      expect(UNGATED_FURNITURE.test(line), line).toBe(true);
    }
  });

  it("matches a sentence exactly when one of its patterns does", () => {
    const plain = [
      "the council approved the budget on monday by 7 votes to 2.",
      "rescuers pulled 12 people from the river, the coastguard said.",
      "she said the reading of the report would take more time.",
    ];
    for (const line of [...FURNITURE_LINES, ...plain])
      expect(UNGATED_FURNITURE.test(line), line).toBe(ungated.some((p) => p.test(line)));
  });
});

describe("MAY_RUN_IN", () => {
  it("holds wherever RUN_IN_START matches, so skipping the pattern without it loses nothing", () => {
    const pieces = [
      "The",
      "A",
      "An",
      "the",
      "a",
      "boy",
      "large",
      "ice",
      "9",
      ")",
      "”",
      "’",
      " ",
      "\t",
      "\n",
      "  ",
      ".",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 14 }), (parts) => {
        const sentence = parts.join("");
        RUN_IN_START.lastIndex = 0;
        if (RUN_IN_START.test(sentence)) expect(MAY_RUN_IN.test(sentence), sentence).toBe(true);
      }),
      { numRuns: 3000 },
    );
    RUN_IN_START.lastIndex = 0;
    expect(RUN_IN_START.test("Tram derails in Croydon\tThe driver was arrested.")).toBe(true);
    expect(MAY_RUN_IN.test("Tram derails in Croydon\tThe driver was arrested.")).toBe(true);
    expect(MAY_RUN_IN.test("The driver was arrested in Croydon on Monday.")).toBe(false);
  });
});

describe("anyOf", () => {
  it("keeps a named backreference working inside the joined pattern", () => {
    const joined = anyOf([/^x+$/u, /^(?<word>\p{L}{3,})\s+\k<word>\b/u]);
    expect(joined.test("police police said")).toBe(true);
    expect(joined.test("police said")).toBe(false);
  });

  it("refuses a numbered backreference, other flags, and global or sticky patterns", () => {
    expect(() => anyOf([/a/u, /(b)\1/u])).toThrow(/by number/);
    expect(() => anyOf([/a/u, /b/iu])).toThrow(/cannot be joined/);
    expect(() => anyOf([/a/gu])).toThrow(/cannot be joined/);
    expect(() => anyOf([/a/uy])).toThrow(/cannot be joined/);
  });
});
