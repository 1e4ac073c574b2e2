// What the readers hand to ingest: the text of one record and where it started, or why its
// bytes could not become text.
import { isUtf8 } from "node:buffer";

export interface RawRecord {
  /** 1-based line of the input where the record starts. */
  line: number;
  /** The record's text, when it is valid UTF-8 within the size limit. */
  text?: string;
  /** Why the record's bytes were refused before parsing. */
  error?: string;
  /** The first bytes of a refused record, for the rejects file. */
  excerpt?: string;
}

export const EXCERPT_BYTES = 240;
export const DEFAULT_MAX_RECORD_BYTES = 16 * 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, "")} KiB`;
  return `${bytes} bytes`;
}

export function oversizeRecord(
  line: number,
  bytes: number,
  limit: number,
  excerpt: Buffer,
): RawRecord {
  return {
    line,
    error: `record is ${formatBytes(bytes)}, over the ${formatBytes(limit)} limit per record (split it, or raise --max-record-bytes)`,
    excerpt: excerpt.subarray(0, EXCERPT_BYTES).toString("utf8"),
  };
}

/** Decodes a record's bytes, refusing invalid UTF-8 with the offset of the first bad byte. */
export function decodeRecord(line: number, bytes: Buffer): RawRecord {
  if (isUtf8(bytes)) return { line, text: bytes.toString("utf8") };
  const lossy = bytes.toString("utf8");
  const badAt = Buffer.byteLength(lossy.slice(0, Math.max(0, lossy.indexOf("\uFFFD"))), "utf8");
  return {
    line,
    error: `not valid UTF-8 text (first bad byte at offset ${badAt} of the record); re-encode the input as UTF-8`,
    excerpt: lossy.slice(0, EXCERPT_BYTES),
  };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Drops a UTF-8 byte order mark at the start of a byte stream, however the stream is chunked. */
export async function* withoutLeadingBom(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let decided = false;
  for await (const chunk of chunks) {
    if (decided) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < BOM.length && BOM.subarray(0, head.length).equals(head)) continue;
    decided = true;
    const rest = head.subarray(0, BOM.length).equals(BOM) ? head.subarray(BOM.length) : head;
    if (rest.length > 0) yield rest;
  }
  if (!decided && head.length > 0) yield head;
}
