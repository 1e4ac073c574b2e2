// The feeds' grouping at the items' own times: clustered as the builder clusters a topic, with
// the time factor seeing how far apart the items were published.
import { describe, expect, it } from "vitest";
import type { LabelledDataSet } from "../test/support/real-news.js";
import { builderGrouping } from "./evaluate-set.js";

const HOUR_MS = 3_600_000;

/** Two posts of one blog in nearly the same words, judged two events (a weekly series). */
function weeklySeries(hoursApart: number): LabelledDataSet {
  // Not word for word: identical documents are one unit, grouped without a comparison.
  const post = (id: string, hour: number, talk: string) => ({
    id,
    title: "Loudoun County wellness calendar",
    text: `Yoga in the park, a walk for heart health and a talk on ${talk} at the county library this week.`,
    language: "en",
    publishedAtMs: Date.UTC(2026, 0, 5) + hour * HOUR_MS,
    publisherDomain: "wellness.example",
  });
  return {
    name: "series",
    documents: [post("a", 0, "sleep"), post("b", hoursApart, "diet")],
    labels: new Map([
      ["a", "week 1"],
      ["b", "week 2"],
    ]),
  };
}

describe("builderGrouping", () => {
  it("groups them published an hour apart", () => {
    expect(builderGrouping(weeklySeries(1)).precision).toBe(0.5);
  });

  it("keeps them apart a week apart: the times are the documents' own", () => {
    const score = builderGrouping(weeklySeries(24 * 7));
    expect(score.precision).toBe(1);
    expect(score.f1).toBe(1);
  });
});
