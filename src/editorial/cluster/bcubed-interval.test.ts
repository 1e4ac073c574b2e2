// The bootstrap interval of B-cubed F1: degenerate when every event is grouped perfectly,
// around the measured F1 otherwise, wider for fewer events, and the same on every run.
import { describe, expect, it } from "vitest";
import { bcubed } from "./bcubed.js";
import { bcubedInterval } from "./bcubed-interval.js";

/** `events` events of `size` documents each: ids e<event>-<document>. */
function labelled(events: number, size: number): Map<string, string> {
  const labels = new Map<string, string>();
  for (let e = 0; e < events; e++) {
    for (let d = 0; d < size; d++) labels.set(`e${e}-${d}`, `event ${e}`);
  }
  return labels;
}

/** Each event grouped whole, except that the first `split` events lose one document each. */
function groupsWithSplits(events: number, size: number, split: number): string[][] {
  const groups: string[][] = [];
  for (let e = 0; e < events; e++) {
    const ids = Array.from({ length: size }, (_, d) => `e${e}-${d}`);
    if (e < split) groups.push(ids.slice(1), ids.slice(0, 1));
    else groups.push(ids);
  }
  return groups;
}

describe("bcubedInterval", () => {
  it("is [1, 1] when every event is grouped whole and pure", () => {
    const labels = labelled(10, 4);
    expect(bcubedInterval(groupsWithSplits(10, 4, 0), labels)).toEqual({
      low: 1,
      high: 1,
      level: 0.95,
    });
  });

  it("holds the measured F1 and stays below 1 when some events are split", () => {
    const labels = labelled(20, 4);
    const groups = groupsWithSplits(20, 4, 5);
    const { f1 } = bcubed(groups, labels);
    const interval = bcubedInterval(groups, labels)!;
    expect(interval.low).toBeLessThan(f1);
    expect(interval.high).toBeGreaterThan(f1);
    expect(interval.high).toBeLessThanOrEqual(1);
  });

  it("is wider on fewer events with the same share of errors", () => {
    const width = (events: number) => {
      const interval = bcubedInterval(
        groupsWithSplits(events, 4, events / 4),
        labelled(events, 4),
      )!;
      return interval.high - interval.low;
    };
    expect(width(8)).toBeGreaterThan(width(80));
  });

  it("gives the same interval on every run (a seeded generator)", () => {
    const labels = labelled(12, 3);
    const groups = groupsWithSplits(12, 3, 4);
    expect(bcubedInterval(groups, labels)).toEqual(bcubedInterval(groups, labels));
  });

  it("is undefined when no grouped document is labelled", () => {
    expect(bcubedInterval([["x"]], new Map())).toBeUndefined();
  });
});
