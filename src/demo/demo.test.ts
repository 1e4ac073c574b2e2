// The bundled demo corpus: big and varied enough to show the product, valid, and placed in
// time so that reloading never duplicates anything.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadNewsroomsFile } from "../config/newsrooms.js";
import { packageRoot } from "../config/package-root.js";
import { normalizeManifest } from "../manifests/normalize.js";
import { loadDemoCorpus } from "./demo-corpus.js";
import { DEMO_CYCLE_MS, DEMO_PROVIDER, placeDemoManifests } from "./place-demo.js";

const corpus = loadDemoCorpus(join(packageRoot(), "demo"));
const HOUR = 3_600_000;

describe("demo corpus", () => {
  it("has at least 6 newsrooms, 40 events, 300 reports and 15 publishers, all used", () => {
    const topics = new Set(corpus.events.map((event) => event.topic));
    const reports = corpus.events.flatMap((event) => event.reports);
    const used = new Set(reports.map((report) => report.publisher));
    expect(topics.size).toBeGreaterThanOrEqual(6);
    expect(corpus.events.length).toBeGreaterThanOrEqual(40);
    expect(reports.length).toBeGreaterThanOrEqual(300);
    expect(corpus.publishers.size).toBeGreaterThanOrEqual(15);
    expect(used.size).toBe(corpus.publishers.size);
  });

  it("covers every configured newsroom and nothing else", () => {
    const configured = loadNewsroomsFile(join(packageRoot(), "config", "newsrooms.json")).map(
      (n) => n.id,
    );
    expect([...new Set(corpus.events.map((event) => event.topic))].sort()).toEqual(
      [...configured].sort(),
    );
  });

  it("has multi-publisher events, single-source events and one report per publisher per event", () => {
    const sizes = corpus.events.map((event) => event.reports.length);
    expect(sizes.filter((size) => size === 1).length).toBeGreaterThanOrEqual(5);
    expect(sizes.filter((size) => size >= 4).length).toBeGreaterThanOrEqual(30);
    for (const event of corpus.events) {
      const publishers = event.reports.map((report) => report.publisher);
      expect(new Set(publishers).size, event.key).toBe(publishers.length);
    }
  });
});

describe("placeDemoManifests", () => {
  const now = new Date("2026-11-21T09:17:00Z");
  const placed = placeDemoManifests(corpus, { now, cycles: 2 });

  it("places every report once per cycle, none in the future, all valid and marked as demo", () => {
    const reports = corpus.events.reduce((sum, event) => sum + event.reports.length, 0);
    expect(placed).toHaveLength(reports * 2);
    expect(new Set(placed.map((m) => m.id)).size).toBe(placed.length);
    for (const manifest of placed) {
      expect(Date.parse(manifest.published_at)).toBeLessThanOrEqual(now.getTime());
      expect(Date.parse(manifest.published_at)).toBeGreaterThan(now.getTime() - 2 * DEMO_CYCLE_MS);
      expect(manifest.provider).toBe(DEMO_PROVIDER);
      const result = normalizeManifest(manifest);
      expect(result.ok, JSON.stringify(result.ok ? "" : result.problems)).toBe(true);
    }
  });

  it("fills the last 24 hours with many events from every newsroom", () => {
    const recent = placed.filter((m) => Date.parse(m.published_at) > now.getTime() - 24 * HOUR);
    const events = new Set(recent.map((m) => m.id.split(":")[2]));
    expect(recent.length).toBeGreaterThanOrEqual(100);
    expect(events.size).toBeGreaterThanOrEqual(15);
    expect(new Set(recent.map((m) => m.topic)).size).toBe(7);
  });

  it("gives the same ids and content for the same occurrence whenever it is loaded", () => {
    const later = placeDemoManifests(corpus, {
      now: new Date(now.getTime() + 7 * HOUR),
      cycles: 2,
    });
    const byId = new Map(placed.map((m) => [m.id, JSON.stringify(m)]));
    const shared = later.filter((m) => byId.has(m.id));
    expect(shared.length).toBeGreaterThan(placed.length * 0.8);
    for (const manifest of shared) expect(JSON.stringify(manifest)).toBe(byId.get(manifest.id));
  });

  it("never holds two occurrences of one report within a 24-hour window", () => {
    const seen = new Map<string, number>();
    for (const manifest of placed) {
      const [, , event, publisher] = manifest.id.split(":");
      const key = `${event}:${publisher}`;
      const at = Date.parse(manifest.published_at);
      const previous = seen.get(key);
      if (previous !== undefined) expect(at - previous).toBe(DEMO_CYCLE_MS);
      seen.set(key, at);
    }
  });
});
