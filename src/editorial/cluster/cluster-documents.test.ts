// Event clustering: the output contract (every id once, sorted, deterministic under
// shuffling), the edge cases, and the fictional cases every parameter choice must get right
// (fictional-events.ts). Quality on real news and the demo corpus: cluster-quality.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadDemoTopics } from "../../../test/support/real-news.js";
import { type ClusterDocument, clusterDocuments } from "./cluster-documents.js";
import { FICTIONAL_CASES } from "./fictional-events.js";
import { syntheticEvents } from "../../../test/support/synthetic-events.js";

const demoTopics = loadDemoTopics();

function fictionalCase(name: string): ClusterDocument[] {
  const found = FICTIONAL_CASES.find((set) => set.name === `fictional/${name}`);
  if (!found) throw new Error(`no fictional case ${name}`);
  return found.documents;
}

function document(overrides: Partial<ClusterDocument> & { id: string }): ClusterDocument {
  return {
    title: "",
    text: "",
    language: "en",
    publishedAtMs: Date.UTC(2026, 10, 21, 8),
    publisherDomain: "news.example",
    ...overrides,
  };
}

/** The contract: every id exactly once, ids sorted by (time, id), groups by their first. */
function expectWellFormed(documents: readonly ClusterDocument[], groups: string[][]): void {
  const byId = new Map(documents.map((d) => [d.id, d]));
  const key = (id: string) => [byId.get(id)!.publishedAtMs, id] as const;
  const before = (a: string, b: string) =>
    key(a)[0] < key(b)[0] || (key(a)[0] === key(b)[0] && a < b);
  expect(groups.flat().sort()).toEqual([...byId.keys()].sort());
  for (const group of groups) {
    expect(group.length).toBeGreaterThan(0);
    for (let i = 1; i < group.length; i++) expect(before(group[i - 1]!, group[i]!)).toBe(true);
  }
  for (let i = 1; i < groups.length; i++)
    expect(before(groups[i - 1]![0]!, groups[i]![0]!)).toBe(true);
}

