// Feeds a record reader the same bytes cut in every way a stream can cut them: records, line
// numbers and errors must not depend on where the chunks end.
import { expect } from "vitest";
import type { RawRecord } from "../../src/ingest/raw-record.js";

export type RecordReader = (
  chunks: AsyncIterable<Buffer>,
  maxRecordBytes?: number,
) => AsyncIterable<RawRecord>;

/** The input cut into chunks of 1 to 7 bytes, and as one chunk (first). */
export function chunkings(input: Buffer): Array<{ label: string; chunks: Buffer[] }> {
  const out = [{ label: "one chunk", chunks: [input] }];
  for (let size = 1; size <= 7; size++) {
    const chunks: Buffer[] = [];
    for (let at = 0; at < input.length; at += size) chunks.push(input.subarray(at, at + size));
    out.push({ label: `chunks of ${size} bytes`, chunks });
  }
  return out;
}

async function* fromChunks(chunks: readonly Buffer[]): AsyncGenerator<Buffer> {
  for (const chunk of chunks) yield chunk;
}

export async function collect(
  read: RecordReader,
  chunks: readonly Buffer[],
  maxRecordBytes?: number,
): Promise<RawRecord[]> {
  const records: RawRecord[] = [];
  for await (const record of read(fromChunks(chunks), maxRecordBytes)) records.push(record);
  return records;
}

/** What must not depend on chunking. The excerpt of an over-limit record may hold more
 * bytes when the chunks are small, but is always there when it is there in one chunk. */
export const essentials = (records: RawRecord[]) =>
  records.map(({ line, text, error }) => ({ line, text, error }));

/**
 * Reads the input under every chunking; all must give the same line numbers, texts and
 * errors. Returns the records of the one-chunk read.
 */
export async function readEveryWay(
  read: RecordReader,
  input: string | Buffer,
  maxRecordBytes?: number,
): Promise<RawRecord[]> {
  const bytes = typeof input === "string" ? Buffer.from(input, "utf8") : input;
  const [whole, ...others] = chunkings(bytes);
  const expected = await collect(read, (whole as { chunks: Buffer[] }).chunks, maxRecordBytes);
  for (const { label, chunks } of others) {
    const records = await collect(read, chunks, maxRecordBytes);
    expect(essentials(records), label).toEqual(essentials(expected));
    records.forEach((record, index) => {
      expect(record.excerpt === undefined, label).toBe(expected[index]?.excerpt === undefined);
    });
  }
  return expected;
}
