// Turns record texts into store-ready Manifests or precise rejections. Pure, so that it runs
// the same inline or in a worker thread (validation-pool.ts).
import { normalizeManifest } from "../manifests/normalize.js";
import { formatProblem } from "../manifests/problems.js";

/** A record's text, or why the reader could not make one (kept in line for input order). */
export type RecordText =
  { line: number; text: string } | { line: number; error: string; excerpt: string };

export type ValidatedRecord =
  | { ok: true; line: number; id: string; topic: string; publishedAtMs: number; json: string }
  | { ok: false; line: number; reasons: string[]; record?: unknown; raw?: string };

export function validateRecord(input: RecordText): ValidatedRecord {
  const { line } = input;
  if ("error" in input) return { ok: false, line, reasons: [input.error], raw: input.excerpt };
  const { text } = input;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, line, reasons: [`not valid JSON: ${(error as Error).message}`], raw: text };
  }
  const result = normalizeManifest(value);
  if (!result.ok)
    return { ok: false, line, reasons: result.problems.map(formatProblem), record: value };
  const { manifest, json, publishedAtMs } = result.prepared;
  return { ok: true, line, id: manifest.id, topic: manifest.topic, publishedAtMs, json };
}

export function validateRecords(records: readonly RecordText[]): ValidatedRecord[] {
  return records.map(validateRecord);
}
