// One input, read and validated: its records are split out of the byte stream, sent in
// batches to the validators (worker threads or inline) and handed back in input order.
// Records the reader refused (bad UTF-8, too large) travel in the same queue, so that
// rejects keep input order too.
import {
  decodedChunks,
  detectFormat,
  type FormatChoice,
  type InputSource,
  openSource,
  peekHead,
  SNIFF_BYTES,
} from "./input-sources.js";
import type { Readable } from "node:stream";
import type { RawRecord } from "./raw-record.js";
import { readJsonDocument } from "./read-json-document.js";
import { readJsonLines } from "./read-json-lines.js";
import type { RecordText, ValidatedRecord } from "./validate-records.js";
import type { Validator } from "./validation-pool.js";

const VALIDATION_BATCH = 1000;
const VALIDATION_BATCH_BYTES = 4 * 1024 * 1024;

export interface SourceReading {
  stdin: Readable;
  format?: FormatChoice | undefined;
  maxRecordBytes: number;
  validator: Validator;
  /** Raw bytes read, before decompression (for progress). */
  onRawBytes: (bytes: number) => void;
  /** Called for each record read, good or bad. */
  onRecord: () => void;
  /** Each batch of validated records, in input order, one batch at a time. */
  take: (results: ValidatedRecord[]) => Promise<void>;
}

/** Opens a source and picks its reader; an input that cannot be opened gives an error. */
async function openRecords(
  source: InputSource,
  reading: SourceReading,
): Promise<{ records?: AsyncGenerator<RawRecord>; error?: unknown }> {
  try {
    const chunks = decodedChunks(openSource(source, reading.stdin), reading.onRawBytes);
    const { head, all } = await peekHead(chunks, SNIFF_BYTES);
    const format = detectFormat(reading.format ?? "auto", source.name, head);
    const records =
      format === "json"
        ? readJsonDocument(all, reading.maxRecordBytes)
        : readJsonLines(all, reading.maxRecordBytes);
    return { records };
  } catch (error) {
    return { error };
  }
}

function recordText(raw: RawRecord): RecordText {
  if (raw.text === undefined) {
    return { line: raw.line, error: raw.error ?? "unreadable record", excerpt: raw.excerpt ?? "" };
  }
  return { line: raw.line, text: raw.text };
}

/**
 * Reads and validates every record of `source`, handing the results to `reading.take` in
 * input order. Returns why the input could not be read to the end (undefined when it was);
 * only reading is guarded: a failure of `take` (a failing store) stops the whole ingest.
 */
export async function validateSource(
  source: InputSource,
  reading: SourceReading,
): Promise<unknown> {
  const { validator } = reading;
  const inFlight: Array<Promise<ValidatedRecord[]>> = [];
  const drainOne = async () => {
    const results = await inFlight.shift();
    if (results) await reading.take(results);
  };
  let pendingTexts: RecordText[] = [];
  let pendingBytes = 0;
  const submit = async () => {
    if (pendingTexts.length === 0) return;
    const validated = validator.run(pendingTexts);
    validated.catch(() => undefined); // awaited in order by drainOne; never an unhandled rejection
    inFlight.push(validated);
    pendingTexts = [];
    pendingBytes = 0;
    while (inFlight.length > validator.parallelism) await drainOne();
  };
  const opened = await openRecords(source, reading);
  let readError = opened.error;
  const records = opened.records;
  try {
    while (records) {
      const next = await records.next().catch((error: unknown) => {
        readError = error;
        return undefined;
      });
      if (!next || next.done) break;
      reading.onRecord();
      const text = recordText(next.value);
      pendingTexts.push(text);
      if ("text" in text) pendingBytes += text.text.length;
      if (pendingTexts.length >= VALIDATION_BATCH || pendingBytes >= VALIDATION_BATCH_BYTES) {
        await submit();
      }
    }
  } finally {
    await records?.return(undefined);
  }
  await submit();
  while (inFlight.length > 0) await drainOne();
  return readError;
}