describe("clusterDocuments contract", () => {
  const topic = demoTopics[0]!;

  it("returns [] for no documents and one group for one document", () => {
    expect(clusterDocuments([])).toEqual([]);
    expect(clusterDocuments([document({ id: "a", title: "Council approves budget" })])).toEqual([
      ["a"],
    ]);
  });

  it("sorts groups and their ids by (publishedAtMs, id) and lists every id once", () => {
    expectWellFormed(topic.documents, clusterDocuments(topic.documents));
  });

  it("gives the same groups whatever the input order", () => {
    const expected = clusterDocuments(topic.documents);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(topic.documents, { minLength: topic.documents.length }),
        (shuffled) => {
          expect(clusterDocuments(shuffled)).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("keeps every id exactly once and sorted for any subset of documents", () => {
    fc.assert(
      fc.property(fc.subarray(topic.documents), (subset) => {
        expectWellFormed(subset, clusterDocuments(subset));
      }),
      { numRuns: 40 },
    );
  });

  it("lists a repeated id once", () => {
    const twice = [
      document({ id: "a", title: "Storm floods harbour" }),
      document({ id: "a", title: "Other" }),
    ];
    expect(clusterDocuments(twice)).toEqual([["a"]]);
  });
});

describe("clusterDocuments edge cases", () => {
  it("groups identical duplicates (wire copies) together", () => {
    const copy = {
      title: "Magnitude 5.1 earthquake strikes near Brenholt",
      text: "The quake struck at 3 a.m.",
    };
    const documents = [
      document({ id: "a", ...copy, publisherDomain: "one.example" }),
      document({ id: "b", ...copy, publisherDomain: "two.example" }),
      document({ id: "c", ...copy, publisherDomain: "three.example" }),
      document({
        id: "z",
        title: "Bank raises interest rate to 4.5 percent",
        text: "Inflation stays high.",
      }),
    ];
    expect(clusterDocuments(documents)).toEqual([["a", "b", "c"], ["z"]]);
  });

  it("groups documents that have a title only", () => {
    const documents = [
      document({ id: "a", title: "Tessel mayor Ilse Varga resigns after six years" }),
      document({
        id: "b",
        title: "Ilse Varga resigns as mayor of Tessel",
        publisherDomain: "b.example",
      }),
      document({
        id: "c",
        title: "Port Ellis ferries collide in fog",
        publisherDomain: "c.example",
      }),
      document({ id: "d", title: "", text: "" }),
    ];
    const groups = clusterDocuments(documents);
    expect(groups).toContainEqual(["a", "b"]);
    expect(groups).toContainEqual(["c"]);
    expect(groups).toContainEqual(["d"]);
  });

  it("groups German and Japanese reports by event", () => {
    const german = (id: string, title: string, text: string, publisherDomain: string) =>
      document({ id, title, text, language: "de", publisherDomain });
    const japanese = (id: string, title: string, text: string, publisherDomain: string) =>
      document({ id, title, text, language: "ja", publisherDomain });
    const documents = [
      german(
        "de-1",
        "Hochwasser in Varrowby: 3100 Menschen evakuiert",
        "Der Fluss Varrow ist über die Ufer getreten. Die Feuerwehr hat 3100 Menschen in Sicherheit gebracht.",
        "a.example",
      ),
      german(
        "de-2",
        "Varrow tritt über die Ufer, 3100 Menschen verlassen Varrowby",
        "Nach tagelangem Regen hat das Hochwasser Varrowby erreicht. 3100 Menschen wurden evakuiert.",
        "b.example",
      ),
      german(
        "de-3",
        "Zentralbank erhöht den Leitzins auf 4,5 Prozent",
        "Die Zentralbank hat den Leitzins erhöht, um die Inflation zu bremsen.",
        "c.example",
      ),
      japanese(
        "ja-1",
        "テッセル市長が辞任を表明",
        "テッセルのイルゼ・ヴァルガ市長は火曜日、辞任を表明した。在任は六年だった。",
        "a.example",
      ),
      japanese(
        "ja-2",
        "ヴァルガ市長、辞任へ",
        "テッセル市のヴァルガ市長が辞任する意向を明らかにした。市長は六年間務めた。",
        "b.example",
      ),
      japanese(
        "ja-3",
        "北部で地震、被害なし",
        "北部で地震があった。気象台によると、津波の心配はない。",
        "c.example",
      ),
    ];
    const groups = clusterDocuments(documents);
    expect(groups).toContainEqual(["de-1", "de-2"]);
    expect(groups).toContainEqual(["de-3"]);
    expect(groups).toContainEqual(["ja-1", "ja-2"]);
    expect(groups).toContainEqual(["ja-3"]);
  });

  it("keeps 10,000 near-identical copies of one event in one group but a few pairs, quickly", () => {
    const { documents } = syntheticEvents({ documents: 10_000, singleEvent: true });
    const started = performance.now();
    const groups = clusterDocuments(documents);
    const seconds = (performance.now() - started) / 1000;
    console.log(`10,000 copies of one event: ${groups.length} group(s) in ${seconds.toFixed(2)} s`);
    // Two copies whose edits put in the same rare word can pair off (a few pairs, read by the
    // hygiene stage as reportable leads); the flood stays whole.
    expect(groups.length).toBeLessThanOrEqual(8);
    expect(Math.max(...groups.map((group) => group.length))).toBeGreaterThanOrEqual(9_980);
    expect(groups.flat()).toHaveLength(10_000);
    expect(seconds).toBeLessThan(20);
  });
});

describe("clusterDocuments on fictional cases", () => {
  it("groups near-verbatim wire copies (retitled, trimmed, credited) but not a story on the same island", () => {
    const groups = clusterDocuments(fictionalCase("wire-copies"));
    expect(groups).toEqual([
      ["ferry-1", "ferry-2", "ferry-3", "ferry-4"],
      ["harbour"],
      ["library"],
    ]);
  });

  it("keeps an event reported on Monday evening and by other outlets on Tuesday together", () => {
    const groups = clusterDocuments(fictionalCase("two-day-event"));
    expect(groups).toContainEqual(["fire-1", "fire-2", "fire-3", "fire-4", "fire-5", "fire-6"]);
    expect(groups).toContainEqual(["cup"]);
  });

  it("keeps two bitcoin stories of different days apart", () => {
    expect(clusterDocuments(fictionalCase("two-bitcoin-stories"))).toEqual([
      ["record-1", "record-2", "record-3"],
      ["hack-1", "hack-2", "hack-3"],
    ]);
  });

  it("keeps two North Korea launches apart", () => {
    expect(clusterDocuments(fictionalCase("two-north-korea-launches"))).toEqual([
      ["missile-1", "missile-2", "missile-3"],
      ["satellite-1", "satellite-2", "satellite-3"],
    ]);
  });

  it("leaves a one-article event alone beside an event in the same city", () => {
    expect(clusterDocuments(fictionalCase("one-article-event"))).toEqual([
      ["tram-1", "tram-2", "tram-3"],
      ["bakery"],
      ["rates-1", "rates-2"],
    ]);
  });
});
