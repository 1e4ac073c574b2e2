// `node dist/eval/audit/unjudged.js [out.json]`: builds each real set as the eval does (with
// the shipped limits and with every value the limits' cross-validation tries, limit-cv.ts),
// and the held-out feeds edition (feeds-edition.ts), and
// writes the story parts that no verdict in eval/audit/verdicts.json covers yet, for the next
// blind audit (eval/audit/README.md). `node dist/eval/audit/unjudged.js --add verdicts.json`
// merges a judge's verdicts into eval/audit/verdicts.json; with `--replace`, they replace
// earlier verdicts on the same rows (a majority of editors on the rows a change moved).
import { readFileSync, writeFileSync } from "node:fs";
import { loadRealSets } from "../../test/support/real-news.js";
import { buildSet } from "../build-set.js";
import { buildFeedsEdition, FEEDS_SET } from "../feeds-edition.js";
import { storyParts } from "./story-parts.js";
import { DEFAULT_STORY_LIMITS } from "../../src/editorial/compose/limits.js";
import { candidateLimits } from "./limit-cv.js";
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
  for (const set of loadRealSets()) {
    // The shipped limits, then every value the cross-validation tries (limit-cv.ts), whose
    // tables count the rows they show too.
    for (const limits of [DEFAULT_STORY_LIMITS, ...candidateLimits()]) {
      const { edition } = await buildSet(set, limits);
      for (const row of unjudgedRows(set.name, storyParts(edition), verdicts)) {
        const key = verdictKey(set.name, row.part, row.text);
        if (listed.has(key)) continue;
        listed.add(key);
        rows.push({ set: set.name, ...row });
      }
    }
  }
  // The held-out feeds edition, with the shipped limits only: nothing is chosen on it.
  const feeds = await buildFeedsEdition();
  if (feeds !== undefined) {
    for (const row of unjudgedRows(FEEDS_SET, storyParts(feeds.edition), verdicts)) {
      rows.push({ set: FEEDS_SET, ...row });
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
