// `npm run eval -- --set FILE`: a labelled article file of one's own, read as the real sets are.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadLabelledArticles } from "../test/support/real-news.js";

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
  });
});
