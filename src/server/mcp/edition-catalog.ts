// What the MCP tools read from the edition being served: latest.json, the reuse terms and a
// story index of the stories within reach (src/query/story-index.ts), built once per loaded
// tree on first use and dropped with the tree. Whole stories are read from the tree when asked
// for (from memory for recent dates, the static server holds them) and the most used kept.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ReuseTerms } from "../../api/reuse-terms.js";
import { type LatestStories, LatestStoriesSchema } from "../../api/story-lists.js";
import { type Story, StorySchema } from "../../api/story.js";
import type { StoryIndex } from "../../query/story-index.js";
import { STORY_FILES, storyFilePath, TREE_PATHS } from "../../tree/site-links.js";
import { indexTree } from "../../query/index-jobs.js";
import type { LoadedTree } from "../static/load-tree.js";
import { DAY_MS } from "../../time/cut-time.js";

/** Stories of this many days before the cut are indexed (as /ask's fact index: 30 + 1). */
const INDEX_DAYS = 31;
/** Parsed whole stories kept per edition (a story is ~20 KB of JSON, ~100 KB parsed). */
const STORIES_KEPT = 256;

export interface EditionCatalog {
  cutMs: number;
  latest: LatestStories | undefined;
  reuse: ReuseTerms | undefined;
  stories: StoryIndex;
  /** The whole story `date/slug`, from the index or the tree; undefined when there is none. */
  story(date: string, slug: string): Promise<Story | undefined>;
}

function jsonFile(tree: LoadedTree, path: string): unknown {
  const file = tree.files.get(`/${path}`);
  if (file === undefined) return undefined;
  try {
    return JSON.parse(file.identity.body.toString("utf8"));
  } catch {
    return undefined;
  }
}

async function readTreeStory(tree: LoadedTree, date: string, slug: string) {
  const path = storyFilePath(date, slug, STORY_FILES.json);
  const cached = jsonFile(tree, path);
  try {
    const json: unknown = cached ?? JSON.parse(await readFile(join(tree.root, path), "utf8"));
    const parsed = StorySchema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `read` with the last STORIES_KEPT answers remembered, least recently used dropped first. */
function keepRecent(read: (date: string, slug: string) => Promise<Story | undefined>) {
  const kept = new Map<string, Story>();
  return async (date: string, slug: string): Promise<Story | undefined> => {
    const key = `${date}/${slug}`;
    const known = kept.get(key);
    if (known !== undefined) {
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    const story = await read(date, slug);
    if (story === undefined) return undefined;
    kept.set(key, story);
    if (kept.size > STORIES_KEPT) kept.delete(kept.keys().next().value as string);
    return story;
  };
}

async function buildCatalog(tree: LoadedTree): Promise<EditionCatalog> {
  const since = new Date(tree.cutMs - INDEX_DAYS * DAY_MS).toISOString().slice(0, 10);
  const stories = await indexTree({ kind: "stories", treeRoot: tree.root, sinceDate: since });
  const latest = LatestStoriesSchema.safeParse(jsonFile(tree, TREE_PATHS.latest));
  return {
    cutMs: tree.cutMs,
    latest: latest.success ? latest.data : undefined,
    reuse: jsonFile(tree, TREE_PATHS.reuse) as ReuseTerms | undefined,
    stories,
    story: keepRecent((date, slug) => readTreeStory(tree, date, slug)),
  };
}

/** The catalog of the tree `current()` returns, built once per tree (concurrent callers share). */
export function editionCatalogs(
  current: () => LoadedTree | undefined,
): () => Promise<EditionCatalog | undefined> {
  const built = new WeakMap<LoadedTree, Promise<EditionCatalog>>();
  return () => {
    const tree = current();
    if (tree === undefined) return Promise.resolve(undefined);
    let catalog = built.get(tree);
    if (catalog === undefined) {
      catalog = buildCatalog(tree);
      built.set(tree, catalog);
      catalog.catch(() => built.delete(tree));
    }
    return catalog;
  };
}
