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
// Restated key facts (restatements.ts; eval/audit/README.md, "Restated key facts"):
//   lists OUT [--set FILE ...]       each story's key facts in order, for the same sets
//   restate-sheet DIR LISTS ...      the stories holding a pair of facts no verdict covers,
//                                    shuffled into DIR/sheet.md (DIR/prompt.md, DIR/lists.json)
//   restate-tally DIR                DIR/editor-*.json: each pair's majority, DIR/majority.json
//   restate-add IN ... [--replace]   pair verdicts added to eval/audit/restatements.json
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { Command, CommanderError } from "commander";
import { z } from "zod";
import { packageRoot } from "../../src/config/package-root.js";
import { loadLabelledArticles, loadRealSets } from "../../test/support/real-news.js";
import type { Edition } from "../../src/editorial/build-edition.js";
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
import {
  factLists,
  type FactList,
  FactListSchema,
  mergePairVerdicts,
  pairVerdictsOf,
  readMarks,
  readPairVerdicts,
  RESTATEMENTS_PATH,
  restateSheet,
  tallyRestatements,
  unjudgedLists,
  writePairVerdicts,
} from "./restatements.js";
import { storyParts } from "./story-parts.js";
import {
  hashedVerdict,
  type HashedVerdict,
  mergeKeyed,
  sameVerdict,
  readAnyVerdicts,
  verdictKey,
} from "./verdicts.js";

/** The sheet's order: fixed, so that a sheet can be rebuilt and checked. */
const SHEET_SEED = 20261128;
const PROMPT = join(packageRoot(), "eval", "audit", "judge-prompt.md");
const RESTATE_PROMPT = join(packageRoot(), "eval", "audit", "restate-prompt.md");

/** Each set's edition: the three real sets, the `--set` files and the held-out feeds. */
async function* editions(files: readonly string[]): AsyncGenerator<[string, Edition]> {
  for (const file of files) if (!existsSync(file)) throw new Error(`--set ${file}: no such file`);
  const sets = [
    ...loadRealSets(),
    ...files.map((file) => loadLabelledArticles(basename(file, extname(file)), file)),
  ];
  for (const set of sets) yield [set.name, (await buildSet(set)).edition];
  const feeds = await buildFeedsEdition();
  if (feeds !== undefined) yield [FEEDS_SET, feeds.edition];
}

async function writeRows(out: string, files: readonly string[]): Promise<void> {
  const rows: SetRow[] = [];
  let sets = 0;
  for await (const [set, edition] of editions(files)) {
    for (const row of storyParts(edition)) rows.push({ set, ...row });
    sets++;
  }
  writeFileSync(out, `${JSON.stringify(rows, null, 1)}\n`);
  process.stderr.write(`${rows.length} rows of ${sets} sets\n`);
}

async function writeLists(out: string, files: readonly string[]): Promise<void> {
  const lists: FactList[] = [];
  for await (const [set, edition] of editions(files)) lists.push(...factLists(set, edition));
  writeFileSync(out, `${JSON.stringify(lists, null, 1)}\n`);
  process.stderr.write(`${lists.length} stories with two key facts or more\n`);
}

function readLists(path: string): FactList[] {
  const parsed = z.array(FactListSchema).safeParse(readJsonFile(path));
  if (!parsed.success) throw new Error(`${path}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The lists of `inputs` that hold a fact no pair verdict settles, shuffled into a sheet. */
function writeRestateSheet(dir: string, inputs: readonly string[]): void {
  const lists = shuffled(unjudgedLists(inputs.flatMap(readLists), readPairVerdicts()), SHEET_SEED);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "lists.json"), `${JSON.stringify(lists, null, 1)}\n`);
  writeFileSync(join(dir, "sheet.md"), restateSheet(lists));
  writeFileSync(join(dir, "prompt.md"), readFileSync(RESTATE_PROMPT, "utf8"));
  const facts = lists.reduce((sum, list) => sum + list.facts.length - 1, 0);
  process.stderr.write(
    `${lists.length} stories (${facts} facts to answer): give each editor ` +
      `${join(dir, "prompt.md")}, ${join(dir, "sheet.md")} and its own ` +
      `${join(dir, "editor-<name>.json")} to write\n`,
  );
}

/** The editors' JSON answers in `dir` (editor-*.json), by file name. */
function editorFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /^editor-.+\.json$/u.test(name))
    .sort();
}

function writeRestateTally(dir: string): void {
  const lists = readLists(join(dir, "lists.json"));
  const files = editorFiles(dir);
  const editors = files.map((name) => readMarks(name, readJsonFile(join(dir, name)), lists));
  const { verdicts, counts, unanimous } = tallyRestatements(lists, editors);
  writeFileSync(join(dir, "majority.json"), `${JSON.stringify(verdicts, null, 1)}\n`);
  const lines = [`${verdicts.length} pairs, ${files.length} editors, ${unanimous} pairs unanimous`];
  for (const [set, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1)))
    lines.push(`  ${set}: ${count.restated} of ${count.facts} facts restate an earlier one`);
  process.stdout.write(`${lines.join("\n")}\n`);
}

function addRestatements(inputs: readonly string[], replace: boolean): void {
  const kept = readPairVerdicts();
  const added = mergePairVerdicts(
    kept,
    inputs.flatMap((input) => pairVerdictsOf(input, readJsonFile(input))),
    replace,
  );
  writePairVerdicts(kept);
  const what = replace ? "added or replaced" : "added";
  process.stderr.write(
    `${added} pair verdicts ${what} in ${RESTATEMENTS_PATH} (${kept.length} in all)\n`,
  );
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
  const files = editorFiles(dir);
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
    sameVerdict,
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

program
  .command("lists <out>")
  .description("write each story's key facts in order (stories with two or more)")
  .option("--set <file...>", "labelled article files of one's own", [])
  .action(async (out: string, options: { set: string[] }) => writeLists(out, options.set));
program
  .command("restate-sheet <dir> <lists...>")
  .description("write the stories of the lists files holding a pair of facts not judged yet")
  .action((dir: string, inputs: string[]) => writeRestateSheet(dir, inputs));
program
  .command("restate-tally <dir>")
  .description("each pair's majority of the editors' answers in dir/editor-*.json")
  .action((dir: string) => writeRestateTally(dir));
program
  .command("restate-add <in...>")
  .description("add pair verdicts (a tally's majority.json) to eval/audit/restatements.json")
  .option("--replace", "replace earlier verdicts on the same pairs")
  .action((inputs: string[], options: { replace?: boolean }) =>
    addRestatements(inputs, options.replace === true),
  );

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (!(error instanceof CommanderError)) {
    process.stderr.write(`judge-change: ${(error as Error).message}\n`);
  }
  process.exitCode = error instanceof CommanderError ? error.exitCode : 2;
}
