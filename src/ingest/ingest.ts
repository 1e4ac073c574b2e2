// Ingest: streams records from files, directories or stdin into the manifest store in
// batches. A bad record is refused with precise reasons and never blocks the good ones.
import type { Readable } from "node:stream";
import { SvcError } from "../errors.js";
import { normalizeManifest } from "../manifests/normalize.js";
import { formatProblem } from "../manifests/problems.js";
import type { ManifestConflict, ManifestStore, ManifestToStore } from "../store/manifest-store.js";
import {
  decodedChunks,
  detectFormat,
  type FormatChoice,
  type InputSource,
  openSource,
} from "./input-sources.js";
import { DEFAULT_MAX_RECORD_BYTES, type RawRecord } from "./raw-record.js";
import { readJsonDocument } from "./read-json-document.js";
import { readJsonLines } from "./read-json-lines.js";
import type { RejectSink } from "./rejects-file.js";

export interface IngestOptions {
  store: ManifestStore;
  rejects: RejectSink;
  stdin: Readable;
  format?: FormatChoice;
  batchSize?: number;
  maxRecordBytes?: number;
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
}

const MAX_BATCH_BYTES = 32 * 1024 * 1024;
const MAX_CONFLICT_EXAMPLES = 20;

/** Ingests every source in order and returns what happened. Throws only when the store fails. */
export async function ingestSources(
  sources: readonly InputSource[],
  options: IngestOptions,
): Promise<IngestSummary> {
  const { store, rejects } = options;
  const batchSize = options.batchSize ?? 2000;
  const maxRecordBytes = options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
  const counts: IngestCounts = { read: 0, stored: 0, duplicates: 0, rejected: 0, conflicts: 0 };
  const knownTopics = new Set([...(options.configuredTopics ?? []), ...(await store.listTopics())]);
  const newTopics = new Set<string>();
  const conflictExamples: IngestSummary["conflictExamples"] = [];
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
        const topic = record.manifest.topic;
        if (!knownTopics.has(topic)) newTopics.add(topic);
      } else if (outcome.status === "duplicate") {
        counts.duplicates += 1;
      } else {
        counts.conflicts += 1;
        if (conflictExamples.length < MAX_CONFLICT_EXAMPLES) {
          conflictExamples.push({
            id: outcome.id,
            source: record.source,
            storedSha256: outcome.storedSha256,
            incomingSha256: record.sha256,
          });
        }
      }
    });
    batch = [];
    batchBytes = 0;
    report();
  };

  const refuse = async (name: string, raw: RawRecord, reasons: string[], record?: unknown) => {
    counts.rejected += 1;
    await rejects.write({
      source: `${name}:${raw.line}`,
      line: raw.line,
      reasons,
      ...(record !== undefined ? { record } : { raw: raw.text ?? raw.excerpt ?? "" }),
    });
  };

  for (const source of sources) {
    current = source.name;
    try {
      const chunks = decodedChunks(openSource(source, options.stdin), (bytes) => {
        bytesRead += bytes;
      });
      const first = await chunks.next();
      if (first.done) continue;
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
          await refuse(source.name, raw, [raw.error ?? "unreadable record"]);
          continue;
        }
        let value: unknown;
        try {
          value = JSON.parse(raw.text);
        } catch (error) {
          await refuse(source.name, raw, [`not valid JSON: ${(error as Error).message}`]);
          continue;
        }
        const result = normalizeManifest(value);
        if (!result.ok) {
          await refuse(source.name, raw, result.problems.map(formatProblem), value);
          continue;
        }
        batch.push({ ...result.prepared, source: `${source.name}:${raw.line}` });
        batchBytes += result.prepared.json.length;
        if (batch.length >= batchSize || batchBytes >= MAX_BATCH_BYTES) await flush();
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
    await flush();
  }
  await flush();
  return {
    ...counts,
    sources: sources.length,
    newTopics: [...newTopics].sort(),
    conflictExamples,
    rejectsFile: rejects.path,
  };
}

/** Errors of reading or decompressing an input (EACCES, Z_DATA_ERROR…), not of the store. */
function isReadError(error: unknown): boolean {
  if (error instanceof SvcError) return false;
  return typeof (error as NodeJS.ErrnoException | undefined)?.code === "string";
}
