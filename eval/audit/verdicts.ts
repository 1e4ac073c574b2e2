// Verdicts of the blind audit (eval/audit/README.md): for each real set, parts of its stories
// judged by an editor who saw no code, as reportable or junk with a reason. The eval reports
// the junk share among the judged rows of the current output and how many rows are new since
// the last audit (unjudged), so the figure is honest about its coverage.
import { createHash } from "node:crypto";
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

const verdictFields = {
  set: z.string().min(1),
  part: z.enum(STORY_PARTS),
  junk: z.boolean(),
  reason: z.enum(JUNK_REASONS).optional(),
};
const reasonGiven = {
  check: (verdict: { junk: boolean; reason?: string }) =>
    verdict.junk === (verdict.reason !== undefined),
  message: "a junk verdict names its reason; a reportable one has none",
};

// The fields in the order verdicts.json keeps them (set, part, text, junk, reason): a parsed
// verdict is written back in its schema's order, so a merge leaves the verdicts it does not
// add as they were, byte for byte.
const { set, part, ...judgement } = verdictFields;
const VerdictSchema = z
  .strictObject({ set, part, text: z.string().min(1), ...judgement })
  .refine(reasonGiven.check, { message: reasonGiven.message, path: ["reason"] });
/**
 * A verdict on a row of a set whose texts may not be copied (an outside set, its articles
 * their publishers'): the row's text is kept only as its SHA-256, so the verdicts can be kept
 * where the texts cannot.
 */
const HashedVerdictSchema = z
  .strictObject({ ...verdictFields, sha256: z.string().regex(/^[0-9a-f]{64}$/u) })
  .refine(reasonGiven.check, { message: reasonGiven.message, path: ["reason"] });
export type Verdict = z.infer<typeof VerdictSchema>;
export type HashedVerdict = z.infer<typeof HashedVerdictSchema>;
/** A verdict with its row's text, or with its SHA-256 only. */
export type AnyVerdict = Verdict | HashedVerdict;

const VerdictFileSchema = z.strictObject({
  description: z.string(),
  verdicts: z.array(VerdictSchema),
});
/** The verdicts of a file given to the eval (`--verdicts`): with texts, hashed, or both. */
const AnyVerdictListSchema = z.array(z.union([VerdictSchema, HashedVerdictSchema]));

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

/** The SHA-256 of a row's text (UTF-8), in hex: what a hashed verdict keeps of it. */
export function textHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** A verdict with its text kept only as a hash (HashedVerdictSchema). */
export function hashedVerdict({ text, ...rest }: Verdict): HashedVerdict {
  return { ...rest, sha256: textHash(text) };
}

function keyOf(verdict: AnyVerdict): string {
  return "text" in verdict
    ? verdictKey(verdict.set, verdict.part, verdict.text)
    : verdictKey(verdict.set, verdict.part, `sha256:${verdict.sha256}`);
}

/** The verdict covering a row, by its text or by its text's hash. */
class VerdictIndex {
  private readonly byKey: Map<string, AnyVerdict>;
  private readonly hashed: boolean;

  constructor(verdicts: readonly AnyVerdict[]) {
    this.byKey = new Map(verdicts.map((verdict) => [keyOf(verdict), verdict]));
    this.hashed = verdicts.some((verdict) => "sha256" in verdict);
  }

  get(set: string, part: StoryPart, text: string): AnyVerdict | undefined {
    const byText = this.byKey.get(verdictKey(set, part, text));
    if (byText !== undefined || !this.hashed) return byText;
    return this.byKey.get(verdictKey(set, part, `sha256:${textHash(text)}`));
  }
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

/**
 * The verdicts, with texts or hashed, of a verdict file's JSON or of a bare array of verdicts
 * (a tally's majority.json); or an error naming `source`.
 */
export function anyVerdictsOf(source: string, json: unknown): AnyVerdict[] {
  return verdictListOf(source, json, AnyVerdictListSchema);
}

/**
 * The verdicts of a file's JSON (`{description, verdicts}`) or of a bare array of them (a
 * tally's majority.json), each checked by `list`; or an error naming `source`. Shared by the
 * story parts' verdicts and the restatement pairs' (restatements.ts).
 */
export function verdictListOf<T>(source: string, json: unknown, list: z.ZodType<T[]>): T[] {
  const schema = Array.isArray(json)
    ? list
    : z.strictObject({ description: z.string(), verdicts: list }).transform((f) => f.verdicts);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`${source}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A verdict file given to the eval: its verdicts with texts or hashed; or an error naming it. */
export function readAnyVerdicts(path: string): AnyVerdict[] {
  return anyVerdictsOf(path, readJsonFile(path));
}

export function writeVerdicts(file: VerdictFile, path = VERDICTS_PATH): void {
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
}

/**
 * Adds new verdicts; a row judged before keeps its first verdict, unless `replace`: then the
 * new verdict takes its place (for a majority of editors on the rows a change moved, judged
 * in the stories they now stand in: README.md, "Judging a change"). Returns how many verdicts
 * were added or changed.
 */
export function mergeVerdicts(
  file: VerdictFile,
  added: readonly unknown[],
  { replace = false }: { replace?: boolean } = {},
): number {
  const parsed = added.map((input, index) => {
    const result = VerdictSchema.safeParse(input);
    if (!result.success) throw new Error(`verdict ${index}: ${z.prettifyError(result.error)}`);
    return result.data;
  });
  return mergeKeyed(
    file.verdicts,
    parsed,
    (v) => verdictKey(v.set, v.part, v.text),
    replace,
    sameVerdict,
  );
}

/**
 * Merges `added` into `kept` by `key`, in place: a new key is appended; a known one keeps its
 * verdict unless `replace`, when a verdict that is not the `same` takes its place. Returns how
 * many verdicts were added or changed. Shared by verdicts with texts, hashed ones and the
 * restatement pairs' (restatements.ts).
 */
export function mergeKeyed<T>(
  kept: T[],
  added: Iterable<T>,
  key: (verdict: T) => string,
  replace: boolean,
  same: (a: T, b: T) => boolean,
): number {
  const at = new Map(kept.map((verdict, index) => [key(verdict), index]));
  let count = 0;
  for (const verdict of added) {
    const known = at.get(key(verdict));
    if (known !== undefined) {
      if (!replace || same(kept[known]!, verdict)) continue;
      kept[known] = verdict;
    } else {
      at.set(key(verdict), kept.length);
      kept.push(verdict);
    }
    count++;
  }
  return count;
}

/** The same judgement: junk or not, and for the same reason. */
export function sameVerdict(
  a: { junk: boolean; reason?: string | undefined },
  b: { junk: boolean; reason?: string | undefined },
): boolean {
  return a.junk === b.junk && (a.reason ?? "") === (b.reason ?? "");
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
  verdicts: readonly AnyVerdict[],
): SetAudit {
  const index = new VerdictIndex(verdicts);
  const audit = Object.fromEntries(
    STORY_PARTS.map((part) => [part, { junk: 0, judged: 0, unjudged: 0 }]),
  ) as SetAudit;
  for (const row of rows) {
    const share = audit[row.part];
    const verdict = index.get(set, row.part, row.text);
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
  verdicts: readonly AnyVerdict[],
): StoryPartRow[] {
  const index = new VerdictIndex(verdicts);
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = verdictKey(set, row.part, row.text);
    if (index.get(set, row.part, row.text) !== undefined || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
