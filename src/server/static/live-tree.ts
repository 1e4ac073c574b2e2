// The edition being served. Watches `$SVC_DATA_DIR/public` (a symbolic link the publisher
// replaces by rename(2)) and, when it points somewhere new, loads that tree completely while
// the old one keeps serving, then swaps in one assignment: a request sees the old tree or the
// new one, never a half-loaded one, and never fails because of the swap.
import type { Logger } from "pino";
import { describeError } from "../../errors.js";
import { readLiveLink } from "../../tree/tree-paths.js";
import { type LoadedTree, loadTree, type TreeLoadOptions } from "./load-tree.js";

/** A tree that failed to load is tried again after this long (a transient error, e.g. EMFILE). */
const RETRY_FAILED_MS = 30_000;

export interface LiveTreeOptions extends TreeLoadOptions {
  /** How often `public` is checked for a new publish. */
  pollMs: number;
  logger: Logger;
}

export type TreeListener = (tree: LoadedTree, previous: LoadedTree | undefined) => void;

export class LiveTree {
  readonly #options: LiveTreeOptions;
  readonly #listeners = new Set<TreeListener>();
  #current: LoadedTree | undefined;
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;
  /** A link that failed to load: retried when `public` changes, or after RETRY_FAILED_MS. */
  #failed: { link: string; atMs: number } | undefined;

  constructor(options: LiveTreeOptions) {
    this.#options = { ...options };
  }

  /** The tree serving now; undefined until one has loaded. */
  current(): LoadedTree | undefined {
    return this.#current;
  }

  /** Calls `listener` after each swap (the /ask fact index rebuilds from the new tree). */
  onSwap(listener: TreeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Loads the live tree if there is one, then keeps watching. */
  async start(): Promise<void> {
    await this.check();
    this.#timer ??= setInterval(() => void this.check(), this.#options.pollMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Checks `public` once and swaps in its tree when it changed; never throws. */
  check(): Promise<void> {
    this.#checking ??= this.#check().finally(() => {
      this.#checking = undefined;
    });
    return this.#checking;
  }

  async #check(): Promise<void> {
    const link = await readLiveLink(this.#options.dataDir);
    if (link === undefined || link === this.#current?.link || this.#recentlyFailed(link)) return;
    const started = performance.now();
    try {
      const tree = await loadTree(this.#options, link);
      const previous = this.#current;
      this.#current = tree;
      this.#failed = undefined;
      this.#options.logger.info(
        {
          tree: tree.name,
          cut: new Date(tree.cutMs).toISOString(),
          files: tree.files.size,
          ms: Math.round(performance.now() - started),
        },
        "edition loaded",
      );
      for (const problem of tree.problems) this.#options.logger.warn({ tree: tree.name }, problem);
      for (const listener of this.#listeners) this.#notify(listener, tree, previous);
    } catch (error) {
      this.#failed = { link, atMs: Date.now() };
      this.#options.logger.error(
        { link, error: describeError(error) },
        "the published tree could not be loaded; still serving the previous one",
      );
    }
  }

  #recentlyFailed(link: string): boolean {
    return this.#failed?.link === link && Date.now() - this.#failed.atMs < RETRY_FAILED_MS;
  }

  #notify(listener: TreeListener, tree: LoadedTree, previous: LoadedTree | undefined): void {
    try {
      listener(tree, previous);
    } catch (error) {
      this.#options.logger.error({ error: describeError(error) }, "a tree listener failed");
    }
  }
}
