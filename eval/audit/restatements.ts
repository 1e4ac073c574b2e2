// Key facts that restate an earlier key fact of their story, judged blind (eval/audit/README.md,
// "Restated key facts"). The issue asks for key facts "with redundancy removed, paraphrases of
// one claim counted as one"; a junk verdict cannot see that ("repetition is not junk"), so
// editors read each story's key facts in order and name, for each fact from the second on, the
// earlier facts whose claim it only repeats. Their majority is kept per pair of facts (the
// later one restates the earlier one, or not), by the SHA-256 of both texts: a pair keeps its
// verdict wherever a later build shows the two facts in that order, and only pairs no one has
// judged need editors after a change. Hashes, not texts: the outside sets' articles belong to
// their publishers and may not be copied here (outside-sets.ts), and one file serves all sets.
import { z } from "zod";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Edition } from "../../src/editorial/build-edition.js";
import { packageRoot } from "../../src/config/package-root.js";
import { readJsonFile } from "../read-json.js";
import { mergeKeyed, textHash, verdictListOf } from "./verdicts.js";

/** One story's key facts in the order a reader reads them (the dek's claim first). */
export interface FactList {
  set: string;
  /** The story's headline: the editor's context. */
  story: string;
  facts: string[];
}

export const FactListSchema = z.strictObject({
  set: z.string().min(1),
  story: z.string(),
  facts: z.array(z.string().min(1)),
});

/** The key-fact lists of an edition's stories that have two or more key facts. */
export function factLists(set: string, edition: Edition): FactList[] {
  const lists: FactList[] = [];
  for (const { story } of edition.stories) {
    const facts = (story.key_facts ?? []).map((fact) => fact.text);
    if (facts.length >= 2) lists.push({ set, story: story.headline, facts });
  }
  return lists;
}

const SHA256 = z.string().regex(/^[0-9a-f]{64}$/u);
/** The later fact restates the earlier one (it adds nothing that matters), or it does not. */
const PairVerdictSchema = z.strictObject({
  set: z.string().min(1),
  earlier: SHA256,
  later: SHA256,
  restates: z.boolean(),
});
export type PairVerdict = z.infer<typeof PairVerdictSchema>;

/** Where the pair verdicts live (the source folder: the compiled eval reads the same file). */
export const RESTATEMENTS_PATH = join(packageRoot(), "eval", "audit", "restatements.json");

const DESCRIPTION =
  'Blind majorities on pairs of key facts of one story: whether the later fact (SHA-256 of its text) restates the earlier one (eval/audit/README.md, "Restated key facts").';

/** The pair verdicts of a file's JSON or of a bare array (a tally's majority.json). */
export function pairVerdictsOf(source: string, json: unknown): PairVerdict[] {
  return verdictListOf(source, json, z.array(PairVerdictSchema));
}

export function readPairVerdicts(path = RESTATEMENTS_PATH): PairVerdict[] {
  return pairVerdictsOf(path, readJsonFile(path));
}

/** The file, one verdict a line: 2,600 pairs of two hashes each stay a readable diff. */
export function writePairVerdicts(verdicts: readonly PairVerdict[], path = RESTATEMENTS_PATH) {
  const lines = verdicts.map((verdict) => `    ${JSON.stringify(verdict)}`);
  const body = lines.length === 0 ? "[]" : `[\n${lines.join(",\n")}\n  ]`;
  writeFileSync(
    path,
    `{\n  "description": ${JSON.stringify(DESCRIPTION)},\n  "verdicts": ${body}\n}\n`,
  );
}

function pairKey(set: string, earlier: string, later: string): string {
  return `${set}\u0000${earlier}\u0000${later}`;
}

/**
 * Adds `added` to `kept` in place; a pair judged before keeps its verdict unless `replace`.
 * Returns how many verdicts were added or changed.
 */
export function mergePairVerdicts(
  kept: PairVerdict[],
  added: readonly PairVerdict[],
  replace: boolean,
): number {
  return mergeKeyed(
    kept,
    added,
    (verdict) => pairKey(verdict.set, verdict.earlier, verdict.later),
    replace,
    (a, b) => a.restates === b.restates,
  );
}

/** Each pair's verdict, looked up by the two texts. */
class PairIndex {
  private readonly byKey: Map<string, boolean>;

  constructor(verdicts: readonly PairVerdict[]) {
    this.byKey = new Map(
      verdicts.map((verdict) => [
        pairKey(verdict.set, verdict.earlier, verdict.later),
        verdict.restates,
      ]),
    );
  }

  get(set: string, earlier: string, later: string): boolean | undefined {
    return this.byKey.get(pairKey(set, textHash(earlier), textHash(later)));
  }
}

/** What a fact of a list is by the pair verdicts: a restatement, new, or not known yet. */
type FactStanding = "restates" | "adds" | "unjudged";

function standing(list: FactList, at: number, index: PairIndex): FactStanding {
  let unjudged = false;
  for (let earlier = 0; earlier < at; earlier++) {
    const verdict = index.get(list.set, list.facts[earlier]!, list.facts[at]!);
    if (verdict === true) return "restates";
    if (verdict === undefined) unjudged = true;
  }
  return unjudged ? "unjudged" : "adds";
}

