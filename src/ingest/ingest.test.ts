// Ingest end to end below the CLI: real files and streams into a real SQLite store, with every
// kind of bad input a user can hand us. Good records next to bad ones must always be stored,
// and every refusal must say precisely why and where.
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { gunzipSync, gzipSync, constants as zlibConstants } from "node:zlib";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { manifestInput } from "../../test/support/manifests.js";
import { type OpenedTestStore, sqliteBackend } from "../../test/support/stores.js";
import { normalizeManifest } from "../manifests/normalize.js";
import type { ManifestStore } from "../store/manifest-store.js";
import {
  type IngestOptions,
  type IngestProgress,
  type IngestSummary,
  ingestSources,
} from "./ingest.js";
import { type InputSource, resolveInputs } from "./input-sources.js";
import { MemoryRejects, type Reject } from "./rejects-file.js";

let opened: OpenedTestStore;
let store: ManifestStore;
let dir: string;

beforeEach(async () => {
  opened = await sqliteBackend.open();
  store = opened.store;
  dir = mkdtempSync(join(tmpdir(), "svc-ingest-test-"));
});

afterEach(async () => {
  await opened.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Helpers

type Input = string | Buffer;

/** A file in the test directory, as resolveInputs would give it. */
function fileSource(name: string, content: Input): InputSource & { kind: "file" } {
  const path = join(dir, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, content);
  return { kind: "file", path, name: path, bytes: Buffer.byteLength(content) };
}

function streamSource(name: string, chunks: readonly Input[]): InputSource {
  return {
    kind: "stream",
    name,
    stream: Readable.from(chunks.map((chunk) => Buffer.from(chunk))),
  };
}

/** The bytes cut into chunks of `size` bytes. */
function cut(bytes: Input, size: number): Buffer[] {
  const buffer = Buffer.from(bytes);
  const out: Buffer[] = [];
  for (let at = 0; at < buffer.length; at += size) out.push(buffer.subarray(at, at + size));
  return out;
}

/** One JSON line. */
const jsonLine = (value: unknown) => `${JSON.stringify(value)}\n`;
/** JSON Lines of valid Manifests with these ids. */
const goodLines = (...ids: string[]) => ids.map((id) => jsonLine(manifestInput({ id }))).join("");

interface Run {
  summary: IngestSummary;
  rejects: Reject[];
}

async function ingest(
  sources: readonly InputSource[],
  options: Partial<IngestOptions> = {},
): Promise<Run> {
  const rejects = new MemoryRejects();
  const summary = await ingestSources(sources, {
    store,
    rejects,
    stdin: Readable.from([]),
    ...options,
  });
  return { summary, rejects: rejects.rejects };
}

const counts = (summary: IngestSummary) => ({
  read: summary.read,
  stored: summary.stored,
  duplicates: summary.duplicates,
  rejected: summary.rejected,
  conflicts: summary.conflicts,
});

/** Ids of every stored Manifest, sorted. */
async function storedIds(): Promise<string[]> {
  const all = await store.listManifests({ after: new Date(0), until: new Date(8.64e15) });
  return all.map((manifest) => manifest.id).sort();
}

/** `path: expected …, got …` (or without a path for the record as a whole). */
const REASON_SHAPE = /^(?:[A-Za-z_]\w*(?:\.\w+|\[\d+\])*: )?expected .+, got .+$/s;

/** A deterministic pseudo-random generator (mulberry32), so that "random" bytes are stable. */
function randomBytesSeeded(seed: number, length: number): Buffer {
  let state = seed >>> 0;
  const out = Buffer.alloc(length);
  for (let index = 0; index < length; index++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[index] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

describe("ingest: records that are not JSON", () => {
  it("refuses malformed JSON lines with the parser's reason and stores the good lines around them", async () => {
    const source = fileSource(
      "mixed.jsonl",
      [
        jsonLine(manifestInput({ id: "good-1" })),
        '{"id": "half",\n',
        jsonLine(manifestInput({ id: "good-2" })),
        "not json at all\n",
        "{'single': 'quotes'}\n",
        `${JSON.stringify(manifestInput({ id: "extra-brace" }))}}\n`,
        jsonLine(manifestInput({ id: "good-3" })),
      ].join(""),
    );
    const { summary, rejects } = await ingest([source]);
    expect(counts(summary)).toEqual({
      read: 7,
      stored: 3,
      duplicates: 0,
      rejected: 4,
      conflicts: 0,
    });
    expect(await storedIds()).toEqual(["good-1", "good-2", "good-3"]);
    expect(rejects.map((r) => r.source)).toEqual([2, 4, 5, 6].map((n) => `${source.path}:${n}`));
    expect(rejects.map((r) => r.line)).toEqual([2, 4, 5, 6]);
    for (const reject of rejects) {
      expect(reject.reasons).toHaveLength(1);
      expect(reject.reasons[0]).toMatch(/^not valid JSON: /);
      expect(reject.record).toBeUndefined();
    }
    expect(rejects[0]?.raw).toBe('{"id": "half",');
    expect(rejects[1]?.raw).toBe("not json at all");
  });

  it("stores the good elements of a JSON array around a malformed one", async () => {
    const source = fileSource(
      "array.json",
      `[\n${JSON.stringify(manifestInput({ id: "a" }))},\n{"id": },\n${JSON.stringify(
        manifestInput({ id: "c" }),
        null,
        2,
      )}\n]\n`,
    );
    const { summary, rejects } = await ingest([source]);
    expect(counts(summary)).toEqual({
      read: 3,
      stored: 2,
      duplicates: 0,
      rejected: 1,
      conflicts: 0,
    });
    expect(await storedIds()).toEqual(["a", "c"]);
    expect(rejects).toHaveLength(1);
    expect(rejects[0]).toMatchObject({ source: `${source.path}:3`, line: 3, raw: '{"id": }' });
    expect(rejects[0]?.reasons[0]).toMatch(/^not valid JSON: /);
  });

  it("survives binary garbage in a .jsonl file and stores the good lines before and after it", async () => {
    const garbage = randomBytesSeeded(42, 4096);
    garbage[10] = 0x00;
    garbage[11] = 0xff;
    garbage[12] = 0xfe;
    const source = fileSource(
      "garbage.jsonl",
      Buffer.concat([
        Buffer.from(goodLines("before")),
        garbage,
        Buffer.from("\n"),
        Buffer.from(goodLines("after")),
      ]),
    );
    const { summary, rejects } = await ingest([source]);
    expect(summary.stored).toBe(2);
    expect(await storedIds()).toEqual(["after", "before"]);
    expect(summary.rejected).toBeGreaterThan(0);
    expect(summary.rejected).toBe(rejects.length);
    expect(summary.read).toBe(summary.stored + summary.rejected);
    for (const reject of rejects) {
      expect(reject.source).toBe(`${source.path}:${reject.line}`);
      expect(reject.line).toBeGreaterThan(1);
      expect(reject.reasons).toHaveLength(1);
      expect(reject.reasons[0]).toMatch(/not valid UTF-8|not valid JSON|expected a JSON object/);
    }
    // The garbage holds invalid UTF-8: at least one line is refused for it.
    expect(rejects.some((r) => r.reasons[0]?.includes("UTF-8"))).toBe(true);
  });

  it("survives binary garbage in a .json file and goes on with the next input", async () => {
    const garbage = randomBytesSeeded(7, 8192);
    garbage[0] = 0x00; // never the gzip magic
    garbage[100] = 0xff;
    const bad = fileSource("garbage.json", garbage);
    const good = fileSource("good.jsonl", goodLines("next-file"));
    const { summary, rejects } = await ingest([bad, good]);
    expect(summary.stored).toBe(1);
    expect(await storedIds()).toEqual(["next-file"]);
    expect(summary.rejected).toBeGreaterThan(0);
    expect(rejects.length).toBe(summary.rejected);
    for (const reject of rejects) {
      expect(reject.source.startsWith(bad.path)).toBe(true);
      expect(reject.reasons.length).toBeGreaterThan(0);
      for (const reason of reject.reasons) expect(reason.length).toBeGreaterThan(10);
    }
  });
});

describe("ingest: empty inputs", () => {
  it("reads nothing and refuses nothing from empty, blank and empty-gzip inputs", async () => {
    const sources = [
      fileSource("empty.jsonl", ""),
      fileSource("empty.json", ""),
      fileSource("blank.jsonl", "\n \r\n\t\n   "),
      fileSource("blank.json", "  \n\n\t "),
      fileSource("empty.jsonl.gz", gzipSync(Buffer.alloc(0))),
      fileSource("empty-array.json", "[ ]\n"),
      streamSource("empty-stream", []),
      streamSource("blank-stream", ["\n", "  ", "\r\n"]),
    ];
    const { summary, rejects } = await ingest(sources);
    expect(counts(summary)).toEqual({
      read: 0,
      stored: 0,
      duplicates: 0,
      rejected: 0,
      conflicts: 0,
    });
    expect(summary.sources).toBe(sources.length);
    expect(rejects).toEqual([]);
    expect(await store.countManifests()).toBe(0);
  });
});

describe("ingest: sizes", () => {
  it("refuses a 100 MB line without holding it in memory and stores the line after it", async () => {
    const path = join(dir, "huge.jsonl");
    const out = createWriteStream(path);
    const megabyte = Buffer.alloc(1024 * 1024, "a");
    const write = async (chunk: Input) => {
      if (!out.write(chunk)) await once(out, "drain");
    };
    await write('{"id":"big","text":"');
    for (let index = 0; index < 100; index++) await write(megabyte);
    await write('"}\n');
    await write(goodLines("after-big"));
    out.end();
    await finished(out);

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    let run: Run;
    try {
      run = await ingest([{ kind: "file", path, name: path, bytes: 100 * 1024 * 1024 }]);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);

    expect(counts(run.summary)).toEqual({
      read: 2,
      stored: 1,
      duplicates: 0,
      rejected: 1,
      conflicts: 0,
    });
    expect(await storedIds()).toEqual(["after-big"]);
    const [reject] = run.rejects;
    expect(reject?.source).toBe(`${path}:1`);
    expect(reject?.reasons).toEqual([
      "record is 100 MiB, over the 16 MiB limit per record (split it, or raise --max-record-bytes)",
    ]);
    expect(reject?.raw?.startsWith('{"id":"big","text":"aaaa')).toBe(true);
    expect(reject?.raw?.length).toBeLessThanOrEqual(256);
    expect(peak - before).toBeLessThan(150 * 1024 * 1024);
  });

  it("stores a Manifest with 10 MB of text and gives back the same text and hash", async () => {
    const unit = "Ünïcødé text, 東京 and 🚋 emoji; a line\nand a tab\t. ";
    const text = unit.repeat(Math.ceil((10 * 1024 * 1024) / Buffer.byteLength(unit)));
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(10 * 1024 * 1024);
    const sha = createHash("sha256").update(text, "utf8").digest("hex");
    const source = fileSource(
      "ten.jsonl",
      goodLines("small-1") + jsonLine(manifestInput({ id: "ten-mb", text })) + goodLines("small-2"),
    );
    const { summary, rejects } = await ingest([source]);
    expect(rejects).toEqual([]);
    expect(counts(summary)).toEqual({
      read: 3,
      stored: 3,
      duplicates: 0,
      rejected: 0,
      conflicts: 0,
    });
    const [back] = await store.getManifests(["ten-mb"]);
    expect(back?.text.length).toBe(text.length);
    expect(back?.text === text).toBe(true);
    expect(back?.content_sha256).toBe(sha);
  });

  it("honours a smaller --max-record-bytes", async () => {
    const big = manifestInput({ id: "too-big", text: "x".repeat(5000) });
    const source = fileSource(
      "limit.jsonl",
      goodLines("fits") + jsonLine(big) + goodLines("fits-2"),
    );
    const { summary, rejects } = await ingest([source], { maxRecordBytes: 4096 });
    expect(counts(summary)).toMatchObject({ read: 3, stored: 2, rejected: 1 });
    expect(rejects[0]?.source).toBe(`${source.path}:2`);
    expect(rejects[0]?.reasons[0]).toMatch(
      /^record is 5(\.\d)? KiB, over the 4 KiB limit per record/,
    );
  });
});

// ---------------------------------------------------------------------------------------------

/** Writes one record per line (after a good one) and returns each line's reasons. */
async function reasonsFor(records: readonly unknown[]): Promise<{ run: Run; reasons: string[][] }> {
  const lines = [goodLines("first-good")];
  for (const record of records) lines.push(jsonLine(record));
  lines.push(goodLines("last-good"));
  const source = fileSource("bad-records.jsonl", lines.join(""));
  const run = await ingest([source]);
  // Every bad record is refused, from its own line, and the good ones are stored.
  expect(run.summary.stored).toBe(2);
  expect(await storedIds()).toEqual(["first-good", "last-good"]);
  expect(run.summary.rejected).toBe(records.length);
  expect(run.rejects.map((r) => r.source)).toEqual(
    records.map((_, index) => `${source.path}:${index + 2}`),
  );
  run.rejects.forEach((reject, index) => {
    expect(reject.record).toEqual(records[index]);
  });
  return { run, reasons: run.rejects.map((r) => r.reasons) };
}

describe("ingest: records that are not valid Manifests", () => {
  it("refuses a wrong type in any field with the field's path, what was expected and what came", async () => {
    const withText = (value: unknown) => ({ ...manifestInput(), text: value });
    const cases: Array<[Record<string, unknown>, string]> = [
      [manifestInput({ id: 42 }), "id: expected the Manifest id (a string), got number 42"],
      [
        manifestInput({ url: 7 }),
        "url: expected an absolute http(s) URL of the original source, got number 7",
      ],
      [
        manifestInput({ publisher: { name: "P", domain: "http://x" } }),
        'publisher.domain: expected a domain name such as example.org, got "http://x"',
      ],
      [
        manifestInput({ publisher: { name: 3, domain: "p.example" } }),
        "publisher.name: expected the publisher's name (a string), got number 3",
      ],
      [
        manifestInput({ title: ["a", "b"] }),
        "title: expected the source's title (a string), got an array of 2 items",
      ],
      [withText({}), "text: expected the source's text (a string), got an object"],
      [
        manifestInput({ published_at: 123 }),
        "published_at: expected the publication time as an RFC 3339 date-time string, got number 123",
      ],
      [manifestInput({ tags: "x" }), 'tags: expected a list of tags, got "x"'],
      [manifestInput({ tags: ["ok", 1] }), "tags[1]: expected a tag (a string), got number 1"],
      [
        manifestInput({ language: 5 }),
        "language: expected a BCP 47 language tag (a string), got number 5",
      ],
      [
        manifestInput({ topic: "Bad Topic!" }),
        `topic: expected a topic slug of a-z, 0-9 and '-', got "Bad Topic!"`,
      ],
    ];
    const { reasons } = await reasonsFor(cases.map(([record]) => record));
    expect(reasons).toEqual(cases.map(([, reason]) => [reason]));
    for (const [reason] of reasons) expect(reason).toMatch(REASON_SHAPE);
  });

  it("refuses a record missing a required field, naming the field and saying it is missing", async () => {
    const required = [
      "id",
      "url",
      "title",
      "text",
      "published_at",
      "captured_at",
      "topic",
      "language",
      "provider",
    ];
    const records = required.map((field) => {
      const record = manifestInput({ id: `missing-${field}` });
      delete record[field];
      return record;
    });
    const { reasons } = await reasonsFor(records);
    reasons.forEach((list, index) => {
      const field = required[index] as string;
      expect(list, field).toHaveLength(1);
      expect(list[0], field).toMatch(REASON_SHAPE);
      expect(list[0]?.startsWith(`${field}: expected `), field).toBe(true);
      expect(list[0]?.endsWith(", got nothing (the field is missing)"), field).toBe(true);
    });
  });

  it("accepts a record without the optional fields", async () => {
    const record = manifestInput({ id: "minimal" });
    delete record.tags;
    delete record.content_sha256;
    const { summary, rejects } = await ingest([fileSource("minimal.jsonl", jsonLine(record))]);
    expect(rejects).toEqual([]);
    expect(summary.stored).toBe(1);
  });

  it("refuses a publisher that is not an object, or is missing, in the usual shape", async () => {
    const missing = manifestInput({ id: "no-publisher" });
    delete missing.publisher;
    const { reasons } = await reasonsFor([
      manifestInput({ publisher: "x" }),
      manifestInput({ publisher: null }),
      missing,
    ]);
    expect(reasons[0]).toEqual([expect.stringMatching(/^publisher: expected .+, got "x"$/)]);
    expect(reasons[1]).toEqual([expect.stringMatching(/^publisher: expected .+, got null$/)]);
    expect(reasons[2]).toEqual([
      expect.stringMatching(/^publisher: expected .+, got nothing \(the field is missing\)$/),
    ]);
  });

  it("refuses URLs that are not absolute http(s) URLs", async () => {
    const urls = ["ftp://x.example/a", "not a url", "http://", "https://", "javascript:alert(1)"];
    const { reasons } = await reasonsFor(urls.map((url) => manifestInput({ url })));
    expect(reasons).toEqual(
      urls.map((url) => [
        `url: expected an absolute http(s) URL of the original source, got ${JSON.stringify(url)}`,
      ]),
    );
  });

  it("refuses dates that are not real RFC 3339 instants with a time zone", async () => {
    const dates = [
      "2026-02-30T10:00:00Z",
      "2026-11-21",
      "yesterday",
      "2026-11-21T25:00:00Z",
      "2026-11-21T10:00:00",
      "2026-02-29T10:00:00Z",
    ];
    const records = [
      ...dates.map((published_at) => manifestInput({ published_at })),
      manifestInput({ captured_at: "2026-02-30T10:00:00Z" }),
    ];
    const { reasons } = await reasonsFor(records);
    reasons.forEach((list, index) => {
      const field = index < dates.length ? "published_at" : "captured_at";
      const value = index < dates.length ? dates[index] : "2026-02-30T10:00:00Z";
      // One reason per bad date, not a pair that contradicts itself.
      expect(list, String(value)).toHaveLength(1);
      expect(list[0]).toMatch(REASON_SHAPE);
      expect(list[0]?.startsWith(`${field}: expected the `)).toBe(true);
      expect(list[0]?.endsWith(`, got ${JSON.stringify(value)}`)).toBe(true);
    });
  });

  it("refuses a blank text field with one 'got'", async () => {
    const { reasons } = await reasonsFor([manifestInput({ provider: "" })]);
    expect(reasons[0]).toHaveLength(1);
    expect(reasons[0]?.[0]).toMatch(/^provider: expected .+, got ""$/);
    expect(reasons[0]?.[0]?.match(/got/g)).toHaveLength(1);
  });

  it("refuses a content_sha256 that is not the hash of the text, naming the right hash", async () => {
    const record = manifestInput({ id: "bad-hash", content_sha256: "0".repeat(64) });
    const expected = createHash("sha256")
      .update(record.text as string, "utf8")
      .digest("hex");
    const { reasons } = await reasonsFor([record]);
    expect(reasons).toEqual([
      [`content_sha256: expected the SHA-256 of text (${expected}), got "${"0".repeat(64)}"`],
    ]);
  });

  it("refuses JSON values that are not objects", async () => {
    const values = [42, "str", [1], null, true];
    const { reasons } = await reasonsFor(values);
    expect(reasons).toEqual([
      ["expected a JSON object (a Manifest), got number 42"],
      ['expected a JSON object (a Manifest), got "str"'],
      ["expected a JSON object (a Manifest), got an array of 1 items"],
      ["expected a JSON object (a Manifest), got null"],
      ["expected a JSON object (a Manifest), got boolean true"],
    ]);
  });

  it("refuses Latin-1 bytes inside an otherwise valid record, saying it is not UTF-8", async () => {
    const valid = JSON.stringify(manifestInput({ id: "latin1", title: "cafe" }));
    const [head, tail] = valid.split('"cafe"') as [string, string];
    const bytes = Buffer.concat([
      Buffer.from(goodLines("before")),
      Buffer.from(`${head}"caf`),
      Buffer.from([0xe9]),
      Buffer.from(`"${tail}\n`),
      Buffer.from(goodLines("after")),
    ]);
    const source = fileSource("latin1.jsonl", bytes);
    const { summary, rejects } = await ingest([source]);
    expect(counts(summary)).toEqual({
      read: 3,
      stored: 2,
      duplicates: 0,
      rejected: 1,
      conflicts: 0,
    });
    expect(rejects).toHaveLength(1);
    expect(rejects[0]?.source).toBe(`${source.path}:2`);
    expect(rejects[0]?.reasons).toHaveLength(1);
    expect(rejects[0]?.reasons[0]).toContain("UTF-8");
    expect(rejects[0]?.raw?.startsWith('{"id":"latin1"')).toBe(true);
  });

  it("writes the rejects in input order, whatever refused them", async () => {
    const source = fileSource(
      "order.jsonl",
      Buffer.concat([
        Buffer.from(goodLines("o-1")),
        Buffer.from("{not json\n"),
        Buffer.from([0x7b, 0xff, 0x7d, 0x0a]),
        Buffer.from(`${jsonLine(manifestInput({ id: "o-big", text: "x".repeat(5000) }))}`),
        Buffer.from(jsonLine(manifestInput({ id: "o-5", topic: "Bad!" }))),
      ]),
    );
    const { rejects } = await ingest([source], { maxRecordBytes: 4096 });
    expect(rejects.map((r) => r.line)).toEqual([2, 3, 4, 5]);
  });

  it("refuses a string with an unpaired surrogate, at the field's path", async () => {
    const line = (id: string, field: string, value: string) =>
      `${JSON.stringify(manifestInput({ id, [field]: "PLACEHOLDER" })).replace('"PLACEHOLDER"', value)}\n`;
    const source = fileSource(
      "surrogate.jsonl",
      [
        line("lone-high", "title", '"bad \\ud800 title"'),
        line("lone-low", "title", '"\\udc00"'),
        line("in-extra", "note", '{"deep": ["ok", "x\\ud83d"]}'),
        line("pair-ok", "title", '"emoji \\ud83d\\ude8b ok"'),
      ].join(""),
    );
    const { summary, rejects } = await ingest([source]);
    expect(counts(summary)).toEqual({
      read: 4,
      stored: 1,
      duplicates: 0,
      rejected: 3,
      conflicts: 0,
    });
    const surrogate = "expected well-formed Unicode text, got an unpaired UTF-16 surrogate";
    expect(rejects[0]?.reasons).toEqual([expect.stringMatching(/^title: /)]);
    expect(rejects[0]?.reasons[0]).toContain(surrogate);
    expect(rejects[1]?.reasons).toEqual([expect.stringMatching(/^title: /)]);
    expect(rejects[2]?.reasons).toEqual([expect.stringMatching(/^note\.deep\[1\]: /)]);
    const [pair] = await store.getManifests(["pair-ok"]);
    expect(pair?.title).toBe("emoji 🚋 ok");
  });
});

describe("ingest: unicode", () => {
  it("stores unicode in every field and gives it back byte for byte", async () => {
    const records = [
      manifestInput({
        id: "unicode-1",
        url: "https://bücher.example/straße/東京?q=ü#teil-2",
        publisher: { name: "Ñews 日報 — «Бюллетень» 📰", domain: "bücher.example", 地区: "東京" },
        title: "Zürich: 東京 meets القاهرة and नई दिल्ली 🚋👩🏽‍💻",
        text: "Naïve café — e\u0301 (combining) vs é; 𝒳 math; עברית; 한국어; \u200d zero width.",
        tags: ["日本", "émoji 🎉", "Ελλάδα"],
        language: "zh-Hant-TW",
        provider: "Прова́йдер ☃",
        license: "CC-BY 4.0 © Ünïcødé",
        ключ: "значение",
        "🔑": { ß: [1, "ü", { ǅ: null }] },
      }),
      manifestInput({ id: "unicode-2", title: "ﷺ ‮reversed‬ ︎text", topic: "world" }),
    ];
    const document = manifestInput({ id: "unicode-3", title: "في الجريدة", tags: ["عربي"] });
    const { summary, rejects } = await ingest([
      fileSource("unicode.jsonl", records.map(jsonLine).join("")),
      fileSource("unicode.json", JSON.stringify([document], null, 2)),
    ]);
    expect(rejects).toEqual([]);
    expect(counts(summary)).toEqual({
      read: 3,
      stored: 3,
      duplicates: 0,
      rejected: 0,
      conflicts: 0,
    });
    const inputs = [...records, document];
    const back = await store.getManifests(inputs.map((record) => record.id as string));
    expect(back).toHaveLength(3);
    inputs.forEach((input, index) => {
      const result = normalizeManifest(input);
      if (!result.ok) throw new Error("test record should be valid");
      expect(JSON.stringify(back[index])).toBe(result.prepared.json);
      expect(back[index]).toEqual(input);
    });
    // No Unicode normalisation: the combining sequence is kept as it came.
    expect(back[0]?.text.includes("e\u0301")).toBe(true);
  });
});

describe("ingest: duplicates and conflicts", () => {
  it("counts the same record again as a duplicate, in the same file and in a later run", async () => {
    const record = manifestInput({ id: "twice" });
    const source = fileSource(
      "twice.jsonl",
      jsonLine(record) + goodLines("other") + jsonLine({ ...record }),
    );
    const first = await ingest([source]);
    expect(counts(first.summary)).toEqual({
      read: 3,
      stored: 2,
      duplicates: 1,
      rejected: 0,
      conflicts: 0,
    });
    const second = await ingest([source]);
    expect(counts(second.summary)).toEqual({
      read: 3,
      stored: 0,
      duplicates: 3,
      rejected: 0,
      conflicts: 0,
    });
    expect(await store.countManifests()).toBe(2);
  });

  it("treats the same content with other key order or without the hash as a duplicate", async () => {
    const record = manifestInput({ id: "reordered" });
    const reordered = Object.fromEntries(Object.entries(record).reverse());
    const { content_sha256: _, ...withoutHash } = record;
    const { summary } = await ingest([
      fileSource("order.jsonl", [record, reordered, withoutHash].map(jsonLine).join("")),
    ]);
    expect(counts(summary)).toMatchObject({ stored: 1, duplicates: 2, conflicts: 0 });
  });

  it("reports the same id with other content as a conflict and keeps the stored record", async () => {
    const original = manifestInput({ id: "contested", title: "Original title" });
    const changed = manifestInput({ id: "contested", title: "Changed title" });
    const first = fileSource("first.jsonl", jsonLine(original));
    const second = fileSource(
      "second.jsonl",
      goodLines("filler-1", "filler-2") + jsonLine(changed),
    );
    await ingest([first]);
    const { summary, rejects } = await ingest([second]);
    expect(rejects).toEqual([]);
    expect(counts(summary)).toEqual({
      read: 3,
      stored: 2,
      duplicates: 0,
      rejected: 0,
      conflicts: 1,
    });
    expect(summary.conflictExamples).toHaveLength(1);
    expect(summary.conflictExamples[0]).toMatchObject({
      id: "contested",
      source: `${second.path}:3`,
    });
    const [kept] = await store.getManifests(["contested"]);
    expect(kept?.title).toBe("Original title");
    const conflicts = await store.listConflicts(10);
    expect(conflicts.map((c) => [c.id, c.source])).toEqual([["contested", `${second.path}:3`]]);
  });

  it("reports a conflict inside one file against the record seen first", async () => {
    const source = fileSource(
      "same-file.jsonl",
      jsonLine(manifestInput({ id: "x", title: "One" })) +
        goodLines("y") +
        jsonLine(manifestInput({ id: "x", title: "Two" })),
    );
    const { summary } = await ingest([source], { batchSize: 1 });
    expect(counts(summary)).toMatchObject({ stored: 2, conflicts: 1 });
    expect(summary.conflictExamples[0]?.source).toBe(`${source.path}:3`);
    expect((await store.getManifests(["x"]))[0]?.title).toBe("One");

    // The same within one batch.
    const again = fileSource(
      "same-batch.jsonl",
      jsonLine(manifestInput({ id: "z", title: "One" })) +
        jsonLine(manifestInput({ id: "z", title: "Two" })),
    );
    const second = await ingest([again]);
    expect(counts(second.summary)).toMatchObject({ stored: 1, conflicts: 1 });
    expect(second.summary.conflictExamples[0]?.source).toBe(`${again.path}:2`);
    expect((await store.getManifests(["z"]))[0]?.title).toBe("One");
  });
});

describe("ingest: new topics", () => {
  it("lists topics that are neither configured nor already stored, once each, sorted", async () => {
    await ingest([fileSource("seed.jsonl", jsonLine(manifestInput({ id: "s0", topic: "sport" })))]);
    const source = fileSource(
      "topics.jsonl",
      [
        manifestInput({ id: "t1", topic: "world" }),
        manifestInput({ id: "t2", topic: "science" }),
        manifestInput({ id: "t3", topic: "zoology" }),
        manifestInput({ id: "t4", topic: "astronomy" }),
        manifestInput({ id: "t5", topic: "zoology" }),
        manifestInput({ id: "t6", topic: "sport" }),
        manifestInput({ id: "t7", topic: "Bad Topic!" }),
        manifestInput({ id: "s0", topic: "conflicting-topic" }),
      ]
        .map(jsonLine)
        .join(""),
    );
    const { summary } = await ingest([source], { configuredTopics: ["world", "science"] });
    expect(counts(summary)).toMatchObject({ stored: 6, rejected: 1, conflicts: 1 });
    // sport is in the store already; a refused record or a conflict makes no newsroom.
    expect(summary.newTopics).toEqual(["astronomy", "zoology"]);
    const again = await ingest([fileSource("again.jsonl", goodLines("t8"))], {
      configuredTopics: [],
    });
    expect(again.summary.newTopics).toEqual([]);
  });
});

describe("ingest: gzip", () => {
  it("reads gzipped JSON Lines and JSON documents, and a gzip stream recognised by its bytes", async () => {
    const lines = goodLines("gz-1", "gz-2", "gz-3");
    const document = JSON.stringify(
      [manifestInput({ id: "gz-doc-1" }), manifestInput({ id: "gz-doc-2" })],
      null,
      2,
    );
    const streamed = gzipSync(goodLines("gz-stream-1", "gz-stream-2"));
    const streamedDocument = JSON.stringify(
      [manifestInput({ id: "gz-stream-doc-1" }), manifestInput({ id: "gz-stream-doc-2" })],
      null,
      2,
    );
    const { summary, rejects } = await ingest([
      fileSource("a.jsonl.gz", gzipSync(lines)),
      fileSource("b.json.gz", gzipSync(document)),
      streamSource("upload", cut(streamed, 1)),
      streamSource("upload-2", cut(gzipSync(streamedDocument), 5)),
    ]);
    expect(rejects).toEqual([]);
    expect(counts(summary)).toEqual({
      read: 9,
      stored: 9,
      duplicates: 0,
      rejected: 0,
      conflicts: 0,
    });
    expect(await storedIds()).toEqual(
      [
        "gz-1",
        "gz-2",
        "gz-3",
        "gz-doc-1",
        "gz-doc-2",
        "gz-stream-1",
        "gz-stream-2",
        "gz-stream-doc-1",
        "gz-stream-doc-2",
      ].sort(),
    );
  });

  it("keeps the line numbers of the decompressed text in reasons", async () => {
    const source = fileSource("lines.ndjson.gz", gzipSync(`${goodLines("ok")}\n{bad\n`));
    const { rejects } = await ingest([source]);
    expect(rejects.map((r) => r.source)).toEqual([`${source.path}:3`]);
  });

  it("refuses a corrupt gzip (a valid header, then garbage) with one reject, without throwing", async () => {
    const header = gzipSync(goodLines("never")).subarray(0, 10);
    const corrupt = fileSource("corrupt.jsonl.gz", Buffer.concat([header, Buffer.alloc(64, 0xff)]));
    const good = fileSource("good.jsonl", goodLines("after-corrupt"));
    const { summary, rejects } = await ingest([corrupt, good]);
    expect(summary.stored).toBe(1);
    expect(await storedIds()).toEqual(["after-corrupt"]);
    expect(summary.unreadable).toBe(1);
    expect(rejects).toHaveLength(1);
    expect(rejects[0]?.source).toBe(corrupt.path);
    expect(rejects[0]?.reasons).toEqual([
      expect.stringMatching(/^the input could not be read to the end: /),
    ]);
  });

  it("stores the records of a truncated gzip up to the cut, and refuses the rest once", async () => {
    const ids = Array.from({ length: 3000 }, (_, index) => `cut-${index}`);
    const whole = gzipSync(goodLines(...ids));
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    // What a reader that stops at the cut can see: the complete lines before it.
    const readable = gunzipSync(truncated, { finishFlush: zlibConstants.Z_SYNC_FLUSH }).toString();
    const complete = readable.split("\n").length - 1;
    expect(complete).toBeGreaterThan(100);
    const source = fileSource("truncated.jsonl.gz", truncated);
    const { summary, rejects } = await ingest([source]);
    expect(summary.stored).toBe(complete);
    expect(summary.unreadable).toBe(1);
    expect(rejects[0]).toMatchObject({ source: source.path, line: 0 });
    expect(rejects[0]?.reasons[0]).toMatch(/^the input could not be read to the end: /);
    expect(await storedIds()).toEqual(ids.slice(0, complete).sort());
  });

  it("stores the records inflated before a corruption point of a gzip file", async () => {
    // zlib drops the output of the write that fails; ingest feeds it 16 KiB at a time, so at
    // most the records of the last 16 KiB of compressed input before the corruption are lost.
    const ids = Array.from({ length: 3000 }, (_, index) => `intact-${index}`);
    const intact = gzipSync(goodLines(...ids), { level: 0 });
    const source = fileSource(
      "intact-then-garbage.jsonl.gz",
      Buffer.concat([intact, intact.subarray(0, 10), Buffer.alloc(64, 0xff)]),
    );
    const { summary, rejects } = await ingest([source]);
    expect(rejects).toHaveLength(1);
    expect(summary.unreadable).toBe(1);
    const perRecord = intact.length / ids.length;
    expect(summary.stored).toBeGreaterThanOrEqual(
      ids.length - Math.ceil((16 * 1024) / perRecord) - 1,
    );
    expect(await storedIds()).toEqual(ids.slice(0, summary.stored).sort());
  });
});

describe("ingest: format detection", () => {
  const prettyElement = (id: string) => JSON.stringify(manifestInput({ id }), null, 2);

  it("reads a stream starting with [ as a JSON array, with the lines where elements start", async () => {
    const text = `[\n${prettyElement("arr-1")},\n{"id": "broken",\n "x": }\n]\n`;
    const lineOfBroken = text.slice(0, text.indexOf('{"id": "broken"')).split("\n").length;
    for (const size of [1, 3, 1024 * 1024]) {
      const { summary, rejects } = await ingest([streamSource("upload", cut(text, size))]);
      expect(counts(summary), `chunks of ${size}`).toMatchObject({ read: 2, rejected: 1 });
      expect(rejects[0]?.source).toBe(`upload:${lineOfBroken}`);
    }
    expect(await storedIds()).toEqual(["arr-1"]);
  });

  it("reads a stream whose first line is { as one pretty-printed document", async () => {
    const text = `${prettyElement("pretty-1")}\n${prettyElement("pretty-2")}\n`;
    const { summary, rejects } = await ingest([streamSource("pasted", [text])]);
    expect(rejects).toEqual([]);
    expect(counts(summary)).toMatchObject({ read: 2, stored: 2 });
  });

  it("reads other streams as JSON Lines, one record per line", async () => {
    const text = `${goodLines("jl-1")}{"not": "closed"\n${goodLines("jl-2")}`;
    const { summary, rejects } = await ingest([streamSource("piped", cut(text, 2))]);
    expect(counts(summary)).toMatchObject({ read: 3, stored: 2, rejected: 1 });
    expect(rejects[0]?.source).toBe("piped:2");
    expect(rejects[0]?.reasons[0]).toMatch(/^not valid JSON/);
  });

  it("recognises a JSON array after a byte order mark", async () => {
    const text = `\uFEFF[${JSON.stringify(manifestInput({ id: "bom-1" }))}]`;
    const { summary, rejects } = await ingest([streamSource("bom", [text])]);
    expect(rejects).toEqual([]);
    expect(summary.stored).toBe(1);
  });

  it("lets the format option override the file name", async () => {
    const source = fileSource("actually-lines.json", goodLines("f-1", "f-2"));
    const { summary } = await ingest([source], { format: "jsonl" });
    expect(counts(summary)).toMatchObject({ read: 2, stored: 2, rejected: 0 });
  });

  it("detects a JSON array whatever the size of the stream's first chunk", async () => {
    const text = `\n\n[\n${prettyElement("late-1")},\n${prettyElement("late-2")}\n]\n`;
    const { summary, rejects } = await ingest([streamSource("slow", cut(text, 2))]);
    expect(rejects).toEqual([]);
    expect(summary.stored).toBe(2);
  });
});

describe("ingest: directories", () => {
  it("ingests the record files of a directory tree in sorted order and lists what it skipped", async () => {
    const root = join(dir, "tree");
    fileSource("tree/b.jsonl", goodLines("d-b"));
    fileSource("tree/a/z.json", JSON.stringify([manifestInput({ id: "d-az" })]));
    fileSource("tree/a/m.ndjson.gz", gzipSync(goodLines("d-am")));
    fileSource("tree/A.JSONL", goodLines("d-A"));
    fileSource("tree/a/deeper/x.jsonl", goodLines("d-adx"));
    fileSource("tree/notes.txt", "not records");
    fileSource("tree/a/readme.md", "# not records");
    fileSource("tree/c.json.bak", "[]");
    const { sources, skipped } = await resolveInputs([root]);
    expect(sources.map((s) => s.name)).toEqual(
      ["A.JSONL", "a/deeper/x.jsonl", "a/m.ndjson.gz", "a/z.json", "b.jsonl"].map((p) =>
        join(root, p),
      ),
    );
    expect(sources.every((s) => s.kind === "file")).toBe(true);
    expect([...skipped].sort()).toEqual(
      ["a/readme.md", "c.json.bak", "notes.txt"].map((p) => join(root, p)).sort(),
    );
    const { summary, rejects } = await ingest(sources);
    expect(rejects).toEqual([]);
    expect(counts(summary)).toMatchObject({ read: 5, stored: 5 });
    expect(summary.sources).toBe(5);
    expect(await storedIds()).toEqual(["d-A", "d-adx", "d-am", "d-az", "d-b"]);
  });

  it("fails on a missing path before reading anything, naming the path", async () => {
    const good = fileSource("present.jsonl", goodLines("present"));
    const missing = join(dir, "missing.jsonl");
    await expect(resolveInputs([good.path, missing])).rejects.toMatchObject({
      code: "input_not_found",
      message: expect.stringContaining(missing),
    });
    expect(await store.countManifests()).toBe(0);
  });

  it("gives - as standard input", async () => {
    const { sources } = await resolveInputs(["-"]);
    expect(sources).toEqual([{ kind: "stdin", name: "stdin" }]);
    const { summary, rejects } = await ingest(sources, {
      stdin: Readable.from([Buffer.from(`${goodLines("in-1")}{bad\n`)]),
    });
    expect(counts(summary)).toMatchObject({ read: 2, stored: 1, rejected: 1 });
    expect(rejects[0]?.source).toBe("stdin:2");
  });
});

describe("ingest: batches and progress", () => {
  it("stores every record in batches of the given size and reports growing progress", async () => {
    const ids = Array.from({ length: 10 }, (_, index) => `batch-${index}`);
    const batchSizes: number[] = [];
    const insert = store.insertManifests.bind(store);
    store.insertManifests = async (batch) => {
      batchSizes.push(batch.length);
      return insert(batch);
    };
    const progress: IngestProgress[] = [];
    const source = fileSource("ten.jsonl", goodLines(...ids));
    const { summary } = await ingest([source], {
      batchSize: 3,
      onProgress: (update) => progress.push({ ...update }),
    });
    expect(counts(summary)).toEqual({
      read: 10,
      stored: 10,
      duplicates: 0,
      rejected: 0,
      conflicts: 0,
    });
    expect(await storedIds()).toEqual([...ids].sort());
    expect(batchSizes).toEqual([3, 3, 3, 1]);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)?.stored).toBe(10);
    for (let index = 1; index < progress.length; index++) {
      const previous = progress[index - 1] as IngestProgress;
      const update = progress[index] as IngestProgress;
      expect(update.stored).toBeGreaterThanOrEqual(previous.stored);
      expect(update.read).toBeGreaterThanOrEqual(previous.read);
      expect(update.bytesRead).toBeGreaterThanOrEqual(previous.bytesRead);
    }
    expect(progress.some((p) => p.stored > 0 && p.stored < 10)).toBe(true);
    expect(progress.at(-1)?.bytesRead).toBe(source.bytes);
    expect(progress.every((p) => p.source === source.path)).toBe(true);
  });

  it("keeps input order across many validation and store batches", async () => {
    const lines: string[] = [];
    const expectedRejectLines: number[] = [];
    for (let index = 0; index < 2500; index++) {
      if (index % 10 === 3) {
        lines.push(`{"id": "w-${index}", bad json\n`);
        expectedRejectLines.push(index + 1);
      } else if (index % 10 === 7) {
        lines.push(jsonLine(manifestInput({ id: `w-${index}`, topic: "Bad!" })));
        expectedRejectLines.push(index + 1);
      } else {
        lines.push(goodLines(`w-${index}`));
      }
    }
    lines.push(jsonLine(manifestInput({ id: "w-0", title: "Other content" })));
    const source = fileSource("workers.jsonl", lines.join(""));
    const { summary, rejects } = await ingest([source], { batchSize: 100 });
    expect(counts(summary)).toEqual({
      read: 2501,
      stored: 2000,
      duplicates: 0,
      rejected: 500,
      conflicts: 1,
    });
    expect(rejects.map((r) => r.line)).toEqual(expectedRejectLines);
    expect(rejects.map((r) => r.source)).toEqual(
      expectedRejectLines.map((line) => `${source.path}:${line}`),
    );
    expect(rejects[0]?.reasons[0]).toMatch(/^not valid JSON/);
    expect(rejects[1]?.reasons).toEqual([
      `topic: expected a topic slug of a-z, 0-9 and '-', got "Bad!"`,
    ]);
    expect(summary.conflictExamples.map((c) => c.source)).toEqual([`${source.path}:2501`]);
    expect(await store.countManifests()).toBe(2000);
  });

  it("does not turn a store failure into a refused input", async () => {
    const ids = Array.from({ length: 3000 }, (_, index) => `busy-${index}`);
    const insert = store.insertManifests.bind(store);
    let calls = 0;
    store.insertManifests = async (batch) => {
      calls += 1;
      if (calls === 2) throw new Database.SqliteError("database is locked", "SQLITE_BUSY");
      return insert(batch);
    };
    const rejects = new MemoryRejects();
    const outcome = await ingestSources([fileSource("busy.jsonl", goodLines(...ids))], {
      store,
      rejects,
      stdin: Readable.from([]),
      batchSize: 500,
    }).then(
      (summary) => ({ summary }),
      (error: Error) => ({ error }),
    );
    expect(rejects.rejects).toEqual([]);
    // Either the failure reaches the caller, or (after a retry) every record is stored.
    if ("summary" in outcome) expect(await store.countManifests()).toBe(3000);
    else expect(outcome.error.message).toBe("database is locked");
  });
});

describe("ingest: validation worker threads", () => {
  it("gives the same outcome, rejects and order with 2 workers as on the main thread", async () => {
    const lines: string[] = [];
    for (let index = 0; index < 2500; index++) {
      lines.push(
        index % 97 === 0
          ? JSON.stringify(manifestInput({ id: `w-${index}`, url: "not a url" }))
          : JSON.stringify(manifestInput({ id: `w-${index}` })),
      );
    }
    lines.splice(1200, 0, "{broken");
    const text = `${lines.join("\n")}\n`;
    const inline = await ingest([streamSource("workers", [text])], { workers: 0, batchSize: 300 });
    const inlineIds = await storedIds();
    const other = await sqliteBackend.open();
    const previous = store;
    store = other.store;
    try {
      const threaded = await ingest([streamSource("workers", cut(text, 4096))], {
        workers: 2,
        batchSize: 300,
      });
      expect(counts(threaded.summary)).toEqual(counts(inline.summary));
      expect(threaded.rejects).toEqual(inline.rejects);
      expect(await storedIds()).toEqual(inlineIds);
    } finally {
      store = previous;
      await other.cleanup();
    }
  });
});
