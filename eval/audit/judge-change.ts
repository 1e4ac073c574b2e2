// `node dist/eval/audit/judge-change.js`: judging a change to the story rules by what it
// changes (changed-rows.ts; the protocol: eval/audit/README.md, "Judging a change").
//   rows OUT [--set FILE ...]        every story part of the three real sets, the held-out
//                                    feeds edition and the labelled sets given, as built now
//   changed BEFORE AFTER DIR         the rows that differ, shuffled into DIR/sheet.md for the
//                                    editors (DIR/prompt.md tells them what to do), and
//                                    DIR/changed.json to read their answers against
//   tally DIR                        DIR/editor-*.json: each row's majority, per set and side,
//                                    into DIR/majority.json (merge the real sets' rows with
//                                    unjudged.js --add --replace; keep an outside set's hashed)
//   hash OUT IN ... [--replace]      verdicts (a file like verdicts.json, or majority.json)
//                                    added to OUT with each text kept as its SHA-256 only:
//                                    an outside set's verdicts, kept where its texts may not
//                                    be (a row judged before keeps its first verdict, unless
//                                    --replace: a majority on the rows a change moved)
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { Command, CommanderError } from "commander";
import { z } from "zod";
import { packageRoot } from "../../src/config/package-root.js";
import { loadLabelledArticles, loadRealSets } from "../../test/support/real-news.js";
import { buildSet } from "../build-set.js";
import { buildFeedsEdition, FEEDS_SET } from "../feeds-edition.js";
import { readJsonFile } from "../read-json.js";
import {
  changedRows,
  type ChangedRow,
  judgeSheet,
  readJudgements,
  SetRowSchema,
  type SetRow,
  shuffled,
  tally,
} from "./changed-rows.js";
import { storyParts } from "./story-parts.js";
import {
  hashedVerdict,
  type HashedVerdict,
  mergeKeyed,
  readAnyVerdicts,
  verdictKey,
} from "./verdicts.js";

/** The sheet's order: fixed, so that a sheet can be rebuilt and checked. */
const SHEET_SEED = 20261128;
const PROMPT = join(packageRoot(), "eval", "audit", "judge-prompt.md");

async function writeRows(out: string, files: readonly string[]): Promise<void> {
  for (const file of files) if (!existsSync(file)) throw new Error(`--set ${file}: no such file`);
  const sets = [
    ...loadRealSets(),
    ...files.map((file) => loadLabelledArticles(basename(file, extname(file)), file)),
  ];
  const rows: SetRow[] = [];
  for (const set of sets) {
    const { edition } = await buildSet(set);
    for (const row of storyParts(edition)) rows.push({ set: set.name, ...row });
  }
  const feeds = await buildFeedsEdition();
  if (feeds !== undefined) {
    for (const row of storyParts(feeds.edition)) rows.push({ set: FEEDS_SET, ...row });
  }
  writeFileSync(out, `${JSON.stringify(rows, null, 1)}\n`);
  process.stderr.write(`${rows.length} rows of ${sets.length + (feeds ? 1 : 0)} sets\n`);
}

function readRows(path: string): SetRow[] {
  const parsed = z.array(SetRowSchema).safeParse(readJsonFile(path));
  if (!parsed.success) throw new Error(`${path}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function writeSheet(before: string, after: string, dir: string, parts: readonly string[]): void {
  const wanted = new Set(parts);
  const rows = shuffled(
    changedRows(readRows(before), readRows(after)).filter((row) => wanted.has(row.part)),
    SHEET_SEED,
  );
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "changed.json"), `${JSON.stringify(rows, null, 1)}\n`);
  writeFileSync(join(dir, "sheet.md"), judgeSheet(rows));
  writeFileSync(join(dir, "prompt.md"), readFileSync(PROMPT, "utf8"));
  const out = rows.filter((row) => row.side === "-").length;
  process.stderr.write(
    `${rows.length} changed rows (${out} left out, ${rows.length - out} brought in): ` +
      `give each editor ${join(dir, "prompt.md")}, ${join(dir, "sheet.md")} and its own ` +
      `${join(dir, "editor-<name>.json")} to write\n`,
  );
}

function writeTally(dir: string): void {
  const rows = z
    .array(SetRowSchema.extend({ side: z.enum(["+", "-"]) }))
    .parse(readJsonFile(join(dir, "changed.json"))) as ChangedRow[];
  const files = readdirSync(dir)
    .filter((name) => /^editor-.+\.json$/u.test(name))
    .sort();
  const editors = files.map((name) =>
    readJudgements(name, readJsonFile(join(dir, name)), rows.length),
  );
  const { verdicts, counts, unanimous } = tally(rows, editors);
  writeFileSync(join(dir, "majority.json"), `${JSON.stringify(verdicts, null, 1)}\n`);
  const lines = [`${rows.length} rows, ${files.length} editors, ${unanimous} rows unanimous`];
  for (const [key, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [set, side] = key.split(" ");
    const what = side === "-" ? "left out" : "brought in";
    lines.push(`  ${set}: ${what} ${count.junk} junk, ${count.reportable} reportable`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

function writeHashed(out: string, inputs: readonly string[], replace: boolean): void {
  const kept: HashedVerdict[] = existsSync(out)
    ? readAnyVerdicts(out).map((verdict) => ("text" in verdict ? hashedVerdict(verdict) : verdict))
    : [];
  // A row judged before keeps its first verdict, unless the new one replaces it.
  const added = mergeKeyed(
    kept,
    inputs.flatMap((input) =>
      readAnyVerdicts(input).map((verdict) =>
        "text" in verdict ? hashedVerdict(verdict) : verdict,
      ),
    ),
    (verdict) => verdictKey(verdict.set, verdict.part, verdict.sha256),
    replace,
  );
  const file = {
    description:
      "Blind verdicts on a set whose texts may not be copied: each row's text kept as its SHA-256 (eval/audit/README.md).",
    verdicts: kept,
  };
  writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`);
  const what = replace ? "added or replaced" : "added";
  process.stderr.write(`${added} verdicts ${what} in ${out} (${kept.length} in all)\n`);
}

const program = new Command("judge-change")
  .description("judge a change to the story rules by the rows it changes (eval/audit/README.md)")
  .exitOverride();
program
  .command("rows <out>")
  .description("write every story part of the real sets, the feeds and --set sets")
  .option("--set <file...>", "labelled article files of one's own", [])
  .action(async (out: string, options: { set: string[] }) => writeRows(out, options.set));
program
  .command("changed <before> <after> <dir>")
  .description("write the rows that differ, shuffled, as a sheet for blind editors")
  .option("--parts <parts>", "story parts to judge", "headline,dek,key_fact")
  .action((before: string, after: string, dir: string, options: { parts: string }) =>
    writeSheet(before, after, dir, options.parts.split(",")),
  );
program
  .command("tally <dir>")
  .description("each row's majority of the editors' answers in dir/editor-*.json")
  .action((dir: string) => writeTally(dir));

program
  .command("hash <out> <in...>")
  .description("add verdicts to out with each text kept as its SHA-256 only")
  .option("--replace", "replace earlier verdicts on the same rows (a majority on moved rows)")
  .action((out: string, inputs: string[], options: { replace?: boolean }) =>
    writeHashed(out, inputs, options.replace === true),
  );

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (!(error instanceof CommanderError)) {
    process.stderr.write(`judge-change: ${(error as Error).message}\n`);
  }
  process.exitCode = error instanceof CommanderError ? error.exitCode : 2;
}
