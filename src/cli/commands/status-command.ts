// `svc status`: what an operator checks first. The live edition (its cut, age and stories),
// the newest edition built in the store, how many Manifests the store holds, and when the
// next build is due.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import type { FeedStateStore } from "../../store/feed-states.js";
import type { StoreInventory } from "../../store/manifest-store.js";
import type { StoryArchiveReader } from "../../store/story-archive.js";
import { latestCut, nextCut } from "../../time/cut-time.js";
import type { CommandContext } from "../context.js";
import { EXIT_CODES_HELP } from "../exit-codes.js";

export interface Status {
  now: string;
  live: { cut: string; ageSeconds: number; stories: number | null } | null;
  built: { cut: string; stories: number } | null;
  store: { backend: string; location: string; manifests: number };
  /** The latest cut is not live yet: a build is due (or failed). */
  behind: boolean;
  /**
   * Manifests published after the latest cut: no edition can hold them before the next cut
   * (editions cover the 24 hours before their cut).
   */
  waiting: number;
  nextBuild: string;
  /** Polled feeds (svc poll) and their health; empty when nothing was polled. */
  feeds: FeedHealth[];
}

export interface FeedHealth {
  key: string;
  url: string;
  /** ok: the last poll worked; failing: it failed (retried with back-off). */
  health: "ok" | "failing";
  lastOutcome: string | null;
  lastSuccessAt: string | null;
  consecutiveFailures: number;
  lastError: string | null;
  nextDueAt: string | null;
  itemsStored: number;
}

/** Feeds listed one per line in the text form, at most this many (all in --json). */
const MAX_FEEDS_SHOWN = 50;

function liveStories(live: string): number | null {
  try {
    const path = join(live, "editions", "latest.json");
    const latest = JSON.parse(readFileSync(path, "utf8")) as { stories?: unknown[] };
    return Array.isArray(latest.stories) ? latest.stories.length : null;
  } catch {
    return null;
  }
}

/** What `svc status` reads of the store: its summary and counts, the newest edition, the feeds. */
export type StatusStore = Pick<StoreInventory, "summarize" | "countManifests"> &
  Pick<StoryArchiveReader, "latestEdition"> &
  Pick<FeedStateStore, "listFeedStates">;

export async function readStatus(context: CommandContext, now: Date): Promise<Status> {
  const store = await context.openStore();
  try {
    return await statusOf(store, context.config.dataDir, now);
  } finally {
    await store.close();
  }
}

/** The status from the store and the live tree under `dataDir`. */
export async function statusOf(store: StatusStore, dataDir: string, now: Date): Promise<Status> {
  // The tree's paths (zod) load only when the status is read, not for `svc --help`.
  const { liveTreeCut, treePaths } = await import("../../tree/tree-paths.js");
  const paths = treePaths(dataDir);
  const liveCut = liveTreeCut(paths);
  const [summary, built, feedStates, waiting] = await Promise.all([
    store.summarize(),
    store.latestEdition(),
    store.listFeedStates(),
    store.countManifests({ publishedAfter: latestCut(now) }),
  ]);
  return {
    now: now.toISOString(),
    live:
      liveCut === undefined
        ? null
        : {
            cut: new Date(liveCut).toISOString(),
            ageSeconds: Math.round((now.getTime() - liveCut) / 1000),
            stories: liveStories(paths.live),
          },
    built:
      built === undefined
        ? null
        : { cut: new Date(built.cutMs).toISOString(), stories: built.storyCount },
    store: { backend: summary.backend, location: summary.location, manifests: summary.manifests },
    behind: liveCut === undefined || liveCut < latestCut(now).getTime(),
    waiting,
    nextBuild: nextCut(now).toISOString(),
    feeds: feedStates.map((state) => ({
      key: state.feedKey,
      url: state.url,
      health: state.consecutiveFailures > 0 ? "failing" : "ok",
      lastOutcome: state.lastOutcome,
      lastSuccessAt: state.lastSuccessAt,
      consecutiveFailures: state.consecutiveFailures,
      lastError: state.lastError,
      nextDueAt: state.nextDueAt,
      itemsStored: state.itemsStored,
    })),
  };
}

function hours(seconds: number): string {
  return `${(seconds / 3600).toFixed(1)} h`;
}

export function formatStatus(status: Status): string {
  const live = status.live;
  return [
    live === null
      ? "live edition: none published yet (run `svc build`)"
      : `live edition: ${live.cut} (${hours(live.ageSeconds)} old), ${live.stories ?? "?"} stories`,
    status.built === null
      ? "built: no edition in the store"
      : `newest built edition: ${status.built.cut}, ${status.built.stories} stories`,
    `store: ${status.store.backend} ${status.store.location}, ${status.store.manifests} Manifests`,
    status.behind
      ? `behind: the edition of ${latestCut(new Date(status.now)).toISOString()} is not live (the scheduler builds it, or run \`svc build\`)`
      : "up to date",
    `next build: ${status.nextBuild}`,
    ...(status.waiting > 0
      ? [
          `waiting: ${status.waiting} Manifests published since the latest cut appear in the edition of ${status.nextBuild} (editions cover the 24 hours before their cut; svc build rebuilds the latest cut, not a later one)`,
        ]
      : []),
    ...formatFeeds(status.feeds),
  ].join("\n");
}

function formatFeeds(feeds: readonly FeedHealth[]): string[] {
  if (feeds.length === 0) return [];
  const failing = feeds.filter((feed) => feed.health === "failing");
  const lines = [`feeds: ${feeds.length} polled, ${failing.length} failing`];
  // Failing feeds first: they are what an operator looks for.
  const shown = [...failing, ...feeds.filter((feed) => feed.health === "ok")].slice(
    0,
    MAX_FEEDS_SHOWN,
  );
  for (const feed of shown) {
    const detail =
      feed.health === "failing"
        ? `failing ×${feed.consecutiveFailures}: ${feed.lastOutcome}: ${feed.lastError ?? ""}; last success ${feed.lastSuccessAt ?? "never"}`
        : `ok (${feed.lastOutcome}), last success ${feed.lastSuccessAt ?? "never"}`;
    lines.push(
      `  ${feed.key}  ${detail}; ${feed.itemsStored} stored; next ${feed.nextDueAt ?? "now"}`,
    );
  }
  if (feeds.length > shown.length)
    lines.push(`  … and ${feeds.length - shown.length} more (svc status --json)`);
  return lines;
}

export function registerStatus(program: Command, context: () => CommandContext) {
  program
    .command("status")
    .description(
      "Show the live edition (cut, age, stories), the newest built edition, the store's Manifest count, the next build time and the polled feeds' health",
    )
    .option("--json", "print as JSON")
    .addHelpText("after", EXIT_CODES_HELP)
    .action(async (options: { json?: boolean }) => {
      const status = await readStatus(context(), new Date());
      console.log(options.json ? JSON.stringify(status, null, 2) : formatStatus(status));
    });
}
