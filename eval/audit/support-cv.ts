// Leave-one-set-out cross-validation of the support floors (StoryLimits.keyFactSupport and
// .sourceSupport, compose-story.ts) on the blind audit's verdicts: each real set is built with
// every candidate share, the share is chosen on the other sets (lowest mean judged junk share
// of the part the floor governs) and its junk share on the held-out set is printed beside the
// shipped share's and the plain baseline's (no floor). A row no verdict covers is counted as
// not judged, never as reportable: the table says how many there are.
import { DEFAULT_STORY_LIMITS, type StoryLimits } from "../../src/editorial/compose/limits.js";
import type { LabelledDataSet } from "../../test/support/real-news.js";
import { leaveOneOutChoices } from "../ask/ranking-cv.js";
import { buildSet } from "../build-set.js";
import type { StoryPart } from "./story-parts.js";
import { storyParts } from "./story-parts.js";
import { type AuditShare, auditSet, readVerdicts } from "./verdicts.js";

/** The shares tried: 0 is no floor (the baseline); the shipped one is among them. */
export const SUPPORT_SHARES = [0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7] as const;

type FloorName = "keyFactSupport" | "sourceSupport";

/** A floor of StoryLimits and the story part its verdicts are read on. */
export interface SupportFloor {
  name: FloorName;
  part: StoryPart;
  label: string;
}

export const SUPPORT_FLOORS: readonly SupportFloor[] = [
  { name: "keyFactSupport", part: "key_fact", label: "key facts" },
  { name: "sourceSupport", part: "source_sentence", label: "source sentences" },
];

export interface SupportFold {
  heldOut: string;
  chosen: number;
  chosenShare: AuditShare;
  shipped: AuditShare;
  baseline: AuditShare;
}

function junkShare(share: AuditShare): number {
  return share.judged === 0 ? 0 : share.junk / share.judged;
}

/** The shipped story limits with one floor's share set to `share`. */
export function withShare(floor: SupportFloor, share: number): StoryLimits {
  return { ...DEFAULT_STORY_LIMITS, [floor.name]: { ...DEFAULT_STORY_LIMITS[floor.name], share } };
}

/** Judged junk of the floor's part in each set, built with each candidate share. */
async function audits(
  floor: SupportFloor,
  sets: readonly LabelledDataSet[],
  shares: readonly number[],
): Promise<AuditShare[][]> {
  const { verdicts } = readVerdicts();
  const rows: AuditShare[][] = [];
  for (const share of shares) {
    const row: AuditShare[] = [];
    for (const set of sets) {
      const { edition } = await buildSet(set, withShare(floor, share));
      row.push(auditSet(set.name, storyParts(edition), verdicts)[floor.part]);
    }
    rows.push(row);
  }
  return rows;
}

export async function crossValidateSupport(
  floor: SupportFloor,
  sets: readonly LabelledDataSet[],
): Promise<SupportFold[]> {
  const shipped = DEFAULT_STORY_LIMITS[floor.name].share;
  const shares: number[] = [...SUPPORT_SHARES];
  if (!shares.includes(shipped)) shares.push(shipped);
  const found = await audits(floor, sets, shares);
  // leaveOneOutChoices picks the highest mean: the negated junk share.
  const choices = leaveOneOutChoices(found.map((row) => row.map((share) => -junkShare(share))));
  return choices.map((best, heldOut) => ({
    heldOut: sets[heldOut]!.name,
    chosen: shares[best]!,
    chosenShare: found[best]![heldOut]!,
    shipped: found[shares.indexOf(shipped)]![heldOut]!,
    baseline: found[0]![heldOut]!,
  }));
}

/** Width of a share's column: room for "12.3% of 1234, 12 not judged" and a gap. */
const COLUMN = 32;

function shareText(share: AuditShare): string {
  const unjudged = share.unjudged > 0 ? `, ${share.unjudged} not judged` : "";
  return `${(100 * junkShare(share)).toFixed(1)}% of ${share.judged}${unjudged}`;
}

export function supportCrossValidationLines(
  floor: SupportFloor,
  folds: readonly SupportFold[],
): string[] {
  const pooled = (pick: (fold: SupportFold) => AuditShare) =>
    shareText({
      junk: folds.reduce((sum, fold) => sum + pick(fold).junk, 0),
      judged: folds.reduce((sum, fold) => sum + pick(fold).judged, 0),
      unjudged: folds.reduce((sum, fold) => sum + pick(fold).unjudged, 0),
    });
  return [
    `== ${floor.label}' support floor, leave one set out (chosen on the others among ${SUPPORT_SHARES.join(", ")}; shipped ${DEFAULT_STORY_LIMITS[floor.name].share}; judged junk ${floor.label})`,
    `  ${"held-out set".padEnd(22)}${"chosen".padEnd(8)}${"held-out".padEnd(COLUMN)}${"shipped floor".padEnd(COLUMN)}no floor (baseline)`,
    ...folds.map(
      (fold) =>
        `  ${fold.heldOut.padEnd(22)}${String(fold.chosen).padEnd(8)}${shareText(fold.chosenShare).padEnd(COLUMN)}${shareText(fold.shipped).padEnd(COLUMN)}${shareText(fold.baseline)}`,
    ),
    `  ${"all held-out sets".padEnd(30)}${pooled((fold) => fold.chosenShare).padEnd(COLUMN)}${pooled((fold) => fold.shipped).padEnd(COLUMN)}${pooled((fold) => fold.baseline)}`,
  ];
}
