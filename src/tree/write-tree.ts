// Writes a published tree beside the live one and switches to it in one step.
//
// Layout under the data directory:
//   trees/<cut>-<seq>/root/        the files served, one complete tree per publish; its
//                                  `stories/<date>` are symbolic links to archive buckets
//   trees/<cut>-<seq>/index.json   sha256 of each file, and the bucket of each story date
//   trees/.incoming-<pid>/         a tree being written (never served)
//   archive/<date>.<key>/          story files of one date (archive-buckets.ts)
//   public -> trees/<cut>-<seq>/root   the live tree: a symbolic link replaced by rename(2)
//                                  (tree-paths.ts: these paths, and which tree is live)
//
// A reader that opens `public/...` sees either the old tree or the new one, never a mix, and
// never a half-written file. Killing the publisher at any point leaves `public` as it was;
// the next run removes what the dead one left. Files equal to the live tree's are hard-linked
// from it instead of written again. Like the buckets, trees are written with synchronous
// calls (see archive-buckets.ts for why).
import { createHash } from "node:crypto";
import {
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { pruneBuckets, removeIncompleteBuckets } from "./archive-buckets.js";
import { acquireTreeLock, type TreeLock } from "./tree-lock.js";
import { liveTreeDir, readTreeIndex, type TreeIndex, type TreePaths } from "./tree-paths.js";

const TREE_NAME = /^\d{8}T\d{6}Z-\d{4}$/;

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function treeName(cutMs: number, seq: number): string {
  const stamp = new Date(cutMs)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  return `${stamp}-${String(seq).padStart(4, "0")}`;
}

export interface TreeWriterStats {
  written: number;
  linked: number;
}

/** A tree being written. `commit` makes it live; `abort` throws it away. */
export class TreeWriter {
  readonly stats: TreeWriterStats = { written: 0, linked: 0 };
  readonly paths: TreePaths;
  readonly #cutMs: number;
  readonly #incoming: string;
  readonly #previousRoot: string | undefined;
  readonly #previous: TreeIndex | undefined;
  readonly #lock: TreeLock;
  readonly #files: Record<string, string> = {};
  readonly #dates: Record<string, string> = {};
  readonly #directories = new Set<string>();

  readonly #inputs: string;

  private constructor(paths: TreePaths, cutMs: number, inputs: string, lock: TreeLock) {
    this.paths = paths;
    this.#cutMs = cutMs;
    this.#inputs = inputs;
    this.#lock = lock;
    this.#incoming = join(paths.treesDir, `.incoming-${process.pid}`);
    const previousDir = liveTreeDir(paths);
    this.#previous = readTreeIndex(previousDir);
    this.#previousRoot = previousDir === undefined ? undefined : join(previousDir, "root");
  }

  /**
   * Takes the publish lock, clears what a killed publisher left, starts a new tree. `inputs`
   * is a hash of everything the tree is made from.
   */
  static async start(paths: TreePaths, cutMs: number, inputs: string): Promise<TreeWriter> {
    mkdirSync(paths.treesDir, { recursive: true });
    mkdirSync(paths.archiveDir, { recursive: true });
    const lock = await acquireTreeLock(join(paths.treesDir, ".lock"));
    try {
      removeAbandoned(paths);
      const writer = new TreeWriter(paths, cutMs, inputs, lock);
      mkdirSync(join(writer.#incoming, "root"), { recursive: true });
      return writer;
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  #ensureDirectory(path: string): void {
    const directory = dirname(path);
    if (this.#directories.has(directory)) return;
    mkdirSync(directory, { recursive: true });
    this.#directories.add(directory);
  }

  /** Adds a file: hard-linked from the live tree when its content is the same, else written. */
  add(path: string, text: string): void {
    const hash = sha256(text);
    const target = join(this.#incoming, "root", path);
    this.#ensureDirectory(target);
    this.#files[path] = hash;
    if (this.#previousRoot !== undefined && this.#previous?.files[path] === hash) {
      try {
        linkSync(join(this.#previousRoot, path), target);
        this.stats.linked += 1;
        return;
      } catch {
        // The live copy is gone or on another file system: write it.
      }
    }
    writeFileSync(target, text);
    this.stats.written += 1;
  }

  /** True when the live tree was made from the same inputs: every file would be the same. */
  get unchanged(): boolean {
    return this.#previous?.inputs === this.#inputs;
  }

  /** Links every file and story date of the live tree into this one (nothing changed). */
  reuseEverything(): void {
    const previous = this.#previous;
    const previousRoot = this.#previousRoot;
    if (previous === undefined || previousRoot === undefined) return;
    for (const [path, hash] of Object.entries(previous.files)) {
      const target = join(this.#incoming, "root", path);
      this.#ensureDirectory(target);
      linkSync(join(previousRoot, path), target);
      this.#files[path] = hash;
      this.stats.linked += 1;
    }
    for (const [date, bucket] of Object.entries(previous.dates)) this.linkDate(date, bucket);
  }

  /** The archive bucket the live tree links `stories/<date>` to. */
  previousBucket(date: string): string | undefined {
    return this.#previous?.dates[date];
  }

  /** Links `stories/<date>` to an archive bucket (a relative link, so the data dir can move). */
  linkDate(date: string, bucket: string): void {
    const target = join(this.#incoming, "root", "stories", date);
    this.#ensureDirectory(target);
    // Relative to where the link will live once the tree is renamed into place (the same
    // depth under trees/ whatever the tree's name).
    const linkDirectory = join(this.paths.treesDir, "any-tree", "root", "stories");
    symlinkSync(relative(linkDirectory, join(this.paths.archiveDir, bucket)), target);
    this.#dates[date] = bucket;
  }

  /**
   * Writes the index, renames the tree into place, then points `public` at it (rename of a
   * symbolic link over the old one: atomic). `beforeSwitch` runs between the two (tests use
   * it to kill the process there). Returns the new tree's name.
   */
  commit(hooks: { beforeSwitch?: () => void } = {}): string {
    const index: TreeIndex = {
      version: 2,
      cutMs: this.#cutMs,
      files: sortedKeys(this.#files),
      dates: sortedKeys(this.#dates),
      inputs: this.#inputs,
    };
    writeFileSync(join(this.#incoming, "index.json"), JSON.stringify(index));
    const name = nextTreeName(this.paths.treesDir, this.#cutMs);
    const finalDir = join(this.paths.treesDir, name);
    renameSync(this.#incoming, finalDir);
    hooks.beforeSwitch?.();
    switchLive(this.paths, join(finalDir, "root"));
    return name;
  }

  abort(): void {
    rmSync(this.#incoming, { recursive: true, force: true });
  }

  async release(): Promise<void> {
    await this.#lock.release();
  }
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** `<cut>-<seq>`: names sort in publishing order (a re-publish of a cut takes the next seq). */
function nextTreeName(treesDir: string, cutMs: number): string {
  const prefix = treeName(cutMs, 0).slice(0, -4);
  const used = readdirSync(treesDir)
    .filter((name) => TREE_NAME.test(name) && name.startsWith(prefix))
    .map((name) => Number(name.slice(-4)));
  return treeName(cutMs, Math.max(0, ...used) + 1);
}

/** Points `public` at `root`. A `public` directory from before trees existed is moved aside. */
function switchLive(paths: TreePaths, root: string): void {
  const temporary = `${paths.live}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  symlinkSync(relative(dirname(paths.live), root), temporary);
  if (lstatSafe(paths.live)?.isDirectory()) {
    renameSync(paths.live, join(paths.treesDir, `.legacy-${Date.now()}`));
  }
  renameSync(temporary, paths.live);
}

function lstatSafe(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Under the lock, anything being written or moved aside was left by a killed publisher. */
function removeAbandoned(paths: TreePaths): void {
  for (const name of readdirSync(paths.treesDir)) {
    if (name.startsWith(".incoming-") || name.startsWith(".legacy-")) {
      rmSync(join(paths.treesDir, name), { recursive: true, force: true });
    }
  }
  const liveName = basename(paths.live);
  for (const name of readdirSync(dirname(paths.live))) {
    if (name.startsWith(`${liveName}.`) && name.endsWith(".tmp")) {
      rmSync(join(dirname(paths.live), name), { force: true });
    }
  }
  removeIncompleteBuckets(paths.archiveDir);
}

/**
 * Removes the oldest trees beyond `keep` (never the live one), then the archive buckets no
 * remaining tree links to. Returns how many trees and buckets went.
 */
export function pruneTrees(paths: TreePaths, keep: number): { trees: number; buckets: number } {
  const live = liveTreeDir(paths);
  const names = readdirSync(paths.treesDir)
    .filter((name) => TREE_NAME.test(name))
    .sort();
  const keepNames = new Set(names.slice(-Math.max(1, keep)));
  if (live !== undefined) keepNames.add(basename(live));
  const removed = names.filter((name) => !keepNames.has(name));
  for (const name of removed) rmSync(join(paths.treesDir, name), { recursive: true, force: true });
  const inUse = new Set<string>();
  for (const name of keepNames) {
    const index = readTreeIndex(join(paths.treesDir, name));
    // A kept tree without a readable index (an older layout): keep every bucket.
    if (index === undefined) return { trees: removed.length, buckets: 0 };
    for (const bucket of Object.values(index.dates)) inUse.add(bucket);
  }
  return { trees: removed.length, buckets: pruneBuckets(paths.archiveDir, inUse) };
}
