// Publishes small trees for server tests through the publisher's own writer (src/tree/write-tree.ts,
// archive-buckets.ts), so tests see the real layout: `public` -> trees/<name>/root, story
// dates linked to archive buckets, an index with every file's sha256.
import { createHash } from "node:crypto";
import { ensureBucket, writeStoryDirectory } from "../../src/tree/archive-buckets.js";
import { treePaths } from "../../src/tree/tree-paths.js";
import { TreeWriter } from "../../src/tree/write-tree.js";

export interface TestTree {
  /** Cut time of the edition (ms). */
  cutMs: number;
  /** Non-story files by tree path (`editions/latest.json`). */
  files: Record<string, string>;
  /** Story files: date -> slug -> file name -> text. */
  stories?: Record<string, Record<string, Record<string, string>>>;
}

function hashOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

/** Publishes `tree` into `dataDir` and makes it live; returns the tree's name. */
export async function publishTestTree(dataDir: string, tree: TestTree): Promise<string> {
  const paths = treePaths(dataDir);
  const writer = await TreeWriter.start(paths, tree.cutMs, hashOf(tree));
  try {
    for (const [path, text] of Object.entries(tree.files)) writer.add(path, text);
    for (const [date, stories] of Object.entries(tree.stories ?? {})) {
      const bucket = await ensureBucket({
        archiveDir: paths.archiveDir,
        date,
        stories: Object.entries(stories).map(([slug, files]) => ({ slug, source: hashOf(files) })),
        previous: writer.previousBucket(date),
        write: async (directory, slugs) => {
          for (const slug of slugs) writeStoryDirectory(directory, slug, stories[slug] ?? {});
        },
      });
      writer.linkDate(date, bucket.name);
    }
    return writer.commit();
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    await writer.release();
  }
}

/** A story file of about `bytes` bytes (a Story-shaped JSON text). */
export function storyJson(date: string, slug: string, bytes = 2048): string {
  const story = {
    slug,
    url: `http://localhost:8080/stories/${date}/${slug}/`,
    headline: `Story ${slug}`,
    published_at: `${date}T00:00:00.000Z`,
    sections: [{ heading: "What we know", paragraphs: [] as unknown[] }],
    cited_manifest_ids: ["demo:1"],
    padding: "",
  };
  story.padding = "x".repeat(Math.max(0, bytes - JSON.stringify(story).length - 1));
  return `${JSON.stringify(story)}\n`;
}
