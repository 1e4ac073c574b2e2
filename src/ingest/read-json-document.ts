// Splits a JSON document into records, streaming: the elements of a top-level array, or the
// top-level values of the document (one object, or several one after another).
//
// Written here rather than taken from a streaming JSON parser because ingest needs what those
// parsers do not give: each record's raw text (for the rejects file), the line it starts on,
// a per-record size cap that skips a huge record without building it, and going on after a
// malformed element. Each record's text is then parsed by JSON.parse.
import {
  DEFAULT_MAX_RECORD_BYTES,
  decodeRecord,
  oversizeRecord,
  type RawRecord,
  withoutLeadingBom,
} from "./raw-record.js";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

type Mode = "start" | "array" | "sequence" | "closed";

/** Record boundaries found by tracking strings and bracket depth; see the file header. */
class DocumentSplitter {
  mode: Mode = "start";
  line = 1;
  inRecord = false;
  inString = false;
  escaped = false;
  depth = 0;
  recordIsScalar = false;
  recordLine = 1;
  parts: Buffer[] = [];
  kept = 0;
  total = 0;
  excerpt: Buffer | undefined;
  trailingReported = false;
  /** Next backslash in the current chunk at or after the scan position; -1: none; -2: unknown. */
  backslashAt = -2;

  constructor(readonly maxRecordBytes: number) {}

  keep(piece: Buffer): void {
    this.total += piece.length;
    if (this.excerpt !== undefined || piece.length === 0) return;
    if (this.kept + piece.length > this.maxRecordBytes) {
      this.excerpt = Buffer.concat([...this.parts, piece.subarray(0, 256)]);
      this.parts = [];
      this.kept = 0;
      return;
    }
    this.parts.push(piece);
    this.kept += piece.length;
  }

  endRecord(): RawRecord {
    const record = this.excerpt
      ? oversizeRecord(this.recordLine, this.total, this.maxRecordBytes, this.excerpt)
      : decodeRecord(this.recordLine, Buffer.concat(this.parts, this.kept));
    this.parts = [];
    this.kept = 0;
    this.total = 0;
    this.excerpt = undefined;
    this.inRecord = false;
    this.depth = 0;
    return record;
  }

  startRecord(byte: number): void {
    this.inRecord = true;
    this.recordLine = this.line;
    this.recordIsScalar = byte !== OPEN_BRACE && byte !== OPEN_BRACKET;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
  }

  /** Scans one chunk; returns the records that ended in it. */
  scan(chunk: Buffer, out: RawRecord[]): void {
    this.backslashAt = -2;
    let segment = 0;
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index] as number;
      if (this.inRecord && this.inString) {
        index = this.skipString(chunk, index);
        continue;
      }
      if (byte === NEWLINE) this.line += 1;
      if (!this.inRecord) {
        if (isWhitespace(byte)) continue;
        if (this.mode === "closed") {
          this.reportTrailing(out);
          continue;
        }
        if (this.mode === "start" && byte === OPEN_BRACKET) {
          this.mode = "array";
          continue;
        }
        if (this.mode === "start") this.mode = "sequence";
        if (this.mode === "array" && (byte === COMMA || byte === CLOSE_BRACKET)) {
          if (byte === CLOSE_BRACKET) this.mode = "closed";
          continue;
        }
        this.startRecord(byte);
        segment = index;
      }
      if (byte === QUOTE) {
        this.inString = true;
        continue;
      }
      const ends = this.endsRecord(byte);
      if (ends === "after") {
        this.keep(chunk.subarray(segment, index + 1));
        out.push(this.endRecord());
      } else if (ends === "before") {
        this.keep(chunk.subarray(segment, index));
        out.push(this.endRecord());
        if (byte === CLOSE_BRACKET && this.mode === "array") this.mode = "closed";
        if (byte === NEWLINE) continue;
      }
    }
    if (this.inRecord) this.keep(chunk.subarray(segment));
  }

  /** Moves past string content quickly; returns the index of the last byte consumed. */
  skipString(chunk: Buffer, index: number): number {
    let position = index;
    while (position < chunk.length) {
      if (this.escaped) {
        this.escaped = false;
        position += 1;
        continue;
      }
      const quote = chunk.indexOf(QUOTE, position);
      if (this.backslashAt !== -1 && this.backslashAt < position) {
        this.backslashAt = chunk.indexOf(BACKSLASH, position);
      }
      const backslash = this.backslashAt;
      if (backslash !== -1 && (quote === -1 || backslash < quote)) {
        this.escaped = true;
        position = backslash + 1;
        continue;
      }
      if (quote === -1) return chunk.length - 1;
      this.inString = false;
      return quote;
    }
    return chunk.length - 1;
  }

  endsRecord(byte: number): "after" | "before" | "no" {
    if (this.recordIsScalar) {
      const delimiter = isWhitespace(byte) || byte === COMMA || byte === CLOSE_BRACKET;
      return delimiter ? "before" : "no";
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) this.depth += 1;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      this.depth -= 1;
      if (this.depth === 0) return "after";
    }
    return "no";
  }

  reportTrailing(out: RawRecord[]): void {
    if (this.trailingReported) return;
    this.trailingReported = true;
    out.push({
      line: this.line,
      error: "unexpected content after the closing ] of the JSON array",
    });
  }

  finish(out: RawRecord[]): void {
    if (this.inRecord) {
      const complete = this.recordIsScalar && !this.inString;
      const record = this.endRecord();
      if (complete) out.push(record);
      else
        out.push({
          line: record.line,
          error: "the input ends inside this record (a closing bracket or quote is missing)",
          ...(record.text !== undefined ? { excerpt: record.text.slice(0, 240) } : {}),
        });
    }
    if (this.mode === "array") {
      out.push({ line: this.line, error: "the JSON array is not closed (a final ] is missing)" });
    }
  }
}

export async function* readJsonDocument(
  chunks: AsyncIterable<Buffer>,
  maxRecordBytes = DEFAULT_MAX_RECORD_BYTES,
): AsyncGenerator<RawRecord> {
  const splitter = new DocumentSplitter(maxRecordBytes);
  const ready: RawRecord[] = [];
  for await (const chunk of withoutLeadingBom(chunks)) {
    splitter.scan(chunk, ready);
    yield* ready;
    ready.length = 0;
  }
  splitter.finish(ready);
  yield* ready;
}
