// Ingest: streams records from files, directories or stdin into the manifest store in
// batches. A bad record is refused with precise reasons and never blocks the good ones.
// Reading, validation (worker threads) and writing overlap; records keep their input order.
import type { Readable } from "node:stream";
import { SvcError } from "../errors.js";
import type { ManifestConflict, ManifestStore, ManifestToStore } from "../store/manifest-store.js";
import {
  decodedChunks,
  detectFormat,
  type FormatChoice,
  type InputSource,
  openSource,
} from "./input-sources.js";
import { DEFAULT_MAX_RECORD_BYTES } from "./raw-record.js";
import { readJsonDocument } from "./read-json-document.js";
import { readJsonLines } from "./read-json-lines.js";
import type { RejectSink } from "./rejects-file.js";
import type { RecordText, ValidatedRecord } from "./validate-records.js";
import { createValidator } from "./validation-pool.js";

export interface IngestOptions {
  store: ManifestStore;
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
  /** Topics that were neither configured nor in the store before this run: new newsrooms. */
  newTopics: string[];
  /** The first conflicts of this run. */
  conflictExamples: Array<
    Pick<ManifestConflict, "id" | "source" | "storedSha256" | "incomingSha256">
  >;
  rejectsFile: string | undefined;
  /** Wall time of the ingest itself, in seconds. */
  seconds: number;
}

const VALIDATION_BATCH = 1000;
const VALIDATION_BATCH_BYTES = 4 * 1024 * 1024;
const MAX_BATCH_BYTES = 32 * 1024 * 1024;
const MAX_CONFLICT_EXAMPLES = 20;

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
  const validator = createValidator(options.workers ?? 0);
  let bytesRead = 0;
  let batch: ManifestToStore[] = [];
  let batchBytes = 0;
  let current = "";

  const report = () => options.onProgress?.({ ...counts, bytesRead, source: current });

  const flush = async () => {
    if (batch.length === 0) return;
    const outcomes = await store.insertManifests(batch);
    outcomes.forEach((outcome, index) => {
      const record = batch[index] as ManifestToStore;
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
    batch = [];
    batchBytes = 0;
    report();
  };

  const refuse = async (
    source: string,
    line: number,
    reasons: string[],
    original: { record?: unknown; raw?: string },
  ) => {
    counts.rejected += 1;
    await rejects.write({ source: `${source}:${line}`, line, reasons, ...original });
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

  try {
    for (const source of sources) {
      current = source.name;
      let pendingTexts: RecordText[] = [];
      let pendingBytes = 0;
      const submit = async () => {
        if (pendingTexts.length === 0) return;
        inFlight.push(validator.validate(pendingTexts));
        pendingTexts = [];
        pendingBytes = 0;
        while (inFlight.length > validator.parallelism) await drainOne(source.name);
      };
      try {
        const chunks = decodedChunks(openSource(source, options.stdin), (bytes) => {
          bytesRead += bytes;
        });
        const first = await chunks.next();
        if (!first.done) {
          const format = detectFormat(options.format ?? "auto", source.name, first.value);
          const all = (async function* () {
            yield first.value;
            yield* chunks;
          })();
          const records =
            format === "json"
              ? readJsonDocument(all, maxRecordBytes)
              : readJsonLines(all, maxRecordBytes);
          for await (const raw of records) {
            counts.read += 1;
            if (raw.text === undefined) {
              await refuse(source.name, raw.line, [raw.error ?? "unreadable record"], {
                raw: raw.excerpt ?? "",
              });
              continue;
            }
            pendingTexts.push({ line: raw.line, text: raw.text });
            pendingBytes += raw.text.length;
            if (pendingTexts.length >= VALIDATION_BATCH || pendingBytes >= VALIDATION_BATCH_BYTES)
              await submit();
          }
        }
      } catch (error) {
        if (!isReadError(error)) throw error;
        counts.rejected += 1;
        await rejects.write({
          source: source.name,
          line: 0,
          reasons: [`the input could not be read to the end: ${(error as Error).message}`],
        });
      }
      await submit();
      while (inFlight.length > 0) await drainOne(source.name);
      await flush();
    }
  } finally {
    await validator.close();
  }
  return {
    ...counts,
    sources: sources.length,
    newTopics: [...newTopics].sort(),
    conflictExamples,
    rejectsFile: rejects.path,
    seconds: Math.round(performance.now() - started) / 1000,
  };
}

/** Errors of reading or decompressing an input (EACCES, Z_DATA_ERROR…), not of the store. */
function isReadError(error: unknown): boolean {
  if (error instanceof SvcError) return false;
  return typeof (error as NodeJS.ErrnoException | undefined)?.code === "string";
}
