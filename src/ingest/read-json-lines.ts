// Splits JSON Lines / NDJSON input into records, streaming: a line longer than the record
// limit is skipped without being held in memory.
import {
  DEFAULT_MAX_RECORD_BYTES,
  decodeRecord,
  oversizeRecord,
  type RawRecord,
  withoutLeadingBom,
} from "./raw-record.js";

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const BLANK_LINE = /^\s*$/;

export async function* readJsonLines(
  chunks: AsyncIterable<Buffer>,
  maxRecordBytes = DEFAULT_MAX_RECORD_BYTES,
): AsyncGenerator<RawRecord> {
  let parts: Buffer[] = [];
  let kept = 0;
  let total = 0;
  let excerpt: Buffer | undefined;
  let line = 1;

  const finish = (): RawRecord | undefined => {
    const size = total;
    const startedOversize = excerpt;
    const body = startedOversize ? undefined : Buffer.concat(parts, kept);
    parts = [];
    kept = 0;
    total = 0;
    excerpt = undefined;
    if (startedOversize) return oversizeRecord(line, size, maxRecordBytes, startedOversize);
    if (body === undefined || body.length === 0) return undefined;
    const end = body[body.length - 1] === CARRIAGE_RETURN ? body.length - 1 : body.length;
    if (end > maxRecordBytes) return oversizeRecord(line, end, maxRecordBytes, body);
    const record = decodeRecord(line, body.subarray(0, end));
    if (record.text !== undefined && BLANK_LINE.test(record.text)) return undefined;
    return record;
  };

  for await (const chunk of withoutLeadingBom(chunks)) {
    let position = 0;
    while (position < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, position);
      const end = newline === -1 ? chunk.length : newline;
      const piece = chunk.subarray(position, end);
      total += piece.length;
      if (excerpt === undefined) {
        // One byte of slack for the CR of a CRLF ending; finish() applies the exact limit.
        if (kept + piece.length > maxRecordBytes + 1) {
          excerpt = Buffer.concat([...parts, piece.subarray(0, 256)]);
          parts = [];
          kept = 0;
        } else if (piece.length > 0) {
          parts.push(piece);
          kept += piece.length;
        }
      }
      if (newline === -1) break;
      const record = finish();
      if (record) yield record;
      line += 1;
      position = newline + 1;
    }
  }
  const last = finish();
  if (last) yield last;
}
