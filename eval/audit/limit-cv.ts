// Leave-one-set-out cross-validation of the story limits chosen on the blind audit's verdicts
// (StoryLimits: the support floors keyFactSupport and sourceSupport, their share and the
// reports a story needs before they hold, the word caps keyFactWords and
// sourceSentenceWords, the lead limits keyFactLead and keyFactLeadMany): each set with
// verdicts (the three real sets, the real feeds' edition and any set of one's own given with
// its verdicts) is built with every candidate value,
// the value is chosen on the other sets (lowest mean judged junk share of the part the limit
// governs) and its junk share on the held-out set is printed beside the shipped value's and
// the baseline's (the first candidate: no floor, no cap, the reports reasoned before). A row no verdict covers is
// counted as not judged, never as reportable: the table says how many there are.
import type { Edition } from "../../src/editorial/build-edition.js";
import { DEFAULT_STORY_LIMITS, type StoryLimits } from "../../src/editorial/compose/limits.js";
import type { LabelledDataSet } from "../../test/support/real-news.js";
import { leaveOneOutChoices } from "../ask/ranking-cv.js";
import { buildSet } from "../build-set.js";
import { buildFeedsEdition, FEEDS_SET, feedsPresent } from "../feeds-edition.js";
import type { StoryPart } from "./story-parts.js";
import { storyParts } from "./story-parts.js";
import { type AnyVerdict, type AuditShare, auditSet, readVerdicts } from "./verdicts.js";

/** A set the limits are cross-validated on: its name (its verdicts' `set`) and its edition. */
export interface AuditedSet {
  name: string;
  build: (limits: StoryLimits) => Promise<Edition>;
}

/** A labelled set, built as the eval builds it. */
function auditedSet(set: LabelledDataSet): AuditedSet {
  return { name: set.name, build: async (limits) => (await buildSet(set, limits)).edition };
}

const FEEDS: AuditedSet = {
  name: FEEDS_SET,
  build: async (limits) => {
    const feeds = await buildFeedsEdition(limits);
    if (feeds === undefined) throw new Error(`eval: the real feeds are gone from ${FEEDS_SET}`);
    return feeds.edition;
  },
};

/**
 * The sets the limits are cross-validated on, every set with verdicts: the real sets, the real
 * feeds' edition when the feeds are beside the checkout (their verdicts are in
 * verdicts.json), then `judged`, sets of one's own given with verdicts on them.
 */
export function limitSets(
  real: readonly LabelledDataSet[],
  judged: readonly LabelledDataSet[] = [],
  feeds = feedsPresent(),
): AuditedSet[] {
  return [...real.map(auditedSet), ...(feeds ? [FEEDS] : []), ...judged.map(auditedSet)];
}

/** A limit of StoryLimits tuned on the audit, and the story part its verdicts are read on. */
export interface TunedLimit {
  /** "key facts' support floor": the table's title. */
  title: string;
  /** What the verdicts count: "key facts". */
  label: string;
  part: StoryPart;
  /** The values tried, the baseline first; the shipped one is among them. */
  candidates: readonly number[];
  /** What the baseline (the first candidate) is: "off", "as before". */
  baseline: string;
  shipped: number;
  /** The shipped story limits with this limit set to `value`. */
  with: (value: number) => StoryLimits;
}

/** Support floors: shares of a fact's words one other report must hold (0: no floor). */
const SHARES = [0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7] as const;
/** Word caps (0: no cap); the dek has its own maximum of 60 (sentence-grade.ts). */
const WORD_CAPS = [0, 40, 50, 60, 70, 80] as const;

/** Reports a story needs before a support floor holds; 3 was reasoned, not tuned. */
const LEAST_REPORTS = [3, 2, 4, 5] as const;

/** One field of a support floor: its share (0 turns it off) or the reports it needs. */
function floor(
  name: "keyFactSupport" | "sourceSupport",
  field: "share" | "reports",
  candidates: readonly number[],
  baseline: string,
) {
  return {
    candidates,
    baseline,
    shipped: DEFAULT_STORY_LIMITS[name][field],
    with: (value: number): StoryLimits => ({
      ...DEFAULT_STORY_LIMITS,
      [name]: { ...DEFAULT_STORY_LIMITS[name], [field]: value },
    }),
  };
}

function wordCap(name: "keyFactWords" | "sourceSentenceWords") {
  return {
    candidates: WORD_CAPS,
    baseline: "off",
    shipped: DEFAULT_STORY_LIMITS[name],
    with: (cap: number): StoryLimits => ({ ...DEFAULT_STORY_LIMITS, [name]: cap }),
  };
}

/** The two parts the limits govern, as the tables name them. */
const KEY_FACTS = { label: "key facts", part: "key_fact" } as const;
const SOURCE_SENTENCES = { label: "source sentences", part: "source_sentence" } as const;

