// Turns a parsed JSON value into a stored Manifest: validation with precise problems, the
// content hash check, and one canonical JSON text (whose hash tells duplicates from conflicts).
import { createHash } from "node:crypto";
import { describeValue, type Problem, problemsFromZod } from "./problems.js";
import { type Manifest, ManifestInputSchema, ManifestSchema } from "./schema.js";

/** A valid Manifest, ready for the store. */
export interface PreparedManifest {
  manifest: Manifest;
  /** Canonical JSON of the record: known fields in schema order, then extra fields sorted.
   * Equal records have equal text, which tells a duplicate from a conflict. */
  json: string;
  /** `published_at` in epoch milliseconds, for time-window queries. */
  publishedAtMs: number;
}

export type NormalizeResult =
  | { ok: true; prepared: PreparedManifest }
  | { ok: false; problems: Problem[] };

const KNOWN_FIELDS = Object.keys(ManifestSchema.shape);
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

/** Sorts object keys recursively so that key order never makes two equal records differ. */
function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== "object") return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  }
  return sorted;
}

/** Known fields first, in the order the schema lists them, then extras in key order. */
export function canonicalManifest(manifest: Manifest): Manifest {
  const record = manifest as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of KNOWN_FIELDS) {
    if (record[key] !== undefined) out[key] = sortKeysDeep(record[key]);
  }
  for (const key of Object.keys(record).sort()) {
    if (!(key in out) && record[key] !== undefined) out[key] = sortKeysDeep(record[key]);
  }
  return out as Manifest;
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
  if (ESCAPED_SURROGATE.test(json)) {
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
