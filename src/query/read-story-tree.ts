// Reads the story files of a published tree (`{publicDir}/stories/{date}/{slug}/index.json`)
// for the fact index. A file that cannot be read or is not a story is reported and skipped:
// one bad file never keeps the others from being searchable. `public` is a symbolic link that
// the publisher switches atomically and each date a link to an archive bucket
// (docs/publishing.md): the link is resolved once, so one read sees one tree.
import { readdir, readFile, realpath } from "node:fs/promises";
import { join } from "node:path";
import { describeError } from "../errors.js";
import { ANSWER_SECTION_HEADINGS, type IndexedStory, IndexedStorySchema } from "./indexed-story.js";

export interface StoryTreeProblem {
  path: string;
  message: string;
}

export interface StoryTree {
  stories: IndexedStory[];
  problems: StoryTreeProblem[];
}

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

type ReadResult = { story: IndexedStory } | { problem: StoryTreeProblem };

/**
 * Only what the index reads of a story. A story file carries its Manifests whole (their
 * texts are most of its bytes); keeping them for 30 days of stories held about 400 MB in
 * each server process, where the index itself needs about 50 MB.
 */
function slim(story: IndexedStory): IndexedStory {
  return {
    url: story.url,
    headline: story.headline,
    published_at: story.published_at,
    ...(story.updated_at === undefined ? {} : { updated_at: story.updated_at }),
    ...(story.topic === undefined ? {} : { topic: story.topic }),
    ...(story.key_facts === undefined ? {} : { key_facts: story.key_facts }),
    ...(story.unresolved === undefined ? {} : { unresolved: story.unresolved }),
    sections: story.sections.filter((section) => ANSWER_SECTION_HEADINGS.has(section.heading)),
    ...(story.manifests === undefined
      ? {}
      : {
          manifests: story.manifests.map((manifest) => ({
            id: manifest.id,
            publisher: { domain: manifest.publisher.domain },
          })),
        }),
  };
}

async function readStory(path: string): Promise<ReadResult> {
  try {
    const parsed = IndexedStorySchema.safeParse(JSON.parse(await readFile(path, "utf8")));
    if (parsed.success) return { story: slim(parsed.data) };
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    return { problem: { path, message: `not a story: ${issues.slice(0, 5).join("; ")}` } };
  } catch (error) {
    return { problem: { path, message: describeError(error) } };
  }
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
    root = join(await realpath(publicDir), "stories");
    dates = await directories(root, DATE_DIRECTORY);
  } catch {
    return [];
  }
  for (const date of dates.filter((date) => sinceDate === undefined || date >= sinceDate)) {
    for (const slug of await directories(join(root, date))) {
      paths.push(join(root, date, slug, "index.json"));
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

/**
 * The stories under `{publicDir}/stories` whose date directory is `sinceDate` (YYYY-MM-DD)
 * or later, all of them without it. A story's directory is the date it was first published
 * and stories are updated for at most a day after it, so for /ask's 30 days pass the date of
 * 31 days ago. A missing tree is an empty one.
 */
export async function readStoryTree(publicDir: string, sinceDate?: string): Promise<StoryTree> {
  const tree: StoryTree = { stories: [], problems: [] };
  for (const item of await readInBatches(await storyFilePaths(publicDir, sinceDate), readStory)) {
    if ("story" in item) tree.stories.push(item.story);
    else tree.problems.push(item.problem);
  }
  return tree;
}
