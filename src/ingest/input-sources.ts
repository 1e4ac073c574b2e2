// Where ingest reads from: files, directories (recursively) and standard input; gzip is
// recognised by its magic bytes, the record format by the file name or the first bytes.
import { createReadStream } from "node:fs";
import { opendir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { createGunzip } from "node:zlib";
import { SvcError } from "../errors.js";

export type InputFormat = "json" | "jsonl";
export type FormatChoice = InputFormat | "auto";

export type InputSource =
  | { kind: "file"; path: string; name: string; bytes: number }
  | { kind: "stdin"; name: "stdin" }
  | { kind: "stream"; name: string; stream: AsyncIterable<Buffer> };

const RECORD_FILE = /\.(json|jsonl|ndjson)(\.gz)?$/i;
const READ_CHUNK_BYTES = 1024 * 1024;

async function walkDirectory(dir: string, found: string[], skipped: string[]): Promise<void> {
  const entries = [];
  for await (const entry of await opendir(dir)) entries.push(entry);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walkDirectory(path, found, skipped);
    else if ((entry.isFile() || entry.isSymbolicLink()) && RECORD_FILE.test(entry.name))
      found.push(path);
    else skipped.push(path);
  }
}

/**
 * Expands the command line's paths: `-` is standard input, a directory gives every
 * .json/.jsonl/.ndjson file below it (also gzipped), sorted. A missing path fails before any
 * record is read, so that a typo never half-ingests.
 */
export async function resolveInputs(
  paths: readonly string[],
): Promise<{ sources: InputSource[]; skipped: string[] }> {
  const sources: InputSource[] = [];
  const skipped: string[] = [];
  for (const path of paths) {
    if (path === "-") {
      sources.push({ kind: "stdin", name: "stdin" });
      continue;
    }
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
      throw new SvcError(
        "input_not_found",
        `cannot read ${path}: ${error.code === "ENOENT" ? "no such file or directory" : error.message}`,
        "check the path; use - to read standard input",
      );
    });
    if (info.isDirectory()) {
      const files: string[] = [];
      await walkDirectory(path, files, skipped);
      for (const file of files) {
        const size = await stat(file).then(
          (s) => s.size,
          () => 0,
        );
        sources.push({ kind: "file", path: file, name: file, bytes: size });
      }
    } else {
      sources.push({ kind: "file", path, name: path, bytes: info.size });
    }
  }
  return { sources, skipped };
}

/** Chooses the record format: the flag, else the file name, else the first bytes. */
export function detectFormat(choice: FormatChoice, name: string, firstBytes: Buffer): InputFormat {
  if (choice !== "auto") return choice;
  const plain = name.replace(/\.gz$/i, "");
  if (/\.(jsonl|ndjson)$/i.test(plain)) return "jsonl";
  if (/\.json$/i.test(plain)) return "json";
  const head = firstBytes
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (head.startsWith("[")) return "json";
  const firstLine = head.split("\n", 1)[0]?.trim() ?? "";
  return firstLine === "{" ? "json" : "jsonl";
}

/** Reads raw bytes, counting them (for progress), then gunzips when the bytes say gzip. */
export async function* decodedChunks(
  raw: AsyncIterable<Buffer>,
  onRawBytes: (bytes: number) => void,
): AsyncGenerator<Buffer> {
  const iterator = raw[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < 2) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    onRawBytes(chunk.length);
    head.push(chunk);
    headBytes += chunk.length;
  }
  const first = Buffer.concat(head);
  const rest = async function* (): AsyncGenerator<Buffer> {
    if (first.length > 0) yield first;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      onRawBytes(chunk.length);
      yield chunk;
    }
  };
  if (first[0] === 0x1f && first[1] === 0x8b) {
    const gunzip = createGunzip({ chunkSize: 256 * 1024 });
    pipeline(rest(), gunzip, () => undefined);
    yield* gunzip as AsyncIterable<Buffer>;
    return;
  }
  yield* rest();
}

/** The raw byte stream of a source. */
export function openSource(source: InputSource, stdin: Readable): AsyncIterable<Buffer> {
  if (source.kind === "stdin") return stdin as AsyncIterable<Buffer>;
  if (source.kind === "stream") return source.stream;
  return createReadStream(source.path, { highWaterMark: READ_CHUNK_BYTES });
}
