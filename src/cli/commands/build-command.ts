// `svc build [--at TIME]`: builds the edition of the latest cut (00:00 or 12:00 UTC) not after
// TIME, stores it in the story archive and writes its story files.
import type { Command } from "commander";
import type { Edition, TopicProgress } from "../../editorial/build-edition.js";
import { DROP_REASONS, type HygieneCounts } from "../../editorial/hygiene/drop-reasons.js";
import { reuseTerms } from "../../config/reuse-terms.js";
import { describeError } from "../../errors.js";
import type { PublishSummary } from "../../publish/publish-edition.js";
import { workerCount } from "../../workers/worker-pool.js";
import type { CommandContext } from "../context.js";
import { EXIT_CODES_HELP } from "../exit-codes.js";
import { integerOption, timeOption } from "../options.js";
import { buildProgress } from "../progress.js";
import { formatPublishSummary, runPublish } from "./publish-command.js";

export interface BuildSummary {
  cut: string;
  manifests: number;
  stories: number;
  newStories: number;
  continuedStories: number;
  roundups: number;
  seconds: number;
  /** Sentences the hygiene stage read and dropped, by reason (docs/stories.md). */
  hygiene: HygieneCounts;
  /** Events not published: no title names anything and no sentence states the event. */
  held: number;
  /** Manifests in no story: their publishers label them as advertising. */
  advertisements: number;
}

export function summarizeBuild(edition: Edition, seconds: number): BuildSummary {
  const continued = edition.stories.filter((story) => story.continued).length;
  return {
    cut: edition.cut.toISOString(),
    manifests: edition.manifestCount,
    stories: edition.stories.length,
    newStories: edition.stories.length - continued,
    continuedStories: continued,
    roundups: edition.roundups.length,
    seconds,
    hygiene: edition.hygiene,
    held: edition.held,
    advertisements: edition.advertisements,
  };
}

/** Builds and stores (in the story archive) the edition of the latest cut not after `at`. */
export async function runBuild(
  context: CommandContext,
  at: Date,
  workers = workerCount(2),
  onTopic?: (progress: TopicProgress) => void,
): Promise<BuildSummary> {
  const started = performance.now();
  const { config } = context;
  // The builder loads only when a command builds (the command line starts faster).
  const [{ buildEdition, saveEdition }, { DEFAULT_STORY_LIMITS }, { latestCut }] =
    await Promise.all([
      import("../../editorial/build-edition.js"),
      import("../../editorial/compose/limits.js"),
      import("../../time/cut-time.js"),
    ]);
  const store = await context.openStore();
  try {
    const edition = await buildEdition(latestCut(at), {
      store,
      topics: context.newsrooms().map((newsroom) => newsroom.id),
      baseUrl: config.baseUrl,
      reuse: reuseTerms(config),
      limits: DEFAULT_STORY_LIMITS,
      workers,
      ...(onTopic === undefined ? {} : { onTopic }),
    });
    await saveEdition(store, edition);
    return summarizeBuild(edition, Math.round(performance.now() - started) / 1000);
  } finally {
    await store.close();
  }
}

/** "hygiene: 40 of 900 sentences dropped (caption 12, navigation 8, …)". */
export function formatHygiene({ sentences, dropped }: HygieneCounts): string {
  const reasons = DROP_REASONS.filter((reason) => dropped[reason] > 0);
  const total = reasons.reduce((sum, reason) => sum + dropped[reason], 0);
  const detail = reasons.map((reason) => `${reason} ${dropped[reason]}`).join(", ");
  return `hygiene: ${total} of ${sentences} sentences dropped${total > 0 ? ` (${detail})` : ""}`;
}

export function formatBuildSummary(summary: BuildSummary): string {
  return [
    `edition ${summary.cut}: ${summary.manifests} Manifests in the window → ${summary.stories} stories (${summary.newStories} new, ${summary.continuedStories} continued), ${summary.roundups} roundups (${summary.seconds.toFixed(1)} s)`,
    ...(summary.held > 0
      ? [
          `held back: ${summary.held} events whose titles name nothing and whose reports state nothing`,
        ]
      : []),
    ...(summary.advertisements > 0
      ? [`left out: ${summary.advertisements} Manifests their publishers label as advertising`]
      : []),
    formatHygiene(summary.hygiene),
  ].join("\n");
}

/**
 * Publishes the edition just built. When that fails and `--json` was asked, the summary still
 * goes to stdout first, with `published: null` and `publish_failed` (what failed, seconds
 * spent): the build itself succeeded (the scheduler counts it so, docs/metrics.md).
 */
async function publishAfterBuild(
  ctx: CommandContext,
  at: Date,
  summary: BuildSummary,
  json: boolean | undefined,
): Promise<PublishSummary> {
  const started = performance.now();
  try {
    return await runPublish(ctx, at);
  } catch (error) {
    if (json) {
      const failed = {
        message: describeError(error),
        seconds: (performance.now() - started) / 1000,
      };
      console.log(JSON.stringify({ ...summary, published: null, publish_failed: failed }, null, 2));
    }
    throw error;
  }
}

export function registerBuild(program: Command, context: () => CommandContext) {
  program
    .command("build")
    .description(
      "Build the edition of the latest cut time (00:00 or 12:00 UTC) not after --at, from the Manifests of the 24 hours before it",
    )
    .option("--at <time>", "build as if it were this time (default: now)", timeOption("--at"))
    .option(
      "--workers <n>",
      "worker threads building large topics, several at once (0: the main thread)",
      integerOption("--workers", 0, 64),
      workerCount(2),
    )
    .option("--no-publish", "only build and store the edition; `svc publish` publishes it later")
    .option("--json", "print the summary as JSON")
    .addHelpText(
      "after",
      `\nThe same store and cut always give the same edition, byte for byte.\n${EXIT_CODES_HELP}`,
    )
    .action(async (options: { at?: Date; workers: number; publish: boolean; json?: boolean }) => {
      const ctx = context();
      const at = options.at ?? new Date();
      const { acquireBuilderLock } = await import("../../schedule/builder-lock.js");
      // One builder per store at a time (several machines on PostgreSQL): docs/operations.md.
      const lock = await acquireBuilderLock(ctx.config);
      let summary: BuildSummary;
      let published: Awaited<ReturnType<typeof runPublish>> | undefined;
      try {
        const progress = buildProgress(process.stderr);
        try {
          summary = await runBuild(ctx, at, options.workers, (topic) => progress.update(topic));
        } finally {
          progress.stop();
        }
        lock.check();
        published = options.publish
          ? await publishAfterBuild(ctx, at, summary, options.json)
          : undefined;
      } finally {
        await lock.release();
      }
      const live = `${ctx.config.dataDir}/public`;
      if (options.json) {
        console.log(JSON.stringify({ ...summary, published: published ?? null }, null, 2));
        return;
      }
      console.log(formatBuildSummary(summary));
      if (published) console.log(formatPublishSummary(published, live));
    });
}
