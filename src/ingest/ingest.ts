// Ingest: streams records from files, directories or stdin into the manifest store in
// batches. A bad record is refused with precise reasons and never blocks the good ones.
// Reading, validation (worker threads) and writing overlap; records keep their input order.
import type { Readable } from "node:stream";
import { describeError } from "../errors.js";
import type { ManifestWriter } from "../store/manifest-store.js";
import { BatchWriter } from "./batch-writer.js";
import {
  type ConflictExample,
  type IngestCounts,
  IngestTally,
  type RejectExample,
} from "./ingest-tally.js";
import type { FormatChoice, InputSource } from "./input-sources.js";
import { DEFAULT_MAX_RECORD_BYTES } from "./raw-record.js";
import type { Reject, RejectSink } from "./rejects-file.js";
import type { ValidatedRecord } from "./validate-records.js";
import { validateSource } from "./validate-source.js";
import { createValidator } from "./validation-pool.js";

export type { IngestCounts } from "./ingest-tally.js";

export interface IngestOptions {
  /** Where records are written (and the topics known before this run are read). */
  store: ManifestWriter;
  rejects: RejectSink;
  stdin: Readable;
  format?: FormatChoice;
  /** Records per store transaction. */
  batchSize?: number;
  maxRecordBytes?: number;
  /** Validation worker threads; 0 validates on the main thread. */
  workers?: number;
  /** Topics of the configured newsrooms: a Manifest of another topic makes a new newsroom. */
  configuredTopics?: readonly string[];
  onProgress?: (progress: IngestProgress) => void;
}

export interface IngestProgress extends IngestCounts {
  /** Raw bytes read so far, before decompression. */
  bytesRead: number;
  source: string;
}

export interface IngestSummary extends IngestCounts {
  sources: number;
  /** Inputs that could not be read to the end (unreadable, corrupt gzip); see the rejects file. */
  unreadable: number;
  /** Topics that were neither configured nor in the store before this run: new newsrooms. */
  newTopics: string[];
  /** The first conflicts of this run. */
  conflictExamples: ConflictExample[];
  rejectsFile: string | undefined;
  /** The first rejects of this run, with their reasons (all of them are in the rejects file). */
  rejectExamples: RejectExample[];
  /** Wall time of the ingest itself, in seconds. */
  seconds: number;
}

/** Valid records go to the batch writer; invalid ones to the rejects, with their reasons. */
async function takeResults(
  name: string,
  results: readonly ValidatedRecord[],
  writer: BatchWriter,
  refuse: (reject: Reject) => Promise<void>,
): Promise<void> {
  for (const result of results) {
    if (!result.ok) {
      const original =
        result.record !== undefined ? { record: result.record } : { raw: result.raw ?? "" };
      await refuse({
        source: `${name}:${result.line}`,
        line: result.line,
        reasons: result.reasons,
        ...original,
      });
      continue;
    }
    const { id, topic, publishedAtMs, json } = result;
    await writer.add({ id, topic, publishedAtMs, json, source: `${name}:${result.line}` });
  }
}

/** The reject of an input that could not be read to the end (its earlier records count). */
function unreadableInput(name: string, error: unknown): Reject {
  return {
    source: name,
    line: 0,
    reasons: [`the input could not be read to the end: ${describeError(error)}`],
    raw: "",
  };
}

/** Ingests every source in order and returns what happened. Throws only when the store fails. */
export async function ingestSources(
  sources: readonly InputSource[],
  options: IngestOptions,
): Promise<IngestSummary> {
  const started = performance.now();
  const { store, rejects } = options;
  const tally = new IngestTally(
    new Set([...(options.configuredTopics ?? []), ...(await store.listTopics())]),
  );
  let bytesRead = 0;
  let current = "";
  const writer = new BatchWriter(store, options.batchSize ?? 2000, (written, outcomes) => {
    tally.addOutcomes(written, outcomes);
    options.onProgress?.({ ...tally.counts, bytesRead, source: current });
  });
  const writeReject = async (reject: Reject) => {
    tally.addRejectExample(reject);
    await rejects.write(reject);
  };
  const refuse = async (reject: Reject) => {
    tally.counts.rejected += 1;
    await writeReject(reject);
  };
  const validator = createValidator(options.workers ?? 0);
  let unreadable = 0;
  try {
    for (const source of sources) {
      current = source.name;
      const readError = await validateSource(source, {
        stdin: options.stdin,
        format: options.format,
        maxRecordBytes: options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES,
        validator,
        onRawBytes: (bytes) => {
          bytesRead += bytes;
        },
        onRecord: () => {
          tally.counts.read += 1;
        },
        take: (results) => takeResults(source.name, results, writer, refuse),
      });
      await writer.settle();
      if (readError !== undefined) {
        unreadable += 1;
        await writeReject(unreadableInput(source.name, readError));
      }
    }
  } finally {
    await validator.close();
  }
  return {
    ...tally.counts,
    unreadable,
    sources: sources.length,
    newTopics: [...tally.newTopics].sort(),
    conflictExamples: tally.conflictExamples,
    rejectExamples: tally.rejectExamples,
    rejectsFile: rejects.path,
    seconds: Math.round(performance.now() - started) / 1000,
  };
}
