// Progress for long commands, on stderr (stdout keeps the summary, and `--json` stays clean):
// a bar on a terminal; in pipes and CI, a plain line now and then, so that a log shows the
// command is moving without drowning in redraws.
import cliProgress from "cli-progress";
import { isInteractive } from "./log-style.js";
import type { TopicProgress } from "../editorial/build-edition.js";
import type { IngestProgress } from "../ingest/ingest.js";
import type { FeedPollReport } from "../poll/poll-feed.js";

export interface ProgressReporter<Progress> {
  update(progress: Progress): void;
  stop(): void;
}

/** Plain progress lines are written at most this often. */
const PLAIN_LINE_MS = 5_000;

/** A reporter that writes `line(progress)` at most every PLAIN_LINE_MS (and the last one). */
export function plainLines<Progress>(
  stream: NodeJS.WriteStream,
  line: (progress: Progress) => string,
  now = () => Date.now(),
): ProgressReporter<Progress> {
  let lastAt = 0;
  let pending: Progress | undefined;
  return {
    update(progress) {
      pending = progress;
      if (now() - lastAt < PLAIN_LINE_MS) return;
      lastAt = now();
      pending = undefined;
      stream.write(`${line(progress)}\n`);
    },
    stop() {
      if (pending !== undefined) stream.write(`${line(pending)}\n`);
      pending = undefined;
    },
  };
}

function shortSource(source: string): string {
  return source.length > 40 ? `…${source.slice(-39)}` : source;
}

/** A byte-based bar when the total size is known, else a record counter. */
export function ingestProgress(
  totalBytes: number | undefined,
  stream: NodeJS.WriteStream,
): ProgressReporter<IngestProgress> {
  if (!isInteractive(stream)) {
    return plainLines(
      stream,
      (p) => `ingest: ${p.read} read, ${p.stored} stored, ${p.rejected} rejected (${p.source})`,
    );
  }
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
        source: shortSource(progress.source),
      });
    },
    stop() {
      bar.stop();
    },
  };
}

/**
 * A bar of items done out of a total known with the first update (topics, feeds), with a
 * payload of named fields; plain lines in pipes and CI.
 */
function countingProgress<Progress extends { done: number; total: number }>(
  stream: NodeJS.WriteStream,
  options: {
    line: (progress: Progress) => string;
    format: string;
    fields: (progress?: Progress) => Record<string, string | number>;
  },
): ProgressReporter<Progress> {
  if (!isInteractive(stream)) return plainLines(stream, options.line);
  const bar = new cliProgress.SingleBar(
    { stream, format: options.format, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(progress) {
      if (!started) bar.start(progress.total, 0, options.fields());
      started = true;
      bar.update(progress.done, options.fields(progress));
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

/** Topics clustered and handed to the composers, of all topics. */
export function buildProgress(stream: NodeJS.WriteStream): ProgressReporter<TopicProgress> {
  return countingProgress<TopicProgress>(stream, {
    line: (p) => `build: ${p.done}/${p.total} topics (${p.topic}: ${p.manifests} Manifests)`,
    format: "build [{bar}] {value}/{total} topics | {topic}: {manifests} Manifests",
    fields: (p) => ({ topic: p?.topic ?? "", manifests: p?.manifests ?? 0 }),
  });
}

export interface PollProgress {
  report: FeedPollReport;
  done: number;
  total: number;
}

/** Feeds polled, of the feeds due. */
export function pollProgress(stream: NodeJS.WriteStream): ProgressReporter<PollProgress> {
  return countingProgress<PollProgress>(stream, {
    line: (p) =>
      `poll: ${p.done}/${p.total} feeds (${p.report.key}: ${p.report.outcome}, ${p.report.stored} stored)`,
    format: "poll [{bar}] {value}/{total} feeds | {feed}: {outcome}",
    fields: (p) => ({
      feed: p === undefined ? "" : shortSource(p.report.key),
      outcome: p?.report.outcome ?? "",
    }),
  });
}
