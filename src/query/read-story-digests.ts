// Reads the story files of a published tree for the story index (story-index.ts): of each
// story only its summary and key-fact texts are kept. The walk is the tree's
// (src/tree/read-story-files.ts: dates from `sinceDate`, one tree seen through its resolved
// link); a file that is not a Story is counted and skipped, never fatal.
import { readFile } from "node:fs/promises";
import { StorySchema } from "../api/story.js";
import { readInBatches, storyFilePaths } from "../tree/read-story-files.js";
import { summarizeStory } from "../tree/story-summary.js";
import type { StoryDigest } from "./story-index.js";

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
  const read = await readInBatches(await storyFilePaths(publicDir, sinceDate), readDigest);
  const digests = read.filter((digest): digest is StoryDigest => digest !== undefined);
  return { digests, skipped: read.length - digests.length };
}
