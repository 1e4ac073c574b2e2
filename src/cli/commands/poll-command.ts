// `svc poll`: turns the subscribed feeds' items into Manifests (docs/poll.md). `--once` polls
// the due feeds and exits (for cron); without it, it polls every minute until stopped.
import { setTimeout as sleep } from "node:timers/promises";
import type { Command } from "commander";
import { SvcError } from "../../errors.js";
import { defaultRejectsPath, RejectsFile } from "../../ingest/rejects-file.js";
import type { PollRunSummary } from "../../poll/poller.js";
import type { CommandContext } from "../context.js";
import { EXIT, EXIT_CODES_HELP } from "../exit-codes.js";
import { integerOption } from "../options.js";
import { formatPollSummary } from "../print-summary.js";
import { pollProgress } from "../progress.js";

export interface PollCommandOptions {
  once?: boolean;
  subscriptions?: string;
  force?: boolean;
  rejects?: string;
  concurrency?: number;
  json?: boolean;
}

/** How often the continuous mode looks for due feeds. */
const CHECK_EVERY_MS = 60_000;

export function pollExitCode(summary: PollRunSummary): number {
  if (summary.failed > 0) return EXIT.feedsFailed;
  if (summary.rejected > 0) return EXIT.rejected;
  if (summary.conflicts > 0) return EXIT.conflicts;
  return EXIT.ok;
}

async function pollOnce(
  context: CommandContext,
  options: PollCommandOptions,
  subscriptions: string,
) {
  // The poller's modules (HTML parsing, Readability, feed parsing) load only for this command.
  const { createPoller, pollerSettings } = await import("../../poll/poller.js");
  const settings = pollerSettings(context.config, subscriptions);
  const poller = createPoller({
    ...settings,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  });
  const store = await context.openStore();
  const rejects = new RejectsFile(
    options.rejects ?? defaultRejectsPath(context.config.dataDir, new Date(), "poll"),
  );
  const progress = pollProgress(process.stderr);
  try {
    const summary = await poller.poll({
      store,
      rejects,
      force: options.force === true,
      onFeed: (report, done, total) => progress.update({ report, done, total }),
    });
    progress.stop();
    return { ...summary, rejectsFile: rejects.path };
  } finally {
    progress.stop();
    poller.close();
    await rejects.close();
    await store.close();
  }
}

export function registerPoll(
  program: Command,
  context: () => CommandContext,
  setExit: (code: number) => void,
) {
  program
    .command("poll")
    .description(
      "Turn the items of subscribed RSS, Atom and JSON feeds into Manifests (docs/poll.md)",
    )
    .option(
      "--once",
      "poll the due feeds once and exit (for cron); default: poll every minute until stopped",
    )
    .option(
      "--subscriptions <file>",
      "the subscriptions file: YAML, JSON or OPML (env SVC_POLL_SUBSCRIPTIONS)",
    )
    .option("--force", "poll every feed now, also those not due yet")
    .option(
      "--rejects <file>",
      "where refused items and their reasons go (default: DATA_DIR/rejects/poll-TIME.jsonl)",
    )
    .option(
      "--concurrency <n>",
      "feeds polled at once (env SVC_POLL_CONCURRENCY, default 8)",
      integerOption("--concurrency", 1, 256),
    )
    .option("--json", "print the summary as JSON")
    .addHelpText(
      "after",
      `\nExamples:\n  svc poll --once --subscriptions feeds.yaml\n  SVC_POLL_SUBSCRIPTIONS=feeds.opml svc poll\nNew Manifests appear in the edition of the next cut (00:00 or 12:00 UTC), or now with svc build.\n${EXIT_CODES_HELP}`,
    )
    .action(async (options: PollCommandOptions) => {
      const ctx = context();
      const subscriptions = options.subscriptions ?? ctx.config.pollSubscriptions;
      if (subscriptions === undefined) {
        throw new SvcError(
          "invalid_argument",
          "svc poll needs a subscriptions file",
          "pass --subscriptions FILE or set SVC_POLL_SUBSCRIPTIONS (docs/poll.md shows the format)",
        );
      }
      const print = (summary: PollRunSummary) =>
        console.log(options.json ? JSON.stringify(summary, null, 2) : formatPollSummary(summary));
      if (options.once) {
        const summary = await pollOnce(ctx, options, subscriptions);
        print(summary);
        setExit(pollExitCode(summary));
        return;
      }
      const stop = new AbortController();
      for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop.abort());
      while (!stop.signal.aborted) {
        const summary = await pollOnce(ctx, options, subscriptions);
        // A minute with nothing due says nothing: the summary is for runs that polled.
        if (summary.feeds > summary.notDue) print(summary);
        await sleep(CHECK_EVERY_MS, undefined, { signal: stop.signal }).catch(() => undefined);
      }
      setExit(EXIT.ok);
    });
}
