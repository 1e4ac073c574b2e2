// The disputes planted in the demo corpus (demo/events/*.json): reports of one event that
// state different values of one quantity. Found by reading the events; the list lives only
// here. At least 8 of the 11 must be found, each with exactly its two values, and no other
// demo event may get an unresolved point.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manifest } from "../../../test/support/manifests.js";
import { packageRoot } from "../../config/package-root.js";
import { type DemoEvent, loadDemoCorpus } from "../../demo/demo-corpus.js";
import type { Manifest } from "../../manifests/schema.js";
import { splitSentences } from "../text/sentences.js";
import { findDisputesIn } from "./disagreements.js";

interface PlantedDispute {
  quantity: string;
  /** The figures of the two sides, as the reports write them. */
  figures: [string, string];
}

/** Event key → the quantity its reports disagree on. */
const PLANTED: Record<string, PlantedDispute> = {
  "harlow-steelworks-job-cuts": { quantity: "jobs cut", figures: ["400", "450"] },
  "orla-foods-acquisition": { quantity: "price paid", figures: ["$310 million", "$340 million"] },
  "varrow-river-flooding": { quantity: "people evacuated", figures: ["2,300", "3,100"] },
  "tessel-heat-record": { quantity: "record temperature", figures: ["41.3", "41.8"] },
  "tessel-wedding-food-poisoning": { quantity: "guests ill", figures: ["37", "43"] },
  "brightwater-telescope-funding": { quantity: "funding", figures: ["$86 million", "$92 million"] },
  "rennard-record-transfer": { quantity: "transfer fee", figures: ["$12 million", "$15 million"] },
  "telvara-data-breach": {
    quantity: "customers affected",
    figures: ["1.2 million", "1.8 million"],
  },
  "halvard-crossing-reopening": {
    quantity: "freight reopening date",
    figures: ["June 4", "June 14"],
  },
  "brenholt-earthquake": { quantity: "people injured", figures: ["12", "14"] },
  "kessa-line-protest": { quantity: "marchers", figures: ["6,000", "15,000"] },
};

const corpus = loadDemoCorpus(join(packageRoot(), "demo"));

function manifestsOf(event: DemoEvent): Manifest[] {
  return event.reports.map((report) => {
    const publisher = corpus.publishers.get(report.publisher)!;
    return manifest({
      id: `demo:${event.key}:${publisher.id}`,
      url: `https://${publisher.domain}/news/${event.key}`,
      publisher: { name: publisher.name, domain: publisher.domain },
      title: report.title,
      text: report.text,
      topic: event.topic,
      tags: event.tags,
    });
  });
}

/** Which planted figure a side's shown figure is ("450 jobs" → "450"), if any. */
function plantedFigure(shown: string, figures: readonly string[]): string | undefined {
  return figures.find((figure) => shown === figure || shown.startsWith(`${figure} `));
}

const found = new Map(
  corpus.events.map((event) => {
    const manifests = manifestsOf(event);
    const sentences = manifests.map((m) => splitSentences(m.text, m.language));
    return [event.key, findDisputesIn(manifests, sentences)] as const;
  }),
);

describe("the demo corpus's planted disputes", () => {
  it("lists only events of the corpus", () => {
    const keys = new Set(corpus.events.map((event) => event.key));
    for (const key of Object.keys(PLANTED)) expect(keys.has(key), key).toBe(true);
  });

  it("finds at least 8 of the 11, each with exactly its two figures", () => {
    const foundPlanted = Object.entries(PLANTED).filter(([key, planted]) => {
      const disputes = found.get(key) ?? [];
      if (disputes.length === 0) return false;
      expect(disputes, `${key}: one dispute, on ${planted.quantity}`).toHaveLength(1);
      const shown = disputes[0]!.map((side) => side.example.shown);
      const figures = shown.map((figure) => plantedFigure(figure, planted.figures));
      expect(new Set(figures), `${key}: ${shown.join(" / ")}`).toEqual(new Set(planted.figures));
      expect(figures, `${key}: two sides`).toHaveLength(2);
      return true;
    });
    expect(foundPlanted.length).toBeGreaterThanOrEqual(8);
  });

  it("finds no unresolved point on any other demo event", () => {
    const elsewhere = [...found]
      .filter(([key, disputes]) => !(key in PLANTED) && disputes.length > 0)
      .map(
        ([key, disputes]) =>
          `${key}: ${disputes.map((d) => d.map((s) => s.example.shown).join(" / ")).join("; ")}`,
      );
    expect(elsewhere).toEqual([]);
  });
});
