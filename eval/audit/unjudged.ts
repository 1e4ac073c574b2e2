// `node dist/eval/audit/unjudged.js [out.json]`: builds each real set and the real feeds'
// edition (feeds-edition.ts) as the eval does, with the shipped limits and with every value
// the limits' cross-validation tries (limit-cv.ts), and writes the story parts that no
// verdict in eval/audit/verdicts.json covers yet, for the next blind audit
// (eval/audit/README.md). `node dist/eval/audit/unjudged.js --add verdicts.json`
// merges a judge's verdicts into eval/audit/verdicts.json; with `--replace`, they replace
// earlier verdicts on the same rows (a majority of editors on the rows a change moved).
import { readFileSync, writeFileSync } from "node:fs";
import { loadRealSets } from "../../test/support/real-news.js";
import { storyParts } from "./story-parts.js";
import { DEFAULT_STORY_LIMITS } from "../../src/editorial/compose/limits.js";
import { candidateLimits, limitSets } from "./limit-cv.js";
import {
  mergeVerdicts,
  readVerdicts,
  unjudgedRows,
  verdictKey,
  writeVerdicts,
} from "./verdicts.js";

async function writeUnjudged(out: string | undefined): Promise<void> {
  const { verdicts } = readVerdicts();
  const rows = [];
  const listed = new Set<string>();
  // Every set the limits are cross-validated on (the real sets and the feeds' edition), with
  // the shipped limits, then every value the cross-validation tries (limit-cv.ts), whose
  // tables count the rows they show too.
  for (const set of limitSets(loadRealSets())) {
    for (const limits of [DEFAULT_STORY_LIMITS, ...candidateLimits()]) {
      for (const row of unjudgedRows(set.name, storyParts(await set.build(limits)), verdicts)) {
        const key = verdictKey(set.name, row.part, row.text);
        if (listed.has(key)) continue;
        listed.add(key);
        rows.push({ set: set.name, ...row });
      }
    }
  }
  const json = `${JSON.stringify(rows, null, 1)}\n`;
  if (out === undefined) process.stdout.write(json);
  else writeFileSync(out, json);
  process.stderr.write(`${rows.length} unjudged rows\n`);
}

/**
 * Merges a judge's verdicts (a JSON array of verdicts) into verdicts.json; a file that is
 * missing, not JSON, not an array or holds a malformed verdict is named and nothing is written.
 */
function addVerdicts(path: string, replace: boolean): number {
  const file = readVerdicts();
  let added: number;
  try {
    const judged: unknown = JSON.parse(readFileSync(path, "utf8"));
    if (!Array.isArray(judged)) throw new Error("not a JSON array of verdicts");
    added = mergeVerdicts(file, judged, { replace });
  } catch (error) {
    process.stderr.write(`unjudged: --add ${path}: ${(error as Error).message}\n`);
    return 2;
  }
  if (added > 0) writeVerdicts(file);
  const what = replace ? "added or replaced" : "added";
  process.stderr.write(`${added} verdicts ${what} (${file.verdicts.length} in all)\n`);
  return 0;
}

const [first, second, third] = process.argv.slice(2);
if (first === "--add") {
  if (second === undefined || (third !== undefined && third !== "--replace")) {
    process.stderr.write("usage: unjudged.js --add <verdicts.json> [--replace]\n");
    process.exit(2);
  }
  process.exitCode = addVerdicts(second, third === "--replace");
} else {
  await writeUnjudged(first);
}
