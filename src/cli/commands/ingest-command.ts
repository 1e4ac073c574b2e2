// `svc ingest PATH... | -`: stores Manifests from files, directories and stdin.
import type { Command } from "commander";
import type { IngestSummary } from "../../ingest/ingest.js";
import type { FormatChoice, InputSource } from "../../ingest/input-sources.js";
import { DEFAULT_MAX_RECORD_BYTES } from "../../ingest/raw-record.js";
import { defaultWorkerCount } from "../../ingest/validation-workers.js";
import type { CommandContext } from "../context.js";
import { EXIT, EXIT_CODES_HELP } from "../exit-codes.js";
import { choiceOption, integerOption } from "../options.js";
import { formatIngestSummary } from "../print-summary.js";
import { ingestProgress } from "../progress.js";

export interface IngestCommandOptions {
  rejects?: string;
  format: FormatChoice;
  batchSize: number;
  maxRecordBytes: number;
  workers: number;
  json?: boolean;
}

export function exitCodeFor(summary: IngestSummary): number {
  if (summary.rejected > 0 || summary.unreadable > 0) return EXIT.rejected;
  if (summary.conflicts > 0) return EXIT.conflicts;
  return EXIT.ok;
}

/** Runs an ingest with progress on stderr and the summary on stdout; returns the exit code. */
export async function runIngest(
  context: CommandContext,
  sources: InputSource[],
  options: IngestCommandOptions,
): Promise<number> {
  // The ingest pipeline loads only when a command ingests (the other commands start faster).
  const [{ ingestSources }, { defaultRejectsPath, RejectsFile }] = await Promise.all([
    import("../../ingest/ingest.js"),
    import("../../ingest/rejects-file.js"),
  ]);
  const store = await context.openStore();
  const rejects = new RejectsFile(
    options.rejects ?? defaultRejectsPath(context.config.dataDir, new Date()),
  );
  const totalBytes = sources.every((s) => s.kind === "file")
    ? sources.reduce((sum, s) => sum + (s.kind === "file" ? s.bytes : 0), 0)
    : undefined;
  const progress = ingestProgress(totalBytes, process.stderr);
  try {
    const summary = await ingestSources(sources, {
      store,
      rejects,
      stdin: process.stdin,
      format: options.format,
      batchSize: options.batchSize,
      maxRecordBytes: options.maxRecordBytes,
      workers: options.workers,
      configuredTopics: context.newsrooms().map((newsroom) => newsroom.id),
      onProgress: (update) => progress.update(update),
    });
    progress.stop();
    console.log(options.json ? JSON.stringify(summary, null, 2) : formatIngestSummary(summary));
    return exitCodeFor(summary);
  } finally {
    progress.stop();
    await rejects.close();
    await store.close();
  }
}

export function registerIngest(
  program: Command,
  context: () => CommandContext,
  setExit: (code: number) => void,
) {
  program
    .command("ingest")
    .description(
      "Store Manifests from JSON, JSON Lines/NDJSON or gzipped files, directories (recursively) or - for stdin",
    )
    .argument("<paths...>", "files or directories to read; - reads standard input")
    .option(
      "--rejects <file>",
      "where rejected records and their reasons go (default: DATA_DIR/rejects/ingest-TIME.jsonl)",
    )
    .option(
      "--format <format>",
      "auto, json (a document: one object or an array) or jsonl",
      choiceOption("--format", ["auto", "json", "jsonl"] as const),
      "auto",
    )
    .option(
      "--batch-size <n>",
      "records per store transaction",
      integerOption("--batch-size", 1, 100_000),
      2000,
    )
    .option(
      "--max-record-bytes <n>",
      "largest record accepted, in bytes",
      integerOption("--max-record-bytes", 1024, 1024 ** 3),
      DEFAULT_MAX_RECORD_BYTES,
    )
    .option(
      "--workers <n>",
      "validation worker threads (0: validate on the main thread)",
      integerOption("--workers", 0, 64),
      defaultWorkerCount(),
    )
    .option("--json", "print the summary as JSON")
    .addHelpText(
      "after",
      `\nExamples:\n  svc ingest manifests/\n  zcat dump.jsonl.gz | svc ingest -\n${EXIT_CODES_HELP}`,
    )
    .action(async (paths: string[], options: IngestCommandOptions) => {
      const ctx = context();
      const { resolveInputs } = await import("../../ingest/input-sources.js");
      const { sources } = await resolveInputs(paths);
      setExit(await runIngest(ctx, sources, options));
    });
}
