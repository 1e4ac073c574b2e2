// The story archive on disk, one immutable bucket per story date:
//
//   archive/<date>.<key>/<slug>/index.json, index.md   the files of that date's stories
//   archive/<date>.<key>.json                           slug -> version each was rendered from
//
// `key` is a hash of the date's (slug, story version) pairs, so a bucket never changes once
// written; each tree links `stories/<date>` to the bucket of its date. Stories are only
// updated for a day after their date, so publishing an edition writes one or two new buckets
// and links the other dates as they are: a re-publish costs one link per date, not one per
// file. A new bucket hard-links the unchanged stories of the date's previous bucket.
//
// Unchanged story directories are linked a few at a time (runConcurrently): on this machine's
// virtual disk, 8 in flight linked 20,000 directories up to 3x faster than one by one. New
// story directories are written by the caller (story-files.ts: by the threads that render them).
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { link, mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { runConcurrently } from "../shared/run-concurrently.js";

/** Story directories linked at once. */
const STORIES_IN_FLIGHT = 8;

/** A story of a date: its slug and the version of its files (story hash + renderer). */
export interface BucketStory {
  slug: string;
  source: string;
}

export type BucketIndex = Record<string, string>;

const BUCKET_NAME = /^(\d{4}-\d{2}-\d{2})\.([0-9a-f]{16})$/;

/** The story date of an archive bucket's name (`2026-11-21.<key>`), or undefined. */
export function bucketDate(name: string): string | undefined {
  return BUCKET_NAME.exec(name)?.[1];
}

export function bucketKey(stories: readonly BucketStory[]): string {
  const hash = createHash("sha256");
  for (const story of [...stories].sort((a, b) => (a.slug < b.slug ? -1 : 1))) {
    hash.update(`${story.slug}\u0000${story.source}\n`);
  }
  return hash.digest("hex").slice(0, 16);
}

export function bucketName(date: string, key: string): string {
  return `${date}.${key}`;
}

function readBucketIndex(archiveDir: string, name: string | undefined): BucketIndex {
  if (name === undefined) return {};
  try {
    return JSON.parse(readFileSync(join(archiveDir, `${name}.json`), "utf8")) as BucketIndex;
  } catch {
    return {};
  }
}

export interface BucketWrite {
  archiveDir: string;
  date: string;
  stories: readonly BucketStory[];
  /** The bucket of the same date in the live tree, whose unchanged files are linked. */
  previous: string | undefined;
  /**
   * Writes the files of the stories whose version changed, each into `<directory>/<slug>/`
   * (writeStoryDirectory). The callee may spread the work over threads.
   */
  write: (directory: string, slugs: string[]) => Promise<void>;
}

/** Writes one story's files (name -> text) into a new directory `<directory>/<slug>/`. */
export function writeStoryDirectory(
  directory: string,
  slug: string,
  files: Readonly<Record<string, string>>,
): void {
  const storyDirectory = join(directory, slug);
  mkdirSync(storyDirectory);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(storyDirectory, file), text);
}

export interface BucketResult {
  name: string;
  written: number;
  linked: number;
  reused: boolean;
}

/** Makes sure the bucket for these stories exists; returns its name and what it cost. */
export async function ensureBucket(write: BucketWrite): Promise<BucketResult> {
  const name = bucketName(write.date, bucketKey(write.stories));
  const index: BucketIndex = Object.fromEntries(write.stories.map((s) => [s.slug, s.source]));
  if (existsSync(join(write.archiveDir, `${name}.json`))) {
    return { name, written: 0, linked: 0, reused: true };
  }
  const previous = readBucketIndex(write.archiveDir, write.previous);
  const incoming = join(write.archiveDir, `.incoming-${name}`);
  rmSync(incoming, { recursive: true, force: true });
  await mkdir(incoming, { recursive: true });
  const isUnchanged = (story: BucketStory) =>
    write.previous !== undefined && previous[story.slug] === story.source;
  const unchanged = write.stories.filter(isUnchanged);
  await runConcurrently(unchanged, STORIES_IN_FLIGHT, async (story) => {
    const from = join(write.archiveDir, write.previous ?? "", story.slug);
    const directory = join(incoming, story.slug);
    await mkdir(directory);
    for (const file of await readdir(from)) await link(join(from, file), join(directory, file));
  });
  const toRender = write.stories.filter((story) => !isUnchanged(story)).map((s) => s.slug);
  await write.write(incoming, toRender);
  // The index is written last and marks the bucket complete: a bucket without one is
  // never used, and the next run removes it.
  renameSync(incoming, join(write.archiveDir, name));
  writeFileSync(join(write.archiveDir, `${name}.json`), JSON.stringify(index));
  return { name, written: toRender.length, linked: unchanged.length, reused: false };
}

/** Removes what a killed publisher left: buckets being written, buckets without an index. */
export function removeIncompleteBuckets(archiveDir: string): void {
  if (!existsSync(archiveDir)) return;
  const names = new Set(readdirSync(archiveDir));
  for (const name of names) {
    const incomplete = BUCKET_NAME.test(name) && !names.has(`${name}.json`);
    if (name.startsWith(".incoming-") || incomplete) {
      rmSync(join(archiveDir, name), { recursive: true, force: true });
    }
  }
}

/** Removes buckets no kept tree links to; returns how many. */
export function pruneBuckets(archiveDir: string, inUse: ReadonlySet<string>): number {
  if (!existsSync(archiveDir)) return 0;
  let removed = 0;
  for (const name of readdirSync(archiveDir)) {
    if (!BUCKET_NAME.test(name) || inUse.has(name)) continue;
    // The index goes first: a bucket without one is incomplete, never half-used.
    rmSync(join(archiveDir, `${name}.json`), { force: true });
    rmSync(join(archiveDir, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
