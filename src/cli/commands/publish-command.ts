// `svc publish [--at TIME]`: publishes the newest built edition (at or before TIME) as a new
// tree and switches to it atomically.
import type { Command } from "commander";
import { SvcError } from "../../errors.js";
import type { PublishSummary } from "../../publish/publish-edition.js";
import type { CommandContext } from "../context.js";
import { EXIT_CODES_HELP } from "../exit-codes.js";
import { timeOption } from "../options.js";

/** A failure of the file system under the data directory (a node:fs error code). */
function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string";
}

/** Publishes with an open store (the build command shares its store). */
export async function runPublish(context: CommandContext, at: Date): Promise<PublishSummary> {
  // The publisher (renderers, feeds, the OpenAPI document) loads only when a command publishes.
  const [{ publishEdition }, { resolveNewsrooms }] = await Promise.all([
    import("../../publish/publish-edition.js"),
    import("../../config/newsrooms.js"),
  ]);
  const store = await context.openStore();
  try {
    const newsrooms = resolveNewsrooms(context.newsrooms(), await store.listTopics());
    return await publishEdition(at, { store, settings: context.config, newsrooms });
  } catch (error) {
    if (!isFileSystemError(error)) throw error;
    throw new SvcError(
      "publish_failed",
      `cannot write the new tree under SVC_DATA_DIR ${context.config.dataDir}: ${error.message}`,
      "Make sure archive/ and trees/ there are directories this user can write and the disk has room, then run `svc publish` again; the live edition has not changed.",
      { cause: error },
    );
  } finally {
    await store.close();
  }
}

export function formatPublishSummary(summary: PublishSummary, live: string): string {
  return [
    `published edition ${summary.cut} as tree ${summary.tree} (${summary.seconds.toFixed(1)} s): ${summary.stories} stories in this edition, ${summary.archived} in the archive`,
    `  stories rendered ${summary.storiesRendered}, unchanged ${summary.storiesLinked} (linked), dates rewritten ${summary.bucketsWritten}; other files written ${summary.filesWritten}, unchanged ${summary.filesLinked}; removed ${summary.treesRemoved} old trees and ${summary.bucketsRemoved} archive buckets`,
    `live tree: ${live}`,
  ].join("\n");
}

export function registerPublish(program: Command, context: () => CommandContext) {
  program
    .command("publish")
    .description(
      "Publish the newest built edition (at or before --at) as a new tree of static files and switch to it atomically",
    )
    .option("--at <time>", "publish the edition of this time (default: now)", timeOption("--at"))
    .option("--json", "print the summary as JSON")
    .addHelpText(
      "after",
      `\nReaders of the live tree ($SVC_DATA_DIR/public) see the old edition or the new one, never a mix.\n${EXIT_CODES_HELP}`,
    )
    .action(async (options: { at?: Date; json?: boolean }) => {
      const ctx = context();
      const summary = await runPublish(ctx, options.at ?? new Date());
      const live = `${ctx.config.dataDir}/public`;
      console.log(
        options.json
          ? JSON.stringify({ ...summary, live }, null, 2)
          : formatPublishSummary(summary, live),
      );
    });
}
