// The rows a change to the story rules changes, and the majority of several blind editors on
// them (eval/audit/README.md, "Judging a change"). One editor per row cannot tell a 2% junk
// share from a 4% one: editors disagree on exactly the rows a rule moves ("Mr. Shakir said…").
// So a change is judged on what it changes only, by three editors or more who read every
// changed row shuffled, without being told which side a row comes from, and each row takes
// its editors' majority.
import { z } from "zod";
import { seededRandom } from "../../src/shared/seeded-random.js";
import { JUNK_REASONS, type Verdict } from "./verdicts.js";
import { STORY_PARTS, type StoryPart } from "./story-parts.js";

/** A story part of one set's edition (story-parts.ts) with its set's name. */
export interface SetRow {
  set: string;
  part: StoryPart;
  text: string;
  /** The headline of the story it belongs to. */
  story: string;
}

export const SetRowSchema = z.strictObject({
  set: z.string().min(1),
  part: z.enum(STORY_PARTS),
  text: z.string().min(1),
  story: z.string(),
});

/** A row the change left out ("-") or brought in ("+"). */
export interface ChangedRow extends SetRow {
  side: "+" | "-";
}

function rowKey(row: SetRow): string {
  return [row.set, row.part, row.text, row.story].join("\u0000");
}

/**
 * The rows of `after` that `before` does not hold, and those of `before` that `after` does
 * not, each as often as the difference of their counts (a sentence shown twice counts twice).
 * In key order, so that the list does not depend on the order the editions were built in.
 */
export function changedRows(before: readonly SetRow[], after: readonly SetRow[]): ChangedRow[] {
  const counts = new Map<string, { row: SetRow; count: number }>();
  const add = (rows: readonly SetRow[], step: number) => {
    for (const row of rows) {
      const key = rowKey(row);
      const entry = counts.get(key) ?? { row, count: 0 };
      entry.count += step;
      counts.set(key, entry);
    }
  };
  add(before, -1);
  add(after, 1);
  const changed: ChangedRow[] = [];
  for (const key of [...counts.keys()].sort()) {
    const { row, count } = counts.get(key)!;
    const side = count > 0 ? "+" : "-";
    for (let n = 0; n < Math.abs(count); n++) changed.push({ ...row, side });
  }
  return changed;
}

/** The rows in a shuffled order (Fisher–Yates on a seeded generator): sides and sets mixed. */
export function shuffled<T>(rows: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...rows];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * What an editor reads: each row's number, part, story headline and text, and nothing of its
 * set or side.
 */
export function judgeSheet(rows: readonly SetRow[]): string {
  return rows
    .map(
      (row, n) => `Row ${n}\npart: ${row.part}\nstory headline: ${row.story}\ntext: ${row.text}\n`,
    )
    .join("\n");
}

const JudgementSchema = z
  .strictObject({
    n: z.number().int().nonnegative(),
    junk: z.boolean(),
    reason: z.enum(JUNK_REASONS).optional(),
  })
  .refine((judgement) => judgement.junk === (judgement.reason !== undefined), {
    message: "a junk judgement names its reason; a reportable one has none",
    path: ["reason"],
  });
type Judgement = z.infer<typeof JudgementSchema>;

/**
 * One editor's judgements of a sheet of `rows` rows, by row number; or an error naming the
 * editor, the entry and what is wrong (a missing, repeated or unknown row number too).
 */
export function readJudgements(editor: string, input: unknown, rows: number): Judgement[] {
  const parsed = z.array(JudgementSchema).safeParse(input);
  if (!parsed.success) throw new Error(`${editor}: ${z.prettifyError(parsed.error)}`);
  const byRow: (Judgement | undefined)[] = Array.from({ length: rows });
  for (const judgement of parsed.data) {
    if (judgement.n >= rows)
      throw new Error(`${editor}: row ${judgement.n} is not on the sheet (rows 0 to ${rows - 1})`);
    if (byRow[judgement.n] !== undefined)
      throw new Error(`${editor}: row ${judgement.n} is judged twice`);
    byRow[judgement.n] = judgement;
  }
  const missing = byRow.findIndex((judgement) => judgement === undefined);
  if (missing >= 0) throw new Error(`${editor}: row ${missing} is not judged`);
  return byRow as Judgement[];
}

/** The editors' majority on each row, and how the change did by it. */
export interface Tally {
  /** One verdict per row, in sheet order: junk when most editors said so. */
  verdicts: Verdict[];
  /** Per set and side ("basil -"): the junk and reportable rows by majority. */
  counts: Map<string, { junk: number; reportable: number }>;
  /** Rows every editor judged alike. */
  unanimous: number;
}

/**
 * The majority of an odd number of editors on each row of the sheet; a junk row takes the
 * reason most of its junk votes give (the first in JUNK_REASONS on a tie).
 */
export function tally(rows: readonly ChangedRow[], editors: readonly Judgement[][]): Tally {
  if (editors.length === 0 || editors.length % 2 === 0)
    throw new Error(`an odd number of editors is needed for a majority, not ${editors.length}`);
  const counts = new Map<string, { junk: number; reportable: number }>();
  let unanimous = 0;
  const verdicts = rows.map((row, n): Verdict => {
    const votes = editors.map((judgements) => judgements[n]!);
    const junkVotes = votes.filter((vote) => vote.junk);
    const junk = junkVotes.length * 2 > votes.length;
    if (junkVotes.length === 0 || junkVotes.length === votes.length) unanimous++;
    const key = `${row.set} ${row.side}`;
    const count = counts.get(key) ?? { junk: 0, reportable: 0 };
    if (junk) count.junk++;
    else count.reportable++;
    counts.set(key, count);
    const verdict = { set: row.set, part: row.part, text: row.text, junk };
    if (!junk) return verdict;
    const reasons = JUNK_REASONS.map(
      (reason) => [reason, junkVotes.filter((vote) => vote.reason === reason).length] as const,
    );
    const [reason] = reasons.reduce((best, next) => (next[1] > best[1] ? next : best));
    return { ...verdict, reason };
  });
  return { verdicts, counts, unanimous };
}
