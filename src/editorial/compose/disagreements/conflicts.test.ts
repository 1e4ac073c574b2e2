// conflictingPairs returns fewer pairs than it finds (findDisputes only needs which values a
// dispute links): the values it links must be exactly those that comparing every pair of
// mentions links, on generated mentions with shared and distinct anchors, names, ranges and
// publishers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { conflictingPairs, disjoint, GROUPED_ABOVE } from "./conflicts.js";
import type { ReportedMention } from "./reported-mentions.js";
import { UnionFind } from "./union-find.js";

const mentionArb = fc
  .record({
    value: fc.integer({ min: 1, max: 8 }),
    range: fc.constantFrom("exact", "at least", "about"),
    anchors: fc.subarray(["killed", "injured", "homes", "cut"], { maxLength: 2 }),
    names: fc.subarray(["Tessel", "Varrowby", "Calder"], { maxLength: 2 }),
    publishers: fc.subarray(["a", "b", "c", "d", "e"], { minLength: 1, maxLength: 2 }),
    headline: fc.boolean(),
  })
  .map(({ value, range, anchors, names, publishers, headline }): ReportedMention => {
    const [low, high] =
      range === "exact"
        ? [value, value]
        : range === "at least"
          ? [value, Infinity]
          : [value - 1, value + 1];
    const words = { anchors: new Set(anchors), context: new Set<string>(), names: new Set(names) };
    return {
      kind: "count",
      unit: "person",
      value,
      low,
      high,
      shown: `${value} people`,
      words: () => words,
      sentence: `${value} people ${anchors.join(" ")} ${names.join(" ")}`,
      publishers: new Map(publishers.map((domain) => [`${domain}.example`, domain])),
      headline,
    };
  });

const shares = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].some((w) => b.has(w));

/** The rule conflicts.ts documents, applied to every pair: the reference. */
function everyConflictingPair(mentions: readonly ReportedMention[]) {
  const together = new Set<string>();
  for (const a of mentions)
    for (const b of mentions)
      if (disjoint(a, b) && [...a.publishers.keys()].some((p) => b.publishers.has(p)))
        together.add(`${a.value}|${b.value}`);
  const pairs: Array<[ReportedMention, ReportedMention]> = [];
  mentions.forEach((a, i) =>
    mentions.slice(i + 1).forEach((b) => {
      if (!disjoint(a, b) || together.has(`${a.value}|${b.value}`)) return;
      const same = (a.headline && b.headline) || shares(a.words().anchors, b.words().anchors);
      const [na, nb] = [a.words().names, b.words().names];
      const differ = na.size > 0 && nb.size > 0 && !shares(na, nb);
      if (same && !differ) pairs.push([a, b]);
    }),
  );
  return pairs;
}

/** The values each pair list links, as a sorted list of linked value groups. */
function linkedValues(pairs: ReadonlyArray<readonly [ReportedMention, ReportedMention]>) {
  const links = new UnionFind(10);
  const seen = new Set<number>();
  for (const [a, b] of pairs) {
    links.union(a.value, b.value);
    seen.add(a.value).add(b.value);
  }
  const groups = new Map<number, number[]>();
  for (const value of [...seen].sort((x, y) => x - y)) {
    const root = links.find(value);
    groups.set(root, [...(groups.get(root) ?? []), value]);
  }
  return [...groups.values()].map((group) => group.join(",")).sort();
}

describe("conflictingPairs", () => {
  it("links the same values as comparing every pair of mentions, in groups or not", () => {
    fc.assert(
      fc.property(fc.array(mentionArb, { maxLength: 14 }), (mentions) => {
        const expected = linkedValues(everyConflictingPair(mentions));
        expect(linkedValues(conflictingPairs(mentions))).toEqual(expected);
        expect(linkedValues(conflictingPairs(mentions, 0))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it("returns one pair per link, not one per pair of copies", () => {
    const copies = (value: number, count: number, domain: string) =>
      Array.from({ length: count }, (_, at) => ({
        ...fc.sample(mentionArb, 1)[0]!,
        value,
        low: value,
        high: value,
        headline: false,
        words: () => ({
          anchors: new Set(["killed"]),
          context: new Set<string>(),
          names: new Set<string>(),
        }),
        sentence: `${value} people were killed (${at})`,
        publishers: new Map([[`${domain}${at}.example`, domain]]),
      }));
    const mentions = [...copies(12, 300, "p"), ...copies(14, 300, "q"), ...copies(15, 300, "r")];
    expect(mentions.length).toBeGreaterThan(GROUPED_ABOVE);
    const pairs = conflictingPairs(mentions);
    expect(pairs).toHaveLength(2);
    expect(linkedValues(pairs)).toEqual(["12,14,15"]);
  });
});
