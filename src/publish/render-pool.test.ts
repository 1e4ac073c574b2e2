// Story files rendered and written in worker threads are the same bytes as rendered inline.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { renderStoryFiles } from "./story-files.js";
import { renderAndWrite, storyRenderer, WORKER_THRESHOLD } from "./render-pool.js";

const story = (n: number) => ({
  slug: `story-${n}`,
  json: JSON.stringify({
    slug: `story-${n}`,
    url: `https://svc.test/stories/2026-11-21/story-${n}/`,
    headline: `Headline <${n}> & more`,
    dek: `Dek ${n}.`,
    published_at: "2026-11-21T12:00:00.000Z",
    sections: [
      { heading: "What we know", paragraphs: [{ text: `Fact ${n}.`, manifest_ids: ["m"] }] },
    ],
    cited_manifest_ids: ["m"],
    manifests: [],
  }),
});

const work = mkdtempSync(join(tmpdir(), "svc-render-pool-"));
afterEach(() => rmSync(work, { recursive: true, force: true }));

function filesOf(directory: string, slug: string): Record<string, string> {
  const storyDirectory = join(directory, slug);
  return Object.fromEntries(
    readdirSync(storyDirectory).map((file) => [
      file,
      readFileSync(join(storyDirectory, file), "utf8"),
    ]),
  );
}

describe("story renderer", () => {
  it("writes from worker threads exactly the files it renders inline", async () => {
    const stories = Array.from({ length: 40 }, (_, n) => story(n));
    const directory = join(work, "bucket");
    mkdirSync(directory, { recursive: true });
    const renderer = storyRenderer(WORKER_THRESHOLD);
    try {
      const counts = await Promise.all([
        renderer.run({ directory, stories: stories.slice(0, 20) }),
        renderer.run({ directory, stories: stories.slice(20) }),
      ]);
      expect(counts).toEqual([20, 20]);
    } finally {
      await renderer.close();
    }
    for (const { slug, json } of stories) {
      expect(filesOf(directory, slug)).toEqual(renderStoryFiles(json));
    }
  });

  it("reports a failed write as an error of the batch, not a crash", async () => {
    const renderer = storyRenderer(WORKER_THRESHOLD);
    const directory = join(work, "missing", "bucket");
    try {
      await expect(renderer.run({ directory, stories: [story(1)] })).rejects.toThrow(/ENOENT/);
    } finally {
      await renderer.close();
    }
    expect(() => renderAndWrite({ directory, stories: [story(1)] })).toThrow(/ENOENT/);
  });
});
