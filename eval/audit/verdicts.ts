// Verdicts of the blind audit (eval/audit/README.md): for each real set, parts of its stories
// judged by an editor who saw no code, as reportable or junk with a reason. The eval reports
// the junk share among the judged rows of the current output and how many rows are new since
// the last audit (unjudged), so the figure is honest about its coverage.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { readJsonFile } from "../read-json.js";
import { packageRoot } from "../../src/config/package-root.js";
import { STORY_PARTS, type StoryPart, type StoryPartRow } from "./story-parts.js";

export const JUNK_REASONS = [
  "furniture",
  "fragment",
  "dangling",
  "offtopic",
  "not-a-title",
] as const;

const VerdictSchema = z
  .strictObject({
    set: z.string().min(1),
    part: z.enum(STORY_PARTS),
    text: z.string().min(1),
    junk: z.boolean(),
    reason: z.enum(JUNK_REASONS).optional(),
  })
  .refine((verdict) => verdict.junk === (verdict.reason !== undefined), {
    message: "a junk verdict names its reason; a reportable one has none",
    path: ["reason"],
  });
export type Verdict = z.infer<typeof VerdictSchema>;

const VerdictFileSchema = z.strictObject({
  description: z.string(),
  verdicts: z.array(VerdictSchema),
});

/** Where the verdicts live (the source folder: the compiled eval reads the same file). */
export const VERDICTS_PATH = join(packageRoot(), "eval", "audit", "verdicts.json");

/**
 * Key facts and section sentences are judged the same way (is it a reportable statement of the
 * event?), so one verdict serves both; a dek and a headline have their own standards.
 */
function kind(part: StoryPart): string {
  return part === "headline" || part === "dek" ? part : "sentence";
}

export function verdictKey(set: string, part: StoryPart, text: string): string {
  return `${set}\u0000${kind(part)}\u0000${text}`;
}

export interface VerdictFile {
  description: string;
  verdicts: Verdict[];
}

export function readVerdicts(path = VERDICTS_PATH): VerdictFile {
  const json = readJsonFile(path);
  const parsed = VerdictFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`${path}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

export function writeVerdicts(file: VerdictFile, path = VERDICTS_PATH): void {
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
}

/** Adds new verdicts; a row judged before keeps its first verdict. Returns how many were added. */
export function mergeVerdicts(file: VerdictFile, added: readonly unknown[]): number {
  const known = new Set(file.verdicts.map((v) => verdictKey(v.set, v.part, v.text)));
  let count = 0;
  for (const [index, input] of added.entries()) {
    const parsed = VerdictSchema.safeParse(input);
    if (!parsed.success) {
      throw new Error(`verdict ${index}: ${z.prettifyError(parsed.error)}`);
    }
    const key = verdictKey(parsed.data.set, parsed.data.part, parsed.data.text);
    if (known.has(key)) continue;
    known.add(key);
    file.verdicts.push(parsed.data);
    count++;
  }
  return count;
}

export interface AuditShare {
  junk: number;
  judged: number;
  unjudged: number;
}

export type SetAudit = Record<StoryPart, AuditShare>;

/** The judged junk share of each part of one set's stories. */
export function auditSet(
  set: string,
  rows: readonly StoryPartRow[],
  verdicts: readonly Verdict[],
): SetAudit {
  const byKey = new Map(verdicts.map((v) => [verdictKey(v.set, v.part, v.text), v]));
  const audit = Object.fromEntries(
    STORY_PARTS.map((part) => [part, { junk: 0, judged: 0, unjudged: 0 }]),
  ) as SetAudit;
  for (const row of rows) {
    const share = audit[row.part];
    const verdict = byKey.get(verdictKey(set, row.part, row.text));
    if (verdict === undefined) {
      share.unjudged++;
      continue;
    }
    share.judged++;
    if (verdict.junk) share.junk++;
  }
  return audit;
}

/** The rows of one set's output that no verdict covers yet. */
export function unjudgedRows(
  set: string,
  rows: readonly StoryPartRow[],
  verdicts: readonly Verdict[],
): StoryPartRow[] {
  const known = new Set(verdicts.map((v) => verdictKey(v.set, v.part, v.text)));
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = verdictKey(set, row.part, row.text);
    if (known.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
