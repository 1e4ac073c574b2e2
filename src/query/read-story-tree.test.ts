// Reading the published story files for the fact index: bad files are reported, not fatal.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readStoryTree } from "./read-story-tree.js";

const root = mkdtempSync(join(tmpdir(), "svc-story-tree-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(date: string, slug: string, content: string) {
  mkdirSync(join(root, "stories", date, slug), { recursive: true });
  writeFileSync(join(root, "stories", date, slug, "index.json"), content);
}

const story = (date: string) => ({
  url: `https://svc.test/stories/${date}/ok/`,
  headline: "OK",
  published_at: `${date}T12:00:00Z`,
  sections: [],
  cited_manifest_ids: [],
});

describe("readStoryTree", () => {
  it("reads every story file, reports the bad ones and skips dates before `sinceDate`", async () => {
    write("2026-11-20", "ok", JSON.stringify(story("2026-11-20")));
    write("2026-11-21", "ok", JSON.stringify(story("2026-11-21")));
    write("2026-11-21", "broken", "{ not json");
    write("2026-11-21", "not-a-story", JSON.stringify({ url: "x" }));
    const tree = await readStoryTree(root);
    expect(tree.stories.map((s) => s.url)).toEqual([
      "https://svc.test/stories/2026-11-20/ok/",
      "https://svc.test/stories/2026-11-21/ok/",
    ]);
    expect(tree.problems.map((p) => p.path.split("/").slice(-2, -1)[0])).toEqual([
      "broken",
      "not-a-story",
    ]);
    expect(tree.problems[1]?.message).toMatch(/^not a story: url: /);
    expect((await readStoryTree(root, "2026-11-21")).stories).toHaveLength(1);
  });

  it("follows the publisher's links: `public` to a tree, a date to an archive bucket", async () => {
    const bucket = join(root, "archive", "2026-11-19.abc", "linked");
    mkdirSync(bucket, { recursive: true });
    writeFileSync(join(bucket, "index.json"), JSON.stringify(story("2026-11-19")));
    const tree = join(root, "trees", "t1", "root");
    mkdirSync(join(tree, "stories"), { recursive: true });
    symlinkSync(join(root, "archive", "2026-11-19.abc"), join(tree, "stories", "2026-11-19"));
    symlinkSync(tree, join(root, "public"));
    const read = await readStoryTree(join(root, "public"));
    expect(read.stories.map((s) => s.url)).toEqual(["https://svc.test/stories/2026-11-19/ok/"]);
  });

  it("treats a missing tree as empty", async () => {
    expect(await readStoryTree(join(root, "nowhere"))).toEqual({ stories: [], problems: [] });
  });
});
