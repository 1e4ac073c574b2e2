// Loads the live tree into memory: every file its index lists, plus the story files of the
// newest dates (older dates are read from the archive on demand, archive-files.ts). Nothing
// outside the data directory's trees/ and archive/ is ever read.
import { readdir, realpath } from "node:fs/promises";
import { join } from "node:path";
import { SLUG_PATTERN } from "../../api/common.js";
import { DAY_MS, utcDate } from "../../time/cut-time.js";
import { runConcurrently } from "../../shared/run-concurrently.js";
import { bucketDate } from "../../tree/archive-buckets.js";
import { STORY_FILE_NAMES, storyFilePath } from "../../tree/site-links.js";
import { loadTreeIndex, resolveTreeRoot, treePaths } from "../../tree/tree-paths.js";
import { readContainedFile, sha256Hex } from "./contained-file.js";
import { storyFileOf, treePathOf } from "./request-path.js";
import { memoryOf, prepareStaticFile, type StaticFile } from "./static-file.js";

const FILES_IN_FLIGHT = 16;

export interface TreeLoadOptions {
  dataDir: string;
  /** Headers every reply carries (CORS, deprecation), as a flat list. */
  commonHeaders: readonly string[];
  /** Story dates within this many days before the cut are held in memory. */
  memoryDays: number;
  /** At most this many bytes of story files (all encodings) are held in memory. */
  memoryBytes: number;
}

export interface LoadedTree {
  /** What `public` pointed to when this tree was loaded. */
  link: string;
  /** `trees/<name>`. */
  name: string;
  /** Real path of the tree's root directory. */
  root: string;
  /** Real path of the archive directory. */
  archive: string;
  cutMs: number;
  /** Servable files by request path (`/editions/latest.json`). */
  files: Map<string, StaticFile>;
  /** Archive bucket of each story date. */
  dates: ReadonlyMap<string, string>;
  /** Story dates whose files are all in `files` (a miss there is a 404 without a disk read). */
  memoryDates: Set<string>;
  /** Index entries that were refused, with why (logged, never served). */
  problems: string[];
}

/** Loads the tree `public` points to (`link`); throws when it is not a complete tree. */
export async function loadTree(options: TreeLoadOptions, link: string): Promise<LoadedTree> {
  const { root, name } = await resolveTreeRoot(options.dataDir, link);
  const archive = await realpath(treePaths(options.dataDir).archiveDir);
  const index = await loadTreeIndex(root);
  const tree: LoadedTree = {
    link,
    name,
    root,
    archive,
    cutMs: index.cutMs,
    files: new Map(),
    dates: validDates(index.dates),
    memoryDates: new Set(),
    problems: [],
  };
  await runConcurrently(Object.entries(index.files), FILES_IN_FLIGHT, async ([path, hash]) => {
    if (treePathOf(`/${path}`) !== path) {
      tree.problems.push(`${path}: not a servable path`);
      return;
    }
    const read = await readContainedFile(join(root, path), root);
    if (read === undefined) {
      tree.problems.push(`${path}: missing, not a file, or outside the tree`);
      return;
    }
    const file = await prepareStaticFile({
      path,
      hash,
      ...read,
      commonHeaders: options.commonHeaders,
    });
    tree.files.set(`/${path}`, file);
  });
  await loadRecentStories(tree, options);
  return tree;
}

function validDates(dates: Record<string, string>): Map<string, string> {
  const valid = new Map<string, string>();
  for (const [date, bucket] of Object.entries(dates)) {
    if (bucketDate(bucket) === date) valid.set(date, bucket);
  }
  return valid;
}

/** Story files of the newest dates, newest first, up to the memory budget. */
async function loadRecentStories(tree: LoadedTree, options: TreeLoadOptions): Promise<void> {
  const from = utcDate(new Date(tree.cutMs - options.memoryDays * DAY_MS));
  const recent = [...tree.dates]
    .filter(([date]) => date >= from)
    .sort(([a], [b]) => (a < b ? 1 : -1));
  let bytes = 0;
  for (const [date, bucket] of recent) {
    const directory = join(tree.archive, bucket);
    if ((await realpath(directory).catch(() => "")) !== directory) continue;
    const slugs = (await readdir(directory, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && SLUG_PATTERN.test(entry.name))
      .map((entry) => entry.name);
    const paths = slugs.flatMap((slug) =>
      STORY_FILE_NAMES.map((file) => storyFilePath(date, slug, file)),
    );
    await runConcurrently(paths, FILES_IN_FLIGHT, async (path) => {
      const story = storyFileOf(path);
      if (story === undefined || bytes > options.memoryBytes) return;
      const read = await readContainedFile(join(directory, story.slug, story.file), directory);
      if (read === undefined) return;
      const file = await prepareStaticFile({
        path,
        hash: sha256Hex(read.body),
        ...read,
        commonHeaders: options.commonHeaders,
      });
      bytes += memoryOf(file);
      tree.files.set(`/${path}`, file);
    });
    if (bytes > options.memoryBytes) break;
    tree.memoryDates.add(date);
  }
}
