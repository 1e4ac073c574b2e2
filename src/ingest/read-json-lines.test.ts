// The JSON Lines reader, fed the same bytes cut in every way a stream can cut them: records,
// line numbers and errors must not depend on where the chunks end.
import { describe, expect, it } from "vitest";
import {
  chunkings,
  collect as collectWith,
  readEveryWay as readEveryWayWith,
} from "../../test/support/chunked-reads.js";
import { readJsonLines } from "./read-json-lines.js";

const readEveryWay = (input: string | Buffer, maxRecordBytes?: number) =>
  readEveryWayWith(readJsonLines, input, maxRecordBytes);
const collect = (chunks: readonly Buffer[], maxRecordBytes?: number) =>
  collectWith(readJsonLines, chunks, maxRecordBytes);

describe("readJsonLines", () => {
  it("gives one record per line with its 1-based line number; the last line needs no newline", async () => {
    const records = await readEveryWay('{"a":1}\n{"b":2}\n{"c":3}');
    expect(records).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, text: '{"b":2}' },
      { line: 3, text: '{"c":3}' },
    ]);
  });

  it("skips blank and whitespace-only lines but keeps counting them, and strips CRLF", async () => {
    const records = await readEveryWay('\r\n{"a":1}\r\n\r\n\n   \t \r\n{"b":"x y"}\r\n\r\n');
    expect(records).toEqual([
      { line: 2, text: '{"a":1}' },
      { line: 6, text: '{"b":"x y"}' },
    ]);
  });

  it("yields nothing for empty input or input of blank lines only", async () => {
    expect(await readEveryWay("")).toEqual([]);
    expect(await readEveryWay("\n\r\n  \n\t\n")).toEqual([]);
  });

  it("drops a UTF-8 byte order mark at the start of the input", async () => {
    expect(await readEveryWay('\uFEFF{"a":1}\n{"b":2}\n')).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, text: '{"b":2}' },
    ]);
    // A BOM alone on the first line is a blank line.
    expect(await readEveryWay('\uFEFF\r\n{"a":1}\n')).toEqual([{ line: 2, text: '{"a":1}' }]);
  });

  it("keeps multi-byte characters whole whatever the chunk boundaries", async () => {
    const text = '{"t":"Zürich 東京 القاهرة 🚋 𝒳"}';
    expect(await readEveryWay(`${text}\n${text}`)).toEqual([
      { line: 1, text },
      { line: 2, text },
    ]);
  });

  it("refuses a line over the record limit, naming the limit, and reads the next line", async () => {
    const long = `{"text":"${"a".repeat(90)}"}`; // 101 bytes
    const records = await readEveryWay(`{"a":1}\n${long}\n{"b":2}\n`, 64);
    expect(records).toHaveLength(3);
    expect(records[0]).toEqual({ line: 1, text: '{"a":1}' });
    expect(records[1]?.line).toBe(2);
    expect(records[1]?.text).toBeUndefined();
    expect(records[1]?.error).toBe(
      "record is 101 bytes, over the 64 bytes limit per record (split it, or raise --max-record-bytes)",
    );
    expect(long.startsWith(records[1]?.excerpt ?? "-")).toBe(true);
    expect(records[1]?.excerpt?.length).toBeGreaterThan(0);
    expect(records[2]).toEqual({ line: 3, text: '{"b":2}' });
  });

  it("accepts a line of exactly the limit and refuses one byte more", async () => {
    const exact = `{"t":"${"b".repeat(56)}"}`; // 64 bytes
    const over = `{"t":"${"b".repeat(57)}"}`; // 65 bytes
    const records = await readEveryWay(`${exact}\n${over}\n${exact}`, 64);
    expect(records.map((r) => [r.line, r.text !== undefined])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect(records[1]?.error).toContain("over the 64 bytes limit");
  });

  it("does not count the CR of a CRLF line ending toward the limit", async () => {
    const exact = `{"t":"${"b".repeat(56)}"}`; // 64 bytes
    const records = await readEveryWay(`${exact}\r\n${exact}\r\n`, 64);
    expect(records).toEqual([
      { line: 1, text: exact },
      { line: 2, text: exact },
    ]);
  });

  it("gives the first 240 bytes of an over-limit record as its excerpt, however it was chunked", async () => {
    const long = `{"text":"${"0123456789".repeat(200)}"}`;
    const input = Buffer.from(`${long}\n{"b":2}\n`);
    for (const { label, chunks } of chunkings(input)) {
      const records = await collect(chunks, 1024);
      expect(records[0]?.excerpt, label).toBe(long.slice(0, 240));
      expect(records[0]?.error, label).toBe(
        "record is 2 KiB, over the 1 KiB limit per record (split it, or raise --max-record-bytes)",
      );
      expect(records[1], label).toEqual({ line: 2, text: '{"b":2}' });
    }
  });

  it("refuses an over-limit last line without a newline", async () => {
    const records = await readEveryWay(`{"a":1}\n${"x".repeat(200)}`, 64);
    expect(records).toHaveLength(2);
    expect(records[1]?.line).toBe(2);
    expect(records[1]?.error).toMatch(/^record is 200 bytes, over the 64 bytes limit/);
  });

  it("refuses invalid UTF-8 with the offset of the first bad byte, and reads the next line", async () => {
    const input = Buffer.concat([
      Buffer.from('{"t":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}\n'),
      Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x0d, 0x0a]),
      Buffer.from('{"t":"café"}\n'),
    ]);
    const records = await readEveryWay(input);
    expect(records).toHaveLength(3);
    expect(records[0]?.line).toBe(1);
    expect(records[0]?.text).toBeUndefined();
    expect(records[0]?.error).toContain("UTF-8");
    expect(records[0]?.error).toContain("offset 9");
    expect(records[0]?.excerpt).toBe('{"t":"caf\uFFFD"}');
    expect(records[1]?.line).toBe(2);
    expect(records[1]?.error).toContain("UTF-8");
    expect(records[1]?.error).toContain("offset 0");
    expect(records[2]).toEqual({ line: 3, text: '{"t":"café"}' });
  });

  it("passes through lines that are not JSON untouched: parsing is ingest's job", async () => {
    expect(await readEveryWay('{"a": \nnot json\n[1,2]\n')).toEqual([
      { line: 1, text: '{"a": ' },
      { line: 2, text: "not json" },
      { line: 3, text: "[1,2]" },
    ]);
  });
});
