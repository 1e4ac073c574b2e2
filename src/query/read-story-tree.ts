// Reads the stories of a published tree for the fact index: of each, only what the index
// reads. The walk is the tree's (src/tree/read-story-files.ts: dates from `sinceDate`, one tree
// seen through its resolved link). A file that cannot be read or is not a story is reported
// and skipped: one bad file never keeps the others from being searchable.
import { readFile } from "node:fs/promises";
import { describeError } from "../errors.js";
import { readInBatches, storyFilePaths } from "../tree/read-story-files.js";
import { ANSWER_SECTION_HEADINGS, type IndexedStory, IndexedStorySchema } from "./indexed-story.js";

export interface StoryTreeProblem {
  path: string;
  message: string;
}

export interface StoryTree {
  stories: IndexedStory[];
  problems: StoryTreeProblem[];
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