export const TUNED_LIMITS: readonly TunedLimit[] = [
  {
    title: "key facts' support floor",
    ...KEY_FACTS,
    ...floor("keyFactSupport", "share", SHARES, "off"),
  },
  {
    title: "source sentences' support floor",
    ...SOURCE_SENTENCES,
    ...floor("sourceSupport", "share", SHARES, "off"),
  },
  {
    title: "key facts' support floor, least reports",
    ...KEY_FACTS,
    ...floor("keyFactSupport", "reports", LEAST_REPORTS, "as before"),
  },
  {
    title: "source sentences' support floor, least reports",
    ...SOURCE_SENTENCES,
    ...floor("sourceSupport", "reports", LEAST_REPORTS, "as before"),
  },
  {
    title: "key facts' least names and numbers",
    ...KEY_FACTS,
    candidates: [0, 1, 2],
    baseline: "off",
    shipped: DEFAULT_STORY_LIMITS.keyFactAnchors,
    with: (anchors: number): StoryLimits => ({ ...DEFAULT_STORY_LIMITS, keyFactAnchors: anchors }),
  },
  {
    title: "key facts' lead in a one-report story",
    ...KEY_FACTS,
    candidates: [0, 1, 2, 3, 4, 6, 8, 10],
    baseline: "off",
    shipped: DEFAULT_STORY_LIMITS.keyFactLead,
    with: (lead: number): StoryLimits => ({ ...DEFAULT_STORY_LIMITS, keyFactLead: lead }),
  },
  {
    title: "key facts' lead in a story of several reports",
    ...KEY_FACTS,
    candidates: [0, 1, 2, 3, 4, 6, 10],
    baseline: "off",
    shipped: DEFAULT_STORY_LIMITS.keyFactLeadMany,
    with: (lead: number): StoryLimits => ({ ...DEFAULT_STORY_LIMITS, keyFactLeadMany: lead }),
  },
  {
    title: "the dek's weight of headline words",
    label: "deks",
    part: "dek",
    candidates: [0.2, 0.4, 0.6, 0.8, 1],
    baseline: "as before",
    shipped: DEFAULT_STORY_LIMITS.dekHeadlineWeight,
    with: (weight: number): StoryLimits => ({ ...DEFAULT_STORY_LIMITS, dekHeadlineWeight: weight }),
  },
  { title: "key facts' word cap", ...KEY_FACTS, ...wordCap("keyFactWords") },
  { title: "source sentences' word cap", ...SOURCE_SENTENCES, ...wordCap("sourceSentenceWords") },
];

export interface LimitFold {
  heldOut: string;
  chosen: number;
  chosenShare: AuditShare;
  shipped: AuditShare;
  baseline: AuditShare;
}

function junkShare(share: AuditShare): number {
  return share.judged === 0 ? 0 : share.junk / share.judged;
}

/** The values a limit is built with: its candidates, and the shipped value if not among them. */
function valuesOf(limit: TunedLimit): number[] {
  const values = [...limit.candidates];
  if (!values.includes(limit.shipped)) values.push(limit.shipped);
  return values;
}

/** Every story limits the cross-validation builds with (unjudged.ts lists their rows). */
export function candidateLimits(): StoryLimits[] {
  return TUNED_LIMITS.flatMap((limit) => valuesOf(limit).map((value) => limit.with(value)));
}

/** Judged junk of the limit's part in each set, built with each value. */
async function audits(
  limit: TunedLimit,
  sets: readonly AuditedSet[],
  values: readonly number[],
  verdicts: readonly AnyVerdict[],
): Promise<AuditShare[][]> {
  const rows: AuditShare[][] = [];
  for (const value of values) {
    const row: AuditShare[] = [];
    for (const set of sets) {
      const edition = await set.build(limit.with(value));
      row.push(auditSet(set.name, storyParts(edition), verdicts)[limit.part]);
    }
    rows.push(row);
  }
  return rows;
}

/**
 * `limit` chosen on all `sets` but one, for each; `more`: verdicts on sets that
 * eval/audit/verdicts.json does not hold (an outside set's, hashed).
 */
export async function crossValidateLimit(
  limit: TunedLimit,
  sets: readonly AuditedSet[],
  more: readonly AnyVerdict[] = [],
): Promise<LimitFold[]> {
  const values = valuesOf(limit);
  const found = await audits(limit, sets, values, [...readVerdicts().verdicts, ...more]);
  // leaveOneOutChoices picks the highest mean: the negated junk share.
  const choices = leaveOneOutChoices(found.map((row) => row.map((share) => -junkShare(share))));
  return choices.map((best, heldOut) => ({
    heldOut: sets[heldOut]!.name,
    chosen: values[best]!,
    chosenShare: found[best]![heldOut]!,
    shipped: found[values.indexOf(limit.shipped)]![heldOut]!,
    baseline: found[0]![heldOut]!,
  }));
}

/** Width of a share's column: room for "12.3% of 1234, 12 not judged" and a gap. */
const COLUMN = 32;

function shareText(share: AuditShare): string {
  const unjudged = share.unjudged > 0 ? `, ${share.unjudged} not judged` : "";
  return `${(100 * junkShare(share)).toFixed(1)}% of ${share.judged}${unjudged}`;
}

export function limitCrossValidationLines(
  limit: TunedLimit,
  folds: readonly LimitFold[],
): string[] {
  const pooled = (pick: (fold: LimitFold) => AuditShare) =>
    shareText({
      junk: folds.reduce((sum, fold) => sum + pick(fold).junk, 0),
      judged: folds.reduce((sum, fold) => sum + pick(fold).judged, 0),
      unjudged: folds.reduce((sum, fold) => sum + pick(fold).unjudged, 0),
    });
  return [
    `== ${limit.title}, leave one set out (chosen on the others among ${limit.candidates.join(", ")}; shipped ${limit.shipped}; judged junk ${limit.label})`,
    `  ${"held-out set".padEnd(22)}${"chosen".padEnd(8)}${"held-out".padEnd(COLUMN)}${"shipped".padEnd(COLUMN)}baseline (${limit.candidates[0]}: ${limit.baseline})`,
    ...folds.map(
      (fold) =>
        `  ${fold.heldOut.padEnd(22)}${String(fold.chosen).padEnd(8)}${shareText(fold.chosenShare).padEnd(COLUMN)}${shareText(fold.shipped).padEnd(COLUMN)}${shareText(fold.baseline)}`,
    ),
    `  ${"all held-out sets".padEnd(30)}${pooled((fold) => fold.chosenShare).padEnd(COLUMN)}${pooled((fold) => fold.shipped).padEnd(COLUMN)}${pooled((fold) => fold.baseline)}`,
  ];
}
