// Turns record texts into store-ready Manifests or precise rejections. Pure, so that it runs
// the same inline or in a worker thread (validation-pool.ts).
import { normalizeManifest } from "../manifests/normalize.js";
import { formatProblem } from "../manifests/problems.js";

export interface RecordText {
  line: number;
  text: string;
}

export type ValidatedRecord =
  | { ok: true; line: number; id: string; topic: string; publishedAtMs: number; json: string }
  | { ok: false; line: number; reasons: string[]; record?: unknown; raw?: string };

export function validateRecord({ line, text }: RecordText): ValidatedRecord {
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
