import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLUSTER_SETS_VARIABLE, clusterSetsFrom } from "./clustering-bench.js";

const work = mkdtempSync(join(tmpdir(), "svc-cluster-sets-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function article(id: string, cluster: number | null) {
  return JSON.stringify({
    cluster_id: cluster,
    doc_id: id,
    publisher: "news.example",
    url: `https://news.example/${id}`,
    title: `Ferry strike ${id}`,
    text: "Ferry crews walked out on Monday.",
    published: "2026-11-20T08:00:00Z",
  });
}

describe("clusterSetsFrom (npm run bench -- clustering-sets)", () => {
  it("reads each comma-separated file as a set named by its file", () => {
    const first = join(work, "ferries.jsonl");
    const second = join(work, "harbour.jsonl");
    writeFileSync(first, `${article("a", 1)}\n${article("b", 1)}\n`);
    writeFileSync(second, `${article("c", null)}\n`);
    const sets = clusterSetsFrom(` ${first}, ${second} `);
    if (typeof sets === "string") throw new Error(sets);
    expect(sets.map((set) => set.name)).toEqual(["ferries", "harbour"]);
    expect(sets[0]!.labels.get("a")).toBe(sets[0]!.labels.get("b"));
    expect(sets[1]!.documents.map((document) => document.id)).toEqual(["c"]);
  });

  it("names no set when the variable is unset or empty: the benchmark is skipped", () => {
    expect(clusterSetsFrom(undefined)).toEqual([]);
    expect(clusterSetsFrom(" , ")).toEqual([]);
  });

  it("names the variable and the file that is missing or holds no article", () => {
    const missing = join(work, "nowhere.jsonl");
    expect(clusterSetsFrom(missing)).toBe(`${CLUSTER_SETS_VARIABLE}: ${missing}: no such file`);
    const empty = join(work, "empty.jsonl");
    writeFileSync(empty, "");
    expect(clusterSetsFrom(empty)).toMatch(
      new RegExp(`^${CLUSTER_SETS_VARIABLE}: .*empty\\.jsonl: no article`),
    );
  });
});
