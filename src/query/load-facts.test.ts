// loadFacts on a tree laid out as the publisher writes it (src/tree/write-tree.ts):
// `public` → trees/<name>/root, `stories/<date>` → archive buckets, `n/<topic>/`.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchFacts } from "./index.js";
import { readStoryDigests } from "./read-story-digests.js";
import { buildStoryIndex } from "./story-index.js";
import { indexTree } from "./index-jobs.js";
import { firstReachableDate, loadFacts } from "./load-facts.js";

const fixture = JSON.parse(
  readFileSync(new URL("../../test/fixtures/ask-stories.json", import.meta.url), "utf8"),
) as { cut: string; newsrooms: string[]; stories: { slug: string; topic: string }[] };
const CUT_MS = Date.parse(fixture.cut);
const dataDir = mkdtempSync(join(tmpdir(), "svc-load-facts-"));

function bucket(date: string, stories: { slug: string }[]): void {
  const name = `${date}.${"0".repeat(16)}`;
  for (const story of stories) {
    mkdirSync(join(dataDir, "archive", name, story.slug), { recursive: true });
    writeFileSync(join(dataDir, "archive", name, story.slug, "index.json"), JSON.stringify(story));
  }
  symlinkSync(`../../../../archive/${name}`, join(dataDir, "trees", "t1", "root", "stories", date));
}

function publishTree(): string {
  const root = join(dataDir, "trees", "t1", "root");
  mkdirSync(join(root, "stories"), { recursive: true });
  for (const topic of fixture.newsrooms) mkdirSync(join(root, "n", topic), { recursive: true });
  const [old, ...current] = fixture.stories;
  bucket("2026-11-21", current);
  // A date /ask cannot reach (more than 31 days before the cut): not read.
  bucket("2026-10-01", [{ ...old!, slug: "too-old-to-ask" }]);
  mkdirSync(join(root, "stories", "2026-11-20", "not-a-story"), { recursive: true });
  writeFileSync(join(root, "stories", "2026-11-20", "not-a-story", "index.json"), "{}");
  symlinkSync("trees/t1/root", join(dataDir, "public"));
  return realpathSync(join(dataDir, "public"));
}

let root: string;
beforeAll(() => {
  root = publishTree();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("loadFacts", () => {
  it("indexes the stories /ask can reach and reports the files it cannot use", async () => {
    const loaded = await loadFacts(root, CUT_MS);
    expect(loaded.stories).toBe(fixture.stories.length - 1);
    expect(loaded.problems).toHaveLength(1);
    expect(loaded.problems[0]!.path).toContain("not-a-story");
    expect([...loaded.topics].sort()).toEqual([...fixture.newsrooms].sort());
    const results = searchFacts(loaded.index, {
      query: "measles vaccination",
      days: 7,
      limit: 3,
      now: new Date(CUT_MS + 3_600_000),
    });
    expect(results.length).toBeGreaterThan(0);
  });

  it("reaches 31 days back from the cut", () => {
    expect(firstReachableDate(CUT_MS)).toBe("2026-10-21");
  });

  it("builds the same indexes in a worker thread as on the calling thread", async () => {
    const facts = { kind: "facts", treeRoot: root, cutMs: CUT_MS } as const;
    const inline = await loadFacts(root, CUT_MS);
    expect(await indexTree(facts)).toEqual(inline);
    const offThread = await indexTree(facts, 0);
    expect(offThread).toEqual(inline);
    expect(offThread.index.postings.rows).toBeInstanceOf(Int32Array);
    // Facts of one story share one story record, as built on this thread.
    const [first, second] = offThread.index.facts;
    expect(first!.story).toBe(second!.story);

    const sinceDate = firstReachableDate(CUT_MS);
    const stories = await indexTree({ kind: "stories", treeRoot: root, sinceDate }, 0);
    expect(stories).toEqual(buildStoryIndex((await readStoryDigests(root, sinceDate)).digests));
    expect(stories.ordered.length).toBe(fixture.stories.length - 1);
    expect(stories.byKey.get(stories.ordered[0]!.key)).toBe(stories.ordered[0]);
  });
});
