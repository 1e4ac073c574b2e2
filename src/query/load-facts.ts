// Builds /ask's fact index from a published tree: the story files of the dates /ask can reach
// (30 days before the edition's cut, plus one: a story is refreshed up to a day after its
// date) and the topics the tree publishes (`n/<topic>/`). Run by index-jobs.ts for each tree
// the server swaps in; the server puts the result into the FactIndexHolder.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { ASK_LIMITS } from "../api/ask.js";
import { TOPIC_SLUG_PATTERN } from "../api/common.js";
import { DAY_MS } from "../time/cut-time.js";
import { buildFactIndex, type FactIndex } from "./fact-index.js";
import { DEFAULT_RANKING, type Ranking } from "./ranking.js";
import { readStoryTree, type StoryTreeProblem } from "./read-story-tree.js";

export interface LoadedFacts {
  index: FactIndex;
  /** Topic slugs the tree publishes, and those of the stories read. */
  topics: ReadonlySet<string>;
  stories: number;
  /** Story files that could not be used (logged by the caller; the others are indexed). */
  problems: StoryTreeProblem[];
}

/** The first story date /ask can reach from an edition cut at `cutMs` (YYYY-MM-DD). */
export function firstReachableDate(cutMs: number): string {
  return new Date(cutMs - (ASK_LIMITS.days.max + 1) * DAY_MS).toISOString().slice(0, 10);
}

async function publishedTopics(treeRoot: string): Promise<string[]> {
  try {
    const entries = await readdir(join(treeRoot, "n"), { withFileTypes: true });
    return entries
      .filter((entry) => entry.isDirectory() && TOPIC_SLUG_PATTERN.test(entry.name))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * Reads the tree at `treeRoot` (resolve `public` first, so a switch while reading cannot mix
 * two trees) for the edition cut at `cutMs`, and indexes its facts.
 */
export async function loadFacts(
  treeRoot: string,
  cutMs: number,
  ranking: Readonly<Ranking> = DEFAULT_RANKING,
): Promise<LoadedFacts> {
  const [tree, topics] = await Promise.all([
    readStoryTree(treeRoot, firstReachableDate(cutMs)),
    publishedTopics(treeRoot),
  ]);
  const storyTopics = tree.stories.flatMap((story) =>
    story.topic === undefined ? [] : [story.topic],
  );
  return {
    index: buildFactIndex(tree.stories, ranking),
    topics: new Set([...topics, ...storyTopics]),
    stories: tree.stories.length,
    problems: tree.problems,
  };
}
