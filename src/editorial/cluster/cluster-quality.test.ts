// Clustering quality on documents read as the builder reads them (builder-readings.ts): B-cubed
// on the real-news sets (when ../shared/data/real is present) beside the plain TF-IDF
// average-link baseline in the same run, and on the demo corpus.
import { describe, expect, it } from "vitest";
import { BASELINE_THRESHOLD, tfidfAverageLinkClusters } from "../../../eval/tfidf-baseline.js";
import { loadFeedEvents } from "../../../eval/feed-events.js";
import { loadDemoTopics, loadRealSets } from "../../../test/support/real-news.js";
import { bcubed } from "./bcubed.js";
import { withBuilderReadings } from "./builder-readings.js";
import { clusterDocuments } from "./cluster-documents.js";
import type { LabelledSet } from "./parameter-search.js";

const realSets = loadRealSets().map(withBuilderReadings);
const realSuffix = realSets.length === 3 ? "" : " (skipped: ../shared/data/real is missing)";

/**
 * Sets where the baseline scores higher at its own threshold, each with the reason
 * (README.md, "Figures"): the test expects the miss, and fails once it is gone.
 */
const KNOWN_MISSES: ReadonlyMap<string, string> = new Map([
  [
    "google_news_topics",
    "the baseline groups all 7 storylines (1.000) and so does ours (1.000): a tie is not " +
      "above it, and no method can score above 1.000",
  ],
]);

function score(dataSet: LabelledSet) {
  const result = bcubed(clusterDocuments(dataSet.documents), dataSet.labels);
  const figures = [result.precision, result.recall, result.f1].map((x) => x.toFixed(3));
  console.log(`B-cubed ${dataSet.name}: P ${figures[0]} R ${figures[1]} F1 ${figures[2]}`);
  return result;
}

describe.skipIf(realSets.length < 3)(`clustering real news${realSuffix}`, () => {
  it.each(realSets.map((set) => [set.name, set] as const))(
    "%s reaches B-cubed F1 >= 0.95",
    (_name, set) => {
      expect(score(set).f1).toBeGreaterThanOrEqual(0.95);
    },
  );

  for (const set of realSets) {
    const miss = KNOWN_MISSES.get(set.name);
    const test = miss ? it.fails : it;
    test(`${set.name}: above the TF-IDF baseline at its threshold${miss ? ` (known miss: ${miss})` : ""}`, () => {
      const ours = bcubed(clusterDocuments(set.documents), set.labels).f1;
      const baseline = bcubed(
        tfidfAverageLinkClusters(set.documents, BASELINE_THRESHOLD),
        set.labels,
      ).f1;
      console.log(`${set.name}: ours ${ours.toFixed(3)}, baseline ${baseline.toFixed(3)}`);
      expect(ours).toBeGreaterThan(baseline);
    });
  }
});

const feeds = loadFeedEvents("own");

describe.skipIf(feeds === undefined)("clustering the real feeds at their own times", () => {
  it("beats leaving every item a story of its own", () => {
    // Most feed items are a writer's posts on subjects of their own: grouping that merges
    // them on their beat's words scores below doing nothing (0.894 against 0.924 with the
    // constants the three article sets chose alone).
    const set = withBuilderReadings(feeds!);
    const ours = score(set);
    const alone = bcubed(
      set.documents.map((document) => [document.id]),
      set.labels,
    );
    expect(ours.f1).toBeGreaterThan(alone.f1);
    expect(ours.precision).toBeGreaterThanOrEqual(0.95);
  });
});

describe("clustering the demo corpus", () => {
  it.each(loadDemoTopics().map((topic) => [topic.name, topic] as const))(
    "%s is grouped perfectly (B-cubed F1 = 1)",
    (_name, topic) => {
      expect(score(withBuilderReadings(topic)).f1).toBe(1);
    },
  );
});
