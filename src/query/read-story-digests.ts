// Reads the story files of a published tree for the story index (story-index.ts): of each
// story only its summary and key-fact texts are kept. The same walk as read-story-tree.ts
// (dates from `sinceDate`, one tree seen through its resolved link); a file that is not a
// Story is counted and skipped, never fatal.
import { readdir, readFile, realpath } from "node:fs/promises";
import { join } from "node:path";
import { StorySchema } from "../api/story.js";
import { summarizeStory } from "../build/story-summary.js";
import type { StoryDigest } from "./story-index.js";

const DATE_DIRECTORY = /^\d{4}-\d{2}-\d{2}$/;
const CONCURRENT_READS = 32;

async function directories(path: string, pattern?: RegExp): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
    .filter((entry) => pattern === undefined || pattern.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

async function readDigest(path: string): Promise<StoryDigest | undefined> {
  try {
    const json = JSON.parse(await readFile(path, "utf8")) as unknown;
    const parsed = StorySchema.safeParse(json);
    if (!parsed.success) return undefined;
    const topic = (json as { topic?: unknown }).topic;
    return {
      summary: summarizeStory(parsed.data, typeof topic === "string" ? topic : ""),
      factTexts: (parsed.data.key_facts ?? []).map((fact) => fact.text),
    };
  } catch {
    return undefined;
  }
}

/**
 * Digests of the stories under `{publicDir}/stories` dated `sinceDate` or later, and how many
 * files were skipped. A missing tree is an empty one.
 */
export async function readStoryDigests(
  publicDir: string,
  sinceDate: string,
): Promise<{ digests: StoryDigest[]; skipped: number }> {
  const paths: string[] = [];
  try {
    const root = join(await realpath(publicDir), "stories");
    for (const date of await directories(root, DATE_DIRECTORY)) {
      if (date < sinceDate) continue;
      for (const slug of await directories(join(root, date))) {
        paths.push(join(root, date, slug, "index.json"));
      }
    }
  } catch {
    return { digests: [], skipped: 0 };
  }
  const digests: StoryDigest[] = [];
  let skipped = 0;
  for (let start = 0; start < paths.length; start += CONCURRENT_READS) {
    const batch = await Promise.all(paths.slice(start, start + CONCURRENT_READS).map(readDigest));
    for (const digest of batch) {
      if (digest === undefined) skipped += 1;
      else digests.push(digest);
    }
  }
  return { digests, skipped };
}
