// Where ingest reads from: files, directories (recursively) and standard input; gzip is
// recognised by its magic bytes, the record format by the file name or the first bytes.
import { createReadStream } from "node:fs";
import { opendir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
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

/** How many leading bytes format detection looks at (or all of a shorter input). */
export const SNIFF_BYTES = 64 * 1024;
/**
 * Compressed bytes handed to zlib at a time. Node's zlib drops the output of a write that
 * ends in an error, so this also bounds what a corruption can take with it.
 */
const GUNZIP_SLICE = 16 * 1024;
/** Inflated bytes waiting for the reader before zlib is fed more. */
const GUNZIP_HIGH_WATER = 4 * 1024 * 1024;

/**
 * Reads the first `bytes` bytes (or all of a shorter stream) and returns them, with the whole
 * stream from its start.
 */
export async function peekHead(
  chunks: AsyncIterable<Buffer>,
  bytes: number,
): Promise<{ head: Buffer; all: AsyncGenerator<Buffer> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    taken.push(next.value);
    size += next.value.length;
  }
  const all = async function* (): AsyncGenerator<Buffer> {
    yield* taken;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  };
  return { head: Buffer.concat(taken, size), all: all() };
}

async function* asBuffers(
  raw: AsyncIterable<Buffer | string | Uint8Array>,
  onRawBytes: (bytes: number) => void,
): AsyncGenerator<Buffer> {
  for await (const chunk of raw) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    onRawBytes(buffer.length);
    yield buffer;
  }
}

/**
 * Inflates a gzip stream (several members allowed). Output is taken as zlib makes it, so that
 * when corrupt data comes, everything inflated before it still reaches the reader, then the
 * error is thrown.
 */
async function* gunzipChunks(compressed: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const gunzip = createGunzip();
  const ready: Buffer[] = [];
  let readyBytes = 0;
  let finished = false;
  let failure: Error | undefined;
  let wakeReader: (() => void) | undefined;
  let wakeFeeder: (() => void) | undefined;
  const wake = () => {
    wakeReader?.();
    wakeReader = undefined;
  };
  gunzip.on("data", (chunk: Buffer) => {
    ready.push(chunk);
    readyBytes += chunk.length;
    wake();
  });
  gunzip.on("end", () => {
    finished = true;
    wake();
  });
  gunzip.on("error", (error) => {
    failure ??= error;
    finished = true;
    wake();
  });
  const feed = async () => {
    try {
      for await (const chunk of compressed) {
        for (let offset = 0; offset < chunk.length && !finished; offset += GUNZIP_SLICE) {
          while (readyBytes > GUNZIP_HIGH_WATER && !finished) {
            await new Promise<void>((resolve) => (wakeFeeder = resolve));
          }
          if (!gunzip.write(chunk.subarray(offset, offset + GUNZIP_SLICE))) {
            // Whichever comes first removes both listeners: a long input waits here hundreds
            // of times, and each wait would otherwise leave a "close" listener behind.
            await new Promise<void>((resolve) => {
              const done = () => {
                gunzip.off("drain", done);
                gunzip.off("close", done);
                resolve();
              };
              gunzip.once("drain", done);
              gunzip.once("close", done);
            });
          }
        }
        if (finished) return;
      }
      gunzip.end();
    } catch (error) {
      failure ??= error as Error;
      finished = true;
      wake();
      gunzip.destroy();
    }
  };
  const releaseFeeder = () => {
    wakeFeeder?.();
    wakeFeeder = undefined;
  };
  void feed();
  try {
    for (;;) {
      const chunk = ready.shift();
      if (chunk) {
        readyBytes -= chunk.length;
        if (readyBytes <= GUNZIP_HIGH_WATER) releaseFeeder();
        yield chunk;
        continue;
      }
      if (finished) break;
      await new Promise<void>((resolve) => (wakeReader = resolve));
    }
    if (failure) throw failure;
  } finally {
    // The reader stopped (done, failed or abandoned): stop feeding and close the source.
    finished = true;
    releaseFeeder();
    gunzip.destroy();
  }
}

/** Reads raw bytes, counting them (for progress), then gunzips when the bytes say gzip. */
export async function* decodedChunks(
  raw: AsyncIterable<Buffer | string | Uint8Array>,
  onRawBytes: (bytes: number) => void,
): AsyncGenerator<Buffer> {
  const { head, all } = await peekHead(asBuffers(raw, onRawBytes), 2);
  if (head[0] === 0x1f && head[1] === 0x8b) yield* gunzipChunks(all);
  else yield* all;
}

/** The raw byte stream of a source. */
export function openSource(source: InputSource, stdin: Readable): AsyncIterable<Buffer> {
  if (source.kind === "stdin") return stdin as AsyncIterable<Buffer>;
  if (source.kind === "stream") return source.stream;
  return createReadStream(source.path, { highWaterMark: READ_CHUNK_BYTES });
}