export interface RestatedShare {
  /** Key facts after a story's first that restate an earlier one. */
  restated: number;
  /** Key facts after a story's first whose pairs are all judged, or one of them restates. */
  judged: number;
  /** Key facts with a pair no verdict covers (and none that restates). */
  unjudged: number;
}

/** The share of key facts (each story's second on) that restate an earlier fact of its story. */
export function restatedShare(
  lists: readonly FactList[],
  verdicts: readonly PairVerdict[],
): RestatedShare {
  const index = new PairIndex(verdicts);
  const share = { restated: 0, judged: 0, unjudged: 0 };
  for (const list of lists) {
    for (let at = 1; at < list.facts.length; at++) {
      const state = standing(list, at, index);
      if (state === "unjudged") share.unjudged++;
      else share.judged++;
      if (state === "restates") share.restated++;
    }
  }
  return share;
}

/**
 * The lists holding a fact that no verdict settles (a pair of it not judged, none restating),
 * each once: what editors read next.
 */
export function unjudgedLists(
  lists: readonly FactList[],
  verdicts: readonly PairVerdict[],
): FactList[] {
  const index = new PairIndex(verdicts);
  const seen = new Set<string>();
  return lists.filter((list) => {
    const key = [list.set, list.story, ...list.facts].join("\u0000");
    if (seen.has(key)) return false;
    seen.add(key);
    return list.facts.some((_, at) => at > 0 && standing(list, at, index) === "unjudged");
  });
}

/** What an editor reads: each story's number, headline and numbered facts; never its set. */
export function restateSheet(lists: readonly FactList[]): string {
  return lists
    .map(
      (list, n) =>
        `Story ${n}\nheadline: ${list.story}\n` +
        list.facts.map((fact, at) => `${at + 1}. ${fact}\n`).join(""),
    )
    .join("\n");
}

/** One editor's answer for one fact: the earlier facts (numbered from 1) it restates. */
const MarkSchema = z.strictObject({
  s: z.number().int().nonnegative(),
  f: z.number().int().min(2),
  of: z.array(z.number().int().min(1)),
});

/**
 * One editor's answers on a sheet of `lists`: for each story, for each fact from the second
 * on, the earlier facts it restates (0-based, as sets). Or an error naming the editor and what
 * is wrong: a story or fact not on the sheet, answered twice or not at all, an `of` that is
 * not an earlier fact.
 */
export function readMarks(
  editor: string,
  input: unknown,
  lists: readonly FactList[],
): Set<number>[][] {
  const parsed = z.array(MarkSchema).safeParse(input);
  if (!parsed.success) throw new Error(`${editor}: ${z.prettifyError(parsed.error)}`);
  const marks: (Set<number> | undefined)[][] = lists.map((list) => list.facts.map(() => undefined));
  for (const { s, f, of } of parsed.data) {
    const list = lists[s];
    if (list === undefined)
      throw new Error(`${editor}: story ${s} is not on the sheet (0 to ${lists.length - 1})`);
    if (f > list.facts.length)
      throw new Error(`${editor}: story ${s} has no fact ${f} (1 to ${list.facts.length})`);
    const stray = of.find((earlier) => earlier >= f);
    if (stray !== undefined)
      throw new Error(`${editor}: story ${s}, fact ${f}: ${stray} is not an earlier fact`);
    if (marks[s]![f - 1] !== undefined)
      throw new Error(`${editor}: story ${s}, fact ${f} is answered twice`);
    marks[s]![f - 1] = new Set(of.map((earlier) => earlier - 1));
  }
  marks.forEach((facts, s) =>
    facts.forEach((mark, at) => {
      if (at > 0 && mark === undefined)
        throw new Error(`${editor}: story ${s}, fact ${at + 1} is not answered`);
    }),
  );
  return marks.map((facts) => facts.map((mark) => mark ?? new Set<number>()));
}

export interface RestateTally {
  /** One verdict per pair of facts in each list (earlier, later). */
  verdicts: PairVerdict[];
  /** Per set: facts (each list's second on) that restate an earlier one by majority. */
  counts: Map<string, { restated: number; facts: number }>;
  /** Pairs every editor judged alike. */
  unanimous: number;
}

/** The majority of an odd number of editors on every pair of facts of each list. */
export function tallyRestatements(
  lists: readonly FactList[],
  editors: readonly Set<number>[][][],
): RestateTally {
  if (editors.length === 0 || editors.length % 2 === 0)
    throw new Error(`an odd number of editors is needed for a majority, not ${editors.length}`);
  const verdicts: PairVerdict[] = [];
  const counts = new Map<string, { restated: number; facts: number }>();
  let unanimous = 0;
  lists.forEach((list, s) => {
    const count = counts.get(list.set) ?? { restated: 0, facts: 0 };
    counts.set(list.set, count);
    for (let later = 1; later < list.facts.length; later++) {
      let restatedHere = false;
      for (let earlier = 0; earlier < later; earlier++) {
        const votes = editors.filter((marks) => marks[s]![later]!.has(earlier)).length;
        const restates = votes * 2 > editors.length;
        if (votes === 0 || votes === editors.length) unanimous++;
        restatedHere ||= restates;
        verdicts.push({
          set: list.set,
          earlier: textHash(list.facts[earlier]!),
          later: textHash(list.facts[later]!),
          restates,
        });
      }
      count.facts++;
      if (restatedHere) count.restated++;
    }
  });
  return { verdicts, counts, unanimous };
}
