// Progress for long commands: a bar on a terminal, nothing in pipes and CI (the summary says it all).
import cliProgress from "cli-progress";
import type { IngestProgress } from "../ingest/ingest.js";

export interface ProgressReporter {
  update(progress: IngestProgress): void;
  stop(): void;
}

const silent: ProgressReporter = { update() {}, stop() {} };

/** A byte-based bar when the total size is known, else a record counter. */
export function ingestProgress(
  totalBytes: number | undefined,
  stream: NodeJS.WriteStream,
): ProgressReporter {
  if (!stream.isTTY || process.env.CI) return silent;
  const known = totalBytes !== undefined && totalBytes > 0;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: known
        ? "ingest [{bar}] {percentage}% | {read} read, {stored} stored, {rejected} rejected | {source}"
        : "ingest {read} read, {stored} stored, {rejected} rejected | {source}",
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(known ? totalBytes : 1, 0, { read: 0, stored: 0, rejected: 0, source: "" });
  return {
    update(progress) {
      bar.update(known ? Math.min(progress.bytesRead, totalBytes) : 0, {
        read: progress.read,
        stored: progress.stored,
        rejected: progress.rejected,
        source: progress.source.length > 40 ? `…${progress.source.slice(-39)}` : progress.source,
      });
    },
    stop() {
      bar.stop();
    },
  };
}
