// `svc build [--at TIME]`: builds the edition of the latest cut (00:00 or 12:00 UTC) not after
// TIME, stores it in the story archive and writes its story files.
import { join } from "node:path";
import type { Command } from "commander";
import { buildEdition, type Edition, saveEdition } from "../../build/build-edition.js";
import { clusterDocuments } from "../../build/cluster/cluster-documents.js";
import { DEFAULT_STORY_LIMITS } from "../../build/compose/limits.js";
import { latestCut } from "../../build/cut-time.js";
import { reuseTerms } from "../../config/reuse-terms.js";
import { storyFileWriter } from "../../publish/write-story-files.js";
import { workerCount } from "../../workers/worker-pool.js";
import type { CommandContext } from "../context.js";
import { EXIT_CODES_HELP } from "../exit-codes.js";
import { integerOption, timeOption } from "../options.js";

export interface BuildSummary {
  cut: string;
  manifests: number;
  stories: number;
  newStories: number;
  continuedStories: number;
  roundups: number;
  publicDir: string;
  seconds: number;
}

export function summarizeBuild(edition: Edition, publicDir: string, seconds: number): BuildSummary {
  const continued = edition.stories.filter((story) => story.continued).length;
  return {
    cut: edition.cut.toISOString(),
    manifests: edition.manifestCount,
    stories: edition.stories.length,
    newStories: edition.stories.length - continued,
    continuedStories: continued,
    roundups: edition.roundups.length,
    publicDir,
    seconds,
  };
}

/** Builds, stores and writes the edition of the latest cut not after `at`. */
export async function runBuild(
  context: CommandContext,
  at: Date,
  workers = workerCount(2),
): Promise<BuildSummary> {
  const started = performance.now();
  const { config } = context;
  const store = await context.openStore();
  const publicDir = join(config.dataDir, "public");
  // Story files are written while the rest of the edition is built.
  const files = storyFileWriter(publicDir);
  try {
    const edition = await buildEdition(latestCut(at), {
      store,
      cluster: clusterDocuments,
      topics: context.newsrooms().map((newsroom) => newsroom.id),
      baseUrl: config.baseUrl,
      reuse: reuseTerms(config),
      limits: DEFAULT_STORY_LIMITS,
      workers,
      onStory: (story) => files.add(story),
    });
    await saveEdition(store, edition);
    await files.finish();
    return summarizeBuild(edition, publicDir, Math.round(performance.now() - started) / 1000);
  } finally {
    await store.close();
  }
}

export function formatBuildSummary(summary: BuildSummary): string {
  return [
    `edition ${summary.cut}: ${summary.manifests} Manifests in the window → ${summary.stories} stories (${summary.newStories} new, ${summary.continuedStories} continued), ${summary.roundups} roundups (${summary.seconds.toFixed(1)} s)`,
    `story files: ${join(summary.publicDir, "stories")}`,
  ].join("\n");
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
      "worker threads composing stories of large topics (0: the main thread)",
      integerOption("--workers", 0, 64),
      workerCount(2),
    )
    .option("--json", "print the summary as JSON")
    .addHelpText(
      "after",
      `\nThe same store and cut always give the same edition, byte for byte.\n${EXIT_CODES_HELP}`,
    )
    .action(async (options: { at?: Date; workers: number; json?: boolean }) => {
      const summary = await runBuild(context(), options.at ?? new Date(), options.workers);
      console.log(options.json ? JSON.stringify(summary, null, 2) : formatBuildSummary(summary));
    });
}
