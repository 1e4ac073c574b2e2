// One servable file in memory: its bytes, gzip and brotli copies made once at load, and the
// complete header list of each reply, so a request costs a map lookup and one write.
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { contentTypeOf, isJsonType } from "./content-types.js";
import { API_VERSION } from "../../api/common.js";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Brotli quality 5: on the demo tree it compresses within 15% of quality 11 at 1/60 of the
 * time, and every worker compresses a new edition while serving the old one.
 */
const BROTLI_QUALITY = 5;
/** Smaller bodies are sent as they are: compressing saves less than the headers cost. */
const MIN_COMPRESS_BYTES = 256;

export type Encoding = "identity" | "gzip" | "br";

/** Response headers by name. An object, not a flat list: node:http writes it faster here. */
export type HeaderMap = Record<string, string>;

export interface FileVariant {
  body: Buffer;
  /** Headers of a 200 reply; `Cache-Control` is set per reply (it counts down). */
  headers: HeaderMap;
  /** Headers of a 304 reply. */
  notModified: HeaderMap;
}

export interface StaticFile {
  /** Tree path, no leading slash. */
  path: string;
  /** The ETag of the identity body without quotes; gzip and brotli add `-gz` / `-br`. */
  tag: string;
  /** Last-Modified, in whole seconds (ms since the epoch). */
  modifiedMs: number;
  size: number;
  identity: FileVariant;
  gzip: FileVariant | undefined;
  br: FileVariant | undefined;
}

export interface StaticFileInput {
  path: string;
  body: Buffer;
  /** A hash of the body (the sha256 of the tree index, or one computed here). */
  hash: string;
  modifiedMs: number;
  /** Headers every reply carries (CORS, deprecation), as a flat list. */
  commonHeaders: readonly string[];
}

const SUFFIX: Record<Encoding, string> = { identity: "", gzip: "-gz", br: "-br" };

function variant(input: StaticFileInput, encoding: Encoding, body: Buffer): FileVariant {
  const contentType = contentTypeOf(input.path);
  const etag = `"${input.hash.slice(0, 32)}${SUFFIX[encoding]}"`;
  const validators = [
    "Cache-Control",
    "",
    "ETag",
    etag,
    "Last-Modified",
    new Date(input.modifiedMs).toUTCString(),
    "Vary",
    "Accept-Encoding",
    ...input.commonHeaders,
    ...(isJsonType(contentType) ? ["SVC-API-Version", API_VERSION] : []),
  ];
  const entity = [
    "Content-Type",
    contentType,
    "Content-Length",
    String(body.length),
    ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]),
  ];
  return {
    body,
    headers: headerMap([...validators, ...entity]),
    notModified: headerMap(validators),
  };
}

function headerMap(list: readonly string[]): HeaderMap {
  const map: HeaderMap = {};
  for (let index = 0; index < list.length; index += 2) {
    map[list[index] as string] = list[index + 1] as string;
  }
  return map;
}

async function compressed(body: Buffer, encoding: "gzip" | "br"): Promise<Buffer | undefined> {
  if (body.length < MIN_COMPRESS_BYTES) return undefined;
  const packed =
    encoding === "gzip"
      ? await gzipAsync(body, { level: 6 })
      : await brotliAsync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
  if (packed.length >= body.length) return undefined;
  // A small result is a slice of Node's shared 8 KB buffer pool and would keep the whole
  // slab alive: for the thousands of story files held in memory that doubled the bytes held.
  const exact = Buffer.alloc(packed.length);
  packed.copy(exact);
  return exact;
}

/** Prepares a file for serving: compresses it (off the main thread) and builds its headers. */
export async function prepareStaticFile(input: StaticFileInput): Promise<StaticFile> {
  const modified = { ...input, modifiedMs: Math.floor(input.modifiedMs / 1000) * 1000 };
  const [gzipped, brotli] = await Promise.all([
    compressed(input.body, "gzip"),
    compressed(input.body, "br"),
  ]);
  return {
    path: input.path,
    tag: input.hash.slice(0, 32),
    modifiedMs: modified.modifiedMs,
    size: input.body.length,
    identity: variant(modified, "identity", input.body),
    gzip: gzipped === undefined ? undefined : variant(modified, "gzip", gzipped),
    br: brotli === undefined ? undefined : variant(modified, "br", brotli),
  };
}

/** Bytes a file holds in memory, all variants. */
export function memoryOf(file: StaticFile): number {
  return file.size + (file.gzip?.body.length ?? 0) + (file.br?.body.length ?? 0);
}
