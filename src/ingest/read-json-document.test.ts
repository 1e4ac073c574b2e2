// The JSON document reader, fed the same bytes cut in every way a stream can cut them: the
// records of an array or of a sequence of values, their start lines and the errors must not
// depend on where the chunks end.
import { describe, expect, it } from "vitest";
import type { RawRecord } from "./raw-record.js";
import {
  collect as collectWith,
  essentials,
  readEveryWay as readEveryWayWith,
} from "../../test/support/chunked-reads.js";
import { readJsonDocument } from "./read-json-document.js";

const readEveryWay = (input: string | Buffer, maxRecordBytes?: number) =>
  readEveryWayWith(readJsonDocument, input, maxRecordBytes);
const collect = (chunks: readonly Buffer[], maxRecordBytes?: number) =>
  collectWith(readJsonDocument, chunks, maxRecordBytes);

/** The texts of the records, parsed: what ingest will see. */
const parsedTexts = (records: RawRecord[]) =>
  records.map((record) => JSON.parse(record.text ?? "undefined") as unknown);

describe("readJsonDocument", () => {
  it("gives each element of a top-level array with the line where it starts", async () => {
    const input = [
      "[",
      '  {"id": "a",',
      '   "n": 1},',
      "  {",
      '    "id": "b"',
      '  }, {"id": "c"}',
      "]",
      "",
    ].join("\n");
    const records = await readEveryWay(input);
    expect(records).toEqual([
      { line: 2, text: '{"id": "a",\n   "n": 1}' },
      { line: 4, text: '{\n    "id": "b"\n  }' },
      { line: 6, text: '{"id": "c"}' },
    ]);
  });

  it("counts CRLF line endings once", async () => {
    const records = await readEveryWay('[\r\n{"a":1},\r\n\r\n{"b":2}\r\n]\r\n');
    expect(essentials(records)).toEqual([
      { line: 2, text: '{"a":1}', error: undefined },
      { line: 4, text: '{"b":2}', error: undefined },
    ]);
  });

  it("is not fooled by brackets, braces, commas, quotes and backslashes inside strings", async () => {
    const tricky = { s: 'a\\"]}{,', t: "[[{", u: "\\", v: '"', w: "}]", x: '\\\\"\\' };
    const input = `[${JSON.stringify(tricky)},${JSON.stringify({ s: '"a\\\\\\"]}{,"' })},{"z":"]"}]`;
    const records = await readEveryWay(input);
    expect(parsedTexts(records)).toEqual([tricky, { s: '"a\\\\\\"]}{,"' }, { z: "]" }]);
    // The literal example: a string holding an escaped quote, then ] } { and a comma.
    const literal = await readEveryWay('[{"a":"a\\\\\\"]}{,"},{"b":1}]');
    expect(parsedTexts(literal)).toEqual([{ a: 'a\\"]}{,' }, { b: 1 }]);
  });

  it("gives a malformed element as its own record and goes on with the next ones", async () => {
    const records = await readEveryWay('[\n{"id":"a"},\n{"a": },\n{"id":"c"}\n]');
    expect(records).toEqual([
      { line: 2, text: '{"id":"a"}' },
      { line: 3, text: '{"a": }' },
      { line: 4, text: '{"id":"c"}' },
    ]);
  });

  it("reads a single pretty-printed object as one record", async () => {
    const value = { id: "one", publisher: { name: "P", domain: "p.example" }, tags: ["a", "b"] };
    const input = `\n${JSON.stringify(value, null, 2)}\n`;
    const records = await readEveryWay(input);
    expect(records).toHaveLength(1);
    expect(records[0]?.line).toBe(2);
    expect(parsedTexts(records)).toEqual([value]);
  });

  it("reads several objects one after another, with or without separators", async () => {
    const records = await readEveryWay('{"a":1}{"b":2}\n\n  {\n"c":3\n}\n{"d":[4]}');
    expect(records).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 1, text: '{"b":2}' },
      { line: 3, text: '{\n"c":3\n}' },
      { line: 6, text: '{"d":[4]}' },
    ]);
  });

  it("gives scalar elements as records (ingest refuses them later)", async () => {
    const records = await readEveryWay('[1, "x", null,true,\n-2.5e3 ,"a, ]b"]');
    expect(records).toEqual([
      { line: 1, text: "1" },
      { line: 1, text: '"x"' },
      { line: 1, text: "null" },
      { line: 1, text: "true" },
      { line: 2, text: "-2.5e3" },
      { line: 2, text: '"a, ]b"' },
    ]);
  });

  it("keeps arrays nested inside elements, and arrays as elements, whole", async () => {
    const records = await readEveryWay('[{"a":[1,[2,[3]],{"b":[]}]}, [[4], {"c": [5]}], []]');
    expect(parsedTexts(records)).toEqual([{ a: [1, [2, [3]], { b: [] }] }, [[4], { c: [5] }], []]);
  });

  it("yields nothing for an empty array or an empty document", async () => {
    expect(await readEveryWay("[]")).toEqual([]);
    expect(await readEveryWay(" [ \n ] \n")).toEqual([]);
    expect(await readEveryWay("")).toEqual([]);
    expect(await readEveryWay(" \r\n\t\n")).toEqual([]);
  });

  it("reports an array that is not closed, after the elements it did hold", async () => {
    const records = await readEveryWay('[\n{"a":1},\n{"b":2}\n');
    expect(essentials(records.slice(0, 2))).toEqual([
      { line: 2, text: '{"a":1}', error: undefined },
      { line: 3, text: '{"b":2}', error: undefined },
    ]);
    expect(records).toHaveLength(3);
    expect(records[2]?.text).toBeUndefined();
    expect(records[2]?.error).toContain("not closed");
  });

  it("reports an unterminated string at the end of the input as an error", async () => {
    const records = await readEveryWay('[{"a":1},\n{"b": "never closed');
    expect(records[0]).toEqual({ line: 1, text: '{"a":1}' });
    const errors = records.slice(1);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    for (const record of errors) expect(record.text).toBeUndefined();
    expect(errors[0]?.line).toBe(2);
    expect(errors[0]?.error).toContain("the input ends inside this record");
  });

  it("reports an unclosed object at the end of a sequence of objects", async () => {
    const records = await readEveryWay('{"a":1}\n{"b": {"c": 2}\n');
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual({ line: 1, text: '{"a":1}' });
    expect(records[1]?.line).toBe(2);
    expect(records[1]?.error).toContain("the input ends inside this record");
  });

  it("reports trailing content after the closing ] once", async () => {
    const records = await readEveryWay('[{"a":1}]\n garbage, {"b":2} ] more\n');
    expect(records).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, error: "unexpected content after the closing ] of the JSON array" },
    ]);
  });

  it("accepts whitespace after the closing ]", async () => {
    expect(await readEveryWay('[{"a":1}]\n\n  \r\n')).toEqual([{ line: 1, text: '{"a":1}' }]);
  });

  it("refuses an element over the record limit and goes on with the next one", async () => {
    const big = `{"text":"${"a".repeat(100)}"}`; // 111 bytes
    const records = await readEveryWay(`[{"a":1},\n${big},\n{"b":2}]`, 64);
    expect(records).toHaveLength(3);
    expect(records[0]).toEqual({ line: 1, text: '{"a":1}' });
    expect(records[1]?.line).toBe(2);
    expect(records[1]?.text).toBeUndefined();
    expect(records[1]?.error).toBe(
      "record is 111 bytes, over the 64 bytes limit per record (split it, or raise --max-record-bytes)",
    );
    expect(big.startsWith(records[1]?.excerpt ?? "-")).toBe(true);
    expect(records[2]).toEqual({ line: 3, text: '{"b":2}' });
  });

  it("refuses an element with invalid UTF-8, naming UTF-8, and goes on", async () => {
    const input = Buffer.concat([
      Buffer.from('[{"t":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"},\n{"t":"caf\xc3\xa9"}]', "latin1"),
    ]);
    const records = await readEveryWay(input);
    expect(records).toHaveLength(2);
    expect(records[0]?.line).toBe(1);
    expect(records[0]?.text).toBeUndefined();
    expect(records[0]?.error).toContain("UTF-8");
    expect(records[1]).toEqual({ line: 2, text: '{"t":"café"}' });
  });

  it("keeps multi-byte characters whole whatever the chunk boundaries", async () => {
    const value = { t: "Zürich 東京 القاهرة 🚋 𝒳", "ключ🔑": ["ß"] };
    const records = await readEveryWay(`[${JSON.stringify(value)},\n${JSON.stringify(value)}]`);
    expect(parsedTexts(records)).toEqual([value, value]);
    expect(records.map((r) => r.line)).toEqual([1, 2]);
  });

  it("drops a byte order mark at the start of the document (one chunk)", async () => {
    const records = await collect([Buffer.from('\uFEFF[{"a":1},\n{"b":2}]')]);
    expect(records).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, text: '{"b":2}' },
    ]);
  });

  it("drops a byte order mark at the start of the document, however it is chunked", async () => {
    const records = await readEveryWay('\uFEFF[{"a":1},\n{"b":2}]');
    expect(records).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, text: '{"b":2}' },
    ]);
  });
});
