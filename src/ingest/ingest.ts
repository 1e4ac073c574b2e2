// Ingest: streams records from files, directories or stdin into the manifest store in
// batches. A bad record is refused with precise reasons and never blocks the good ones.
// Reading, validation (worker threads) and writing overlap; records keep their input order.
import type { Readable } from "node:stream";
import { describeError } from "../errors.js";
import type {
  InsertOutcome,
  ManifestConflict,
  ManifestToStore,
  ManifestWriter,
} from "../store/manifest-store.js";
import {
  decodedChunks,
  detectFormat,
  type FormatChoice,
  type InputSource,
  openSource,
  peekHead,
  SNIFF_BYTES,
} from "./input-sources.js";
import { DEFAULT_MAX_RECORD_BYTES, type RawRecord } from "./raw-record.js";
import { readJsonDocument } from "./read-json-document.js";
import { readJsonLines } from "./read-json-lines.js";
import type { Reject, RejectSink } from "./rejects-file.js";
import type { RecordText, ValidatedRecord } from "./validate-records.js";
import { createValidator } from "./validation-pool.js";

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

export interface IngestCounts {
  /** Records read (good and bad). */
  read: number;
  stored: number;
  duplicates: number;
  rejected: number;
  conflicts: number;
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
  conflictExamples: Array<
    Pick<ManifestConflict, "id" | "source" | "storedSha256" | "incomingSha256">
  >;
  rejectsFile: string | undefined;
  /** The first rejects of this run, with their reasons (all of them are in the rejects file). */
  rejectExamples: Array<{ source: string; reasons: string[] }>;
  /** Wall time of the ingest itself, in seconds. */
  seconds: number;
}

const VALIDATION_BATCH = 1000;
const VALIDATION_BATCH_BYTES = 4 * 1024 * 1024;
const MAX_BATCH_BYTES = 32 * 1024 * 1024;
const MAX_CONFLICT_EXAMPLES = 20;
const MAX_REJECT_EXAMPLES = 5;

/** Opens a source and picks its reader; an input that cannot be opened gives an error. */
async function openRecords(
  source: InputSource,
  options: IngestOptions,
  maxRecordBytes: number,
  onRawBytes: (bytes: number) => void,
): Promise<{ records?: AsyncGenerator<RawRecord>; error?: unknown }> {
  try {
    const chunks = decodedChunks(openSource(source, options.stdin), onRawBytes);
    const { head, all } = await peekHead(chunks, SNIFF_BYTES);
    const format = detectFormat(options.format ?? "auto", source.name, head);
    const records =
      format === "json"
        ? readJsonDocument(all, maxRecordBytes)
        : readJsonLines(all, maxRecordBytes);
    return { records };
  } catch (error) {
    return { error };
  }
}

