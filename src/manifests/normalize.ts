// Turns a parsed JSON value into a stored Manifest: validation with precise problems, the
// content hash check, and one canonical JSON text (whose hash tells duplicates from conflicts).
import { createHash } from "node:crypto";
import { describeValue, type Problem, problemsFromZod } from "./problems.js";
import { type Manifest, ManifestInputSchema, ManifestSchema, PublisherSchema } from "./schema.js";

/** A valid Manifest, ready for the store. */
export interface PreparedManifest {
  manifest: Manifest;
  /**
   * Canonical JSON of the record (see canonicalManifest). Equal records have equal text,
   * which tells a duplicate from a conflict.
   */
  json: string;
  /** `published_at` in epoch milliseconds, for time-window queries. */
  publishedAtMs: number;
}

export type NormalizeResult =
  { ok: true; prepared: PreparedManifest } | { ok: false; problems: Problem[] };

/** An escaped lone surrogate in JSON.stringify output (pairs are written as characters). */
const ESCAPED_SURROGATE = /(?:^|[^\\])(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/;

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** Path of the first string holding an unpaired UTF-16 surrogate, which no store can keep. */
function findMalformedString(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return value.isWellFormed() ? undefined : path;
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const inner = Array.isArray(value) ? `${path}[${key}]` : path === "" ? key : `${path}.${key}`;
    const found = findMalformedString(item, inner);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Key order of the known objects; any other object has its keys sorted. */
const KNOWN_KEYS: Record<string, readonly string[]> = {
  "": Object.keys(ManifestSchema.shape),
  publisher: Object.keys(PublisherSchema.shape),
};

const ROOT_KEYS = KNOWN_KEYS[""] as readonly string[];
const NO_KEYS: readonly string[] = [];

function orderedKeys(value: Record<string, unknown>, known: readonly string[]): string[] {
  const present = known.filter((key) => value[key] !== undefined);
  const extras = Object.keys(value)
    .filter((key) => !known.includes(key) && value[key] !== undefined)
    .sort();
  return [...present, ...extras];
}

/** Rebuilds a value in canonical order: known keys as the schema lists them, others sorted. */
function canonicalValue(value: unknown, known: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => canonicalValue(item, NO_KEYS));
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of orderedKeys(record, known)) {
    out[key] = canonicalValue(
      record[key],
      known === ROOT_KEYS ? (KNOWN_KEYS[key] ?? NO_KEYS) : NO_KEYS,
    );
  }
  return out;
}

/** True when a value is already in canonical order (the usual case: no copy is needed). */
function isCanonical(value: unknown, known: readonly string[]): boolean {
  if (Array.isArray(value)) {
    return value.every(
      (item) => item === null || typeof item !== "object" || isCanonical(item, NO_KEYS),
    );
  }
  if (value === null || typeof value !== "object") return true;
  const record = value as Record<string, unknown>;
  let knownAt = -1;
  let lastExtra: string | undefined;
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (item === undefined) return false;
    const position = known.indexOf(key);
    if (position !== -1) {
      if (lastExtra !== undefined || position < knownAt) return false;
      knownAt = position;
    } else {
      if (lastExtra !== undefined && key <= lastExtra) return false;
      lastExtra = key;
    }
    if (item !== null && typeof item === "object") {
      if (!isCanonical(item, known === ROOT_KEYS ? (KNOWN_KEYS[key] ?? NO_KEYS) : NO_KEYS))
        return false;
    }
  }
  return true;
}

/**
 * The canonical form of a Manifest: known fields in the order the schema lists them (also
 * inside `publisher`), then extra fields, and the keys of every other object, sorted.
 */
export function canonicalManifest(manifest: Manifest): Manifest {
  return (
    isCanonical(manifest, ROOT_KEYS) ? manifest : canonicalValue(manifest, ROOT_KEYS)
  ) as Manifest;
}

/** Validates one parsed record and prepares it for the store. Never throws. */
export function normalizeManifest(input: unknown): NormalizeResult {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return {
      ok: false,
      problems: [
        { path: "", message: "expected a JSON object (a Manifest)", got: describeValue(input) },
      ],
    };
  }
  const parsed = ManifestInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, problems: problemsFromZod(parsed.error, input) };

  const textHash = sha256Hex(parsed.data.text);
  const given = parsed.data.content_sha256;
  if (given !== undefined && given !== textHash) {
    return {
      ok: false,
      problems: [
        {
          path: "content_sha256",
          message: `expected the SHA-256 of text (${textHash})`,
          got: describeValue(given),
        },
      ],
    };
  }
  const manifest = canonicalManifest({ ...parsed.data, content_sha256: textHash });
  const json = JSON.stringify(manifest);
  // JSON.stringify writes \u escapes only for control characters and lone surrogates.
  if (json.includes("\\u") && ESCAPED_SURROGATE.test(json)) {
    return {
      ok: false,
      problems: [
        {
          path: findMalformedString(manifest, "") ?? "",
          message:
            "expected well-formed Unicode text, got an unpaired UTF-16 surrogate (\\uD800-\\uDFFF)",
        },
      ],
    };
  }
  return {
    ok: true,
    prepared: { manifest, json, publishedAtMs: Date.parse(manifest.published_at) },
  };
}
