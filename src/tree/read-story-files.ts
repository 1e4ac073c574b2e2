// Reading stories back from a published tree: the story files of the dates from a given one
// (`{publicDir}/stories/{date}/{slug}/index.json`), walked through the resolved `public` link
// so that one walk sees one tree (the publisher switches `public` atomically and each date is
// a link to an archive bucket, docs/publishing.md), and read a few at a time. What a reader
// keeps of each story is its own (src/query/read-story-tree.ts, read-story-digests.ts).
import { readdir, realpath } from "node:fs/promises";
import { join } from "node:path";
import { STORY_FILES, storyFilePath } from "./site-links.js";

const DATE_DIRECTORY = /^\d{4}-\d{2}-\d{2}$/;
/** Files read at once: enough to overlap the file system's latency, few open files. */
const CONCURRENT_READS = 32;

async function directories(path: string, pattern?: RegExp): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
    .filter((entry) => pattern === undefined || pattern.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/**
 * Paths of the story files under `{publicDir}/stories` whose date is `sinceDate` or later
 * (all without it), through the resolved `public` link: one walk sees one tree. A missing
 * tree has none.
 */
export async function storyFilePaths(publicDir: string, sinceDate?: string): Promise<string[]> {
  const paths: string[] = [];
  let root: string;
  let dates: string[];
  try {
    root = await realpath(publicDir);
    dates = await directories(join(root, "stories"), DATE_DIRECTORY);
  } catch {
    return [];
  }
  for (const date of dates.filter((date) => sinceDate === undefined || date >= sinceDate)) {
    for (const slug of await directories(join(root, "stories", date))) {
      paths.push(join(root, storyFilePath(date, slug, STORY_FILES.json)));
    }
  }
  return paths;
}

/** Runs `read` over the paths, `CONCURRENT_READS` at a time, results in path order. */
export async function readInBatches<T>(
  paths: readonly string[],
  read: (path: string) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < paths.length; start += CONCURRENT_READS) {
    results.push(...(await Promise.all(paths.slice(start, start + CONCURRENT_READS).map(read))));
  }
  return results;
}
