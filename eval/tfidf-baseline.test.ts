// The TF-IDF average-link baseline: words, clusters at a threshold, cross-validation.
import { describe, expect, it } from "vitest";
import type { ClusterDocument } from "../src/editorial/cluster/cluster-documents.js";
import type { LabelledDataSet } from "../test/support/real-news.js";
import {
  BASELINE_GRID,
  BASELINE_THRESHOLD,
  baselineCrossValidation,
  baselineWords,
  tfidfAverageLinkClusters,
  tfidfAverageLinkMerges,
} from "./tfidf-baseline.js";

function doc(id: string, title: string, text: string): ClusterDocument {
  return { id, title, text, language: "en", publishedAtMs: 0, publisherDomain: `${id}.example` };
}

const DOCUMENTS = [
  doc("quake-1", "Earthquake shakes Valparaiso", "A magnitude 6 earthquake shook Valparaiso."),
  doc("vote-1", "Parliament passes budget", "Lawmakers passed the budget vote on Tuesday."),
  doc("quake-2", "Valparaiso earthquake damage", "The earthquake damaged homes in Valparaiso."),
  doc("vote-2", "Budget vote in parliament", "The parliament budget vote passed narrowly."),
  doc("fair-1", "Cheese fair opens", "Cheesemakers gathered for the annual fair."),
];

const LABELS = new Map([
  ["quake-1", "quake"],
  ["quake-2", "quake"],
  ["vote-1", "vote"],
  ["vote-2", "vote"],
  ["fair-1", "fair"],
]);

describe("baselineWords", () => {
  it("lower-cases, drops English stop words and does not stem", () => {
    expect(baselineWords("The Earthquakes shook THE homes of Valparaíso, didn't they?")).toEqual([
      "earthquakes",
      "shook",
      "homes",
      "valparaíso",
    ]);
  });
});

describe("tfidfAverageLinkClusters", () => {
  it("groups documents about the same event and keeps the input order", () => {
    expect(tfidfAverageLinkClusters(DOCUMENTS, 0.1)).toEqual([
      ["quake-1", "quake-2"],
      ["vote-1", "vote-2"],
      ["fair-1"],
    ]);
  });

  it("keeps every document apart above any similarity and joins everything at 0", () => {
    expect(tfidfAverageLinkClusters(DOCUMENTS, 1.01)).toHaveLength(5);
    expect(tfidfAverageLinkClusters(DOCUMENTS, 0)).toEqual([
      ["quake-1", "vote-1", "quake-2", "vote-2", "fair-1"],
    ]);
  });

  it("merges at non-increasing similarities (so a threshold cuts a prefix)", () => {
    const similarities = tfidfAverageLinkMerges(DOCUMENTS).map((merge) => merge.similarity);
    expect(similarities).toHaveLength(4);
    for (let i = 1; i < similarities.length; i++) {
      expect(similarities[i]).toBeLessThanOrEqual(similarities[i - 1]! + 1e-12);
    }
  });

  it("returns nothing for no documents", () => {
    expect(tfidfAverageLinkClusters([], BASELINE_THRESHOLD)).toEqual([]);
  });
});

describe("baselineCrossValidation", () => {
  it("picks each held-out threshold from the other sets and reports the best overall", () => {
    const sets: LabelledDataSet[] = [
      { name: "a", documents: DOCUMENTS, labels: LABELS },
      { name: "b", documents: DOCUMENTS.slice(0, 4), labels: LABELS },
    ];
    const result = baselineCrossValidation(sets);
    expect(result.rows.map((row) => row.heldOut)).toEqual(["a", "b"]);
    for (const row of result.rows) {
      expect(BASELINE_GRID).toContain(row.threshold);
      expect(row.heldOutF1).toBe(1);
    }
    expect(result.overall.meanF1).toBe(1);
  });
});
