// Where the published trees live under the data directory and which one is live (the layout
// is drawn in write-tree.ts): the publisher writes through these paths, and the server, the
// scheduler and the CLI read through them.
import { readFileSync, readlinkSync } from "node:fs";
import { readFile, readlink, realpath } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { z } from "zod";

/** `trees/<name>/index.json`: what a tree holds and what it was made from. */
export const TreeIndexSchema = z.looseObject({
  version: z.literal(2),
  cutMs: z.number().int(),
  /** sha256 of each file written into the tree, by path. */
  files: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
  /** The archive bucket each `stories/<date>` links to. */
  dates: z.record(z.string(), z.string()),
  /** A hash of everything the tree was made from (publish-edition.ts). */
  inputs: z.string().optional(),
});

export type TreeIndex = z.infer<typeof TreeIndexSchema>;

export interface TreePaths {
  treesDir: string;
  archiveDir: string;
  /** The live tree: a symbolic link to `trees/<name>/root`. */
  live: string;
}

export function treePaths(dataDir: string): TreePaths {
  return {
    treesDir: join(dataDir, "trees"),
    archiveDir: join(dataDir, "archive"),
    live: join(dataDir, "public"),
  };
}

/** The directory the live link points to (`trees/<name>`), or undefined when none is live. */
export function liveTreeDir(paths: TreePaths): string | undefined {
  try {
    return dirname(join(dirname(paths.live), readlinkSync(paths.live)));
  } catch {
    return undefined;
  }
}

/** The index of the tree in `treeDir` (`trees/<name>`), or undefined when it has none. */
export function readTreeIndex(treeDir: string | undefined): TreeIndex | undefined {
  if (treeDir === undefined) return undefined;
  try {
    const parsed = TreeIndexSchema.safeParse(
      JSON.parse(readFileSync(join(treeDir, "index.json"), "utf8")),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The cut (ms) of the edition `public` points to now, or undefined when there is none. */
export function liveTreeCut(paths: TreePaths): number | undefined {
  return readTreeIndex(liveTreeDir(paths))?.cutMs;
}

/** Where `public` points now (the link's text), or undefined when there is no live tree. */
export async function readLiveLink(dataDir: string): Promise<string | undefined> {
  try {
    return await readlink(treePaths(dataDir).live);
  } catch {
    return undefined;
  }
}

/**
 * The real root directory and name (`trees/<name>/root`, `<name>`) of the tree `public`
 * pointed to as `link`; throws when that is not a tree under the data directory's trees/.
 */
export async function resolveTreeRoot(
  dataDir: string,
  link: string,
): Promise<{ root: string; name: string }> {
  const paths = treePaths(dataDir);
  const trees = await realpath(paths.treesDir);
  const root = await realpath(resolve(dirname(paths.live), link));
  const name = basename(dirname(root));
  if (basename(root) !== "root" || name.startsWith(".") || dirname(dirname(root)) !== trees) {
    throw new Error(`public points to ${root}, which is not a tree under ${trees}`);
  }
  return { root, name };
}

/** The index of the tree whose root is `root`; throws when it is missing or not an index. */
export async function loadTreeIndex(root: string): Promise<TreeIndex> {
  const text = await readFile(join(dirname(root), "index.json"), "utf8");
  return TreeIndexSchema.parse(JSON.parse(text));
}
