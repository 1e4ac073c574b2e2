// `npm run eval -- --set FILE`: a labelled article file of one's own, read as the real sets are.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadLabelledArticles } from "../test/support/real-news.js";
import { validManifests } from "./build-set.js";
import { manifestsFromSet } from "./manifests-from-set.js";

const work = mkdtempSync(join(tmpdir(), "svc-labelled-"));
afterEach(() => rmSync(join(work, "set.jsonl"), { force: true }));

function file(lines: readonly string[]): string {
  const path = join(work, "set.jsonl");
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

const article = (id: string, cluster: number | null, published: string | null) =>
  JSON.stringify({
    cluster_id: cluster,
    doc_id: id,
    publisher: "www.example.com",
    url: `https://www.example.com/${id}`,
    title: `Title ${id}`,
    text: `Text of ${id}.`,
    published,
  });

describe("loadLabelledArticles", () => {
  it("reads events, places the dates in one window in their order, and gives an unlabelled article an event of its own", () => {
    const set = loadLabelledArticles(
      "mine",
      file([
        article("a", 1, "2017-01-02T00:00:00"),
        "",
        article("b", 1, "2017-01-01T00:00:00"),
        article("c", null, null),
      ]),
    );
    expect(set.name).toBe("mine");
    expect(set.documents.map((document) => document.id)).toEqual(["a", "b", "c"]);
    expect(set.labels.get("a")).toBe(set.labels.get("b"));
    expect(set.labels.get("c")).not.toBe(set.labels.get("a"));
    const [a, b] = set.documents;
    expect(b!.publishedAtMs).toBeLessThan(a!.publishedAtMs);
    expect(a!.publishedAtMs - b!.publishedAtMs).toBeLessThan(24 * 3600 * 1000);
    expect(a!.publisherDomain).toBe("example.com");
  });

  it("names the line that is not JSON, or the field an article lacks", () => {
    expect(() => loadLabelledArticles("bad", file([article("a", 1, null), "{bad"]))).toThrow(
      /set\.jsonl:2: not JSON/,
    );
    expect(() => loadLabelledArticles("bad", file([JSON.stringify({ doc_id: 1 })]))).toThrow(
      /set\.jsonl:1: "doc_id" must be a string/,
    );
    expect(() => loadLabelledArticles("empty", file([""]))).toThrow(/set\.jsonl: no article/);
  });

  it("makes valid Manifests of sound articles, unicode included, and names what an unsound one lacks", () => {
    const sound = loadLabelledArticles(
      "mine",
      file([
        JSON.stringify({
          cluster_id: 1,
          doc_id: "a1",
          publisher: "www.example.com",
          url: "https://www.example.com/ünïcode",
          title: "Ünïcode title ✓ 🙂",
          text: "Ein Satz über den Hafen. Noch einer!",
          published: "not a date",
        }),
      ]),
    );
    expect(validManifests("mine", manifestsFromSet(sound))).toHaveLength(1);
    const unsound = loadLabelledArticles(
      "bad",
      // No date, a number for a text: read as absent, not a crash.
      file([JSON.stringify({ doc_id: "é🙂", title: "T", url: "x", publisher: "p", text: 7 })]),
    );
    expect(() => validManifests("bad.jsonl", manifestsFromSet(unsound))).toThrow(
      /bad\.jsonl: é🙂: .*"path":"id"/,
    );
  });
});
