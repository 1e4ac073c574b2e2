// Serialised results of the tools whose answer depends only on the edition being served and
// the arguments (a whole story is 47 KB of JSON, serialised anew on every call otherwise). Kept
// for one loaded tree: when the live tree swaps in a new edition, every entry is dropped, and a
// result computed while the swap happened is not kept at all (it may be of either tree).
import type { LoadedTree } from "../static/load-tree.js";

/**
 * Tools that read only the tree (its catalog: latest.json, the reuse terms, whole stories) and
 * constants. Not svc_latest or svc_search (they check topics against /ask's index, which is
 * rebuilt after the swap), nor svc_ask, svc_since (its cursors) or anything reading the clock.
 */
export const TREE_ONLY_TOOLS: ReadonlySet<string> = new Set([
  "svc_get_story",
  "svc_sources",
  "svc_topics",
  "svc_about",
]);

/** Characters of serialised results kept for the tree being served (about as many bytes). */
const BUDGET_BYTES = 16 * 1024 * 1024;

export interface ReplyCache {
  /** The result kept for `key` under `tree`; undefined when none. */
  get(tree: LoadedTree, key: string): string | undefined;
  /** Keeps `json` for `key` if `tree` is still the one `current()` serves. */
  set(tree: LoadedTree, key: string, json: string): void;
}

export function replyCache(current: () => LoadedTree | undefined): ReplyCache {
  let keptFor: LoadedTree | undefined;
  const kept = new Map<string, string>();
  let bytes = 0;
  const forTree = (tree: LoadedTree) => {
    if (keptFor !== tree) {
      keptFor = tree;
      kept.clear();
      bytes = 0;
    }
  };
  return {
    get(tree, key) {
      forTree(tree);
      const json = kept.get(key);
      if (json !== undefined) {
        // Most recently used last: the first entry is the one to drop.
        kept.delete(key);
        kept.set(key, json);
      }
      return json;
    },
    set(tree, key, json) {
      if (current() !== tree || json.length > BUDGET_BYTES / 4) return;
      forTree(tree);
      const previous = kept.get(key);
      if (previous !== undefined) bytes -= previous.length;
      kept.set(key, json);
      bytes += json.length;
      for (const [oldest, value] of kept) {
        if (bytes <= BUDGET_BYTES) break;
        kept.delete(oldest);
        bytes -= value.length;
      }
    },
  };
}