/** Ingests every source in order and returns what happened. Throws only when the store fails. */
export async function ingestSources(
  sources: readonly InputSource[],
  options: IngestOptions,
): Promise<IngestSummary> {
  const started = performance.now();
  const { store, rejects } = options;
  const batchSize = options.batchSize ?? 2000;
  const maxRecordBytes = options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
  const counts: IngestCounts = { read: 0, stored: 0, duplicates: 0, rejected: 0, conflicts: 0 };
  const knownTopics = new Set([...(options.configuredTopics ?? []), ...(await store.listTopics())]);
  const newTopics = new Set<string>();
  const conflictExamples: IngestSummary["conflictExamples"] = [];
  const rejectExamples: IngestSummary["rejectExamples"] = [];
  const writeReject = async (reject: Reject) => {
    if (rejectExamples.length < MAX_REJECT_EXAMPLES) {
      rejectExamples.push({ source: reject.source, reasons: reject.reasons });
    }
    await rejects.write(reject);
  };
  const validator = createValidator(options.workers ?? 0);
  let bytesRead = 0;
  let unreadable = 0;
  let batch: ManifestToStore[] = [];
  let batchBytes = 0;
  let current = "";

  const report = () => options.onProgress?.({ ...counts, bytesRead, source: current });

  const tally = (written: ManifestToStore[], outcomes: InsertOutcome[]) => {
    outcomes.forEach((outcome, index) => {
      const record = written[index] as ManifestToStore;
      if (outcome.status === "stored") {
        counts.stored += 1;
        if (!knownTopics.has(record.topic)) newTopics.add(record.topic);
      } else if (outcome.status === "duplicate") {
        counts.duplicates += 1;
      } else {
        counts.conflicts += 1;
        if (conflictExamples.length < MAX_CONFLICT_EXAMPLES) {
          const { storedSha256, incomingSha256 } = outcome;
          conflictExamples.push({
            id: outcome.id,
            source: record.source,
            storedSha256,
            incomingSha256,
          });
        }
      }
    });
    report();
  };

  // One write at a time, in input order; while a (network) store writes a batch, the next
  // one is being read and validated.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (batch.length === 0) return;
    const written = batch;
    batch = [];
    batchBytes = 0;
    await writing;
    writing = store.insertManifests(written).then((outcomes) => tally(written, outcomes));
    writing.catch(() => undefined); // surfaced by the next await of `writing`
  };
  const settle = async () => {
    await flush();
    await writing;
  };

  const refuse = async (
    source: string,
    line: number,
    reasons: string[],
    original: { record?: unknown; raw?: string },
  ) => {
    counts.rejected += 1;
    await writeReject({ source: `${source}:${line}`, line, reasons, ...original });
  };

  const take = async (name: string, results: ValidatedRecord[]) => {
    for (const result of results) {
      if (!result.ok) {
        const original =
          result.record !== undefined ? { record: result.record } : { raw: result.raw ?? "" };
        await refuse(name, result.line, result.reasons, original);
        continue;
      }
      const { id, topic, publishedAtMs, json } = result;
      batch.push({ id, topic, publishedAtMs, json, source: `${name}:${result.line}` });
      batchBytes += json.length;
      if (batch.length >= batchSize || batchBytes >= MAX_BATCH_BYTES) await flush();
    }
  };

  const inFlight: Array<Promise<ValidatedRecord[]>> = [];
  const drainOne = async (name: string) => {
    const results = await inFlight.shift();
    if (results) await take(name, results);
  };

  const readSource = async (source: InputSource) => {
    let pendingTexts: RecordText[] = [];
    let pendingBytes = 0;
    const submit = async () => {
      if (pendingTexts.length === 0) return;
      const validated = validator.run(pendingTexts);
      validated.catch(() => undefined); // awaited in order below; never an unhandled rejection
      inFlight.push(validated);
      pendingTexts = [];
      pendingBytes = 0;
      while (inFlight.length > validator.parallelism) await drainOne(source.name);
    };
    const opened = await openRecords(source, options, maxRecordBytes, (bytes) => {
      bytesRead += bytes;
    });
    let readError = opened.error;
    const records = opened.records;
    try {
      while (records) {
        // Only reading is guarded here: a failing store must stop the whole ingest.
        const next = await records.next().catch((error: unknown) => {
          readError = error;
          return undefined;
        });
        if (!next || next.done) break;
        const raw = next.value;
        counts.read += 1;
        if (raw.text === undefined) {
          const error = raw.error ?? "unreadable record";
          pendingTexts.push({ line: raw.line, error, excerpt: raw.excerpt ?? "" });
        } else {
          pendingTexts.push({ line: raw.line, text: raw.text });
          pendingBytes += raw.text.length;
        }
        if (pendingTexts.length >= VALIDATION_BATCH || pendingBytes >= VALIDATION_BATCH_BYTES) {
          await submit();
        }
      }
    } finally {
      await records?.return(undefined);
    }
    await submit();
    while (inFlight.length > 0) await drainOne(source.name);
    await settle();
    if (readError !== undefined) {
      unreadable += 1;
      await writeReject({
        source: source.name,
        line: 0,
        reasons: [`the input could not be read to the end: ${describeError(readError)}`],
        raw: "",
      });
    }
  };

  try {
    for (const source of sources) {
      current = source.name;
      await readSource(source);
    }
  } finally {
    await validator.close();
  }
  return {
    ...counts,
    unreadable,
    sources: sources.length,
    newTopics: [...newTopics].sort(),
    conflictExamples,
    rejectExamples,
    rejectsFile: rejects.path,
    seconds: Math.round(performance.now() - started) / 1000,
  };
}
