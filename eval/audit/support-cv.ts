// Leave-one-set-out cross-validation of the key facts' support floor (StoryLimits
// .keyFactSupport.share, select-facts.ts) on the blind audit's verdicts: each real set is
// built with every candidate floor, the floor is chosen on the other sets (lowest mean judged
// junk share of key facts) and its junk share on the held-out set is printed beside the
// shipped floor's and the plain baseline's (no floor). A row no verdict covers is counted
// as not judged, never as reportable: the table says how many there are.
import { DEFAULT_STORY_LIMITS } from "../../src/editorial/compose/limits.js";
import type { LabelledDataSet } from "../../test/support/real-news.js";
import { leaveOneOutChoices } from "../ask/ranking-cv.js";
import { buildSet } from "../build-set.js";
import { storyParts } from "./story-parts.js";
import { type AuditShare, auditSet, readVerdicts } from "./verdicts.js";

/** The floors tried: 0 is no floor (the baseline); the shipped one is among them. */
export const SUPPORT_SHARES = [0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7] as const;

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

/** Judged junk of the key facts of each set, built with each candidate floor. */
async function keyFactAudits(
  sets: readonly LabelledDataSet[],
  shares: readonly number[],
): Promise<AuditShare[][]> {
  const { verdicts } = readVerdicts();
  const audits: AuditShare[][] = [];
  for (const share of shares) {
    const limits = {
      ...DEFAULT_STORY_LIMITS,
      keyFactSupport: { ...DEFAULT_STORY_LIMITS.keyFactSupport, share },
    };
    const row: AuditShare[] = [];
    for (const set of sets) {
      const { edition } = await buildSet(set, limits);
      row.push(auditSet(set.name, storyParts(edition), verdicts).key_fact);
    }
    audits.push(row);
  }
  return audits;
}

export async function crossValidateKeyFactSupport(
  sets: readonly LabelledDataSet[],
): Promise<SupportFold[]> {
  const shipped = DEFAULT_STORY_LIMITS.keyFactSupport.share;
  const shares = SUPPORT_SHARES.includes(shipped as (typeof SUPPORT_SHARES)[number])
    ? [...SUPPORT_SHARES]
    : [...SUPPORT_SHARES, shipped];
  const audits = await keyFactAudits(sets, shares);
  // leaveOneOutChoices picks the highest mean: the negated junk share.
  const choices = leaveOneOutChoices(audits.map((row) => row.map((share) => -junkShare(share))));
  return choices.map((best, heldOut) => ({
    heldOut: sets[heldOut]!.name,
    chosen: shares[best]!,
    chosenShare: audits[best]![heldOut]!,
    shipped: audits[shares.indexOf(shipped)]![heldOut]!,
    baseline: audits[0]![heldOut]!,
  }));
}

function shareText(share: AuditShare): string {
  const unjudged = share.unjudged > 0 ? `, ${share.unjudged} not judged` : "";
  return `${(100 * junkShare(share)).toFixed(1)}% of ${share.judged}${unjudged}`;
}

export function supportCrossValidationLines(folds: readonly SupportFold[]): string[] {
  const pooled = (pick: (fold: SupportFold) => AuditShare) => {
    const junk = folds.reduce((sum, fold) => sum + pick(fold).junk, 0);
    const judged = folds.reduce((sum, fold) => sum + pick(fold).judged, 0);
    const unjudged = folds.reduce((sum, fold) => sum + pick(fold).unjudged, 0);
    return shareText({ junk, judged, unjudged });
  };
  return [
    `== key facts' support floor, leave one set out (chosen on the others among ${SUPPORT_SHARES.join(", ")}; shipped ${DEFAULT_STORY_LIMITS.keyFactSupport.share}; judged junk key facts)`,
    `  ${"held-out set".padEnd(22)}${"chosen".padEnd(8)}${"held-out".padEnd(24)}${"shipped floor".padEnd(24)}no floor (baseline)`,
    ...folds.map(
      (fold) =>
        `  ${fold.heldOut.padEnd(22)}${String(fold.chosen).padEnd(8)}${shareText(fold.chosenShare).padEnd(24)}${shareText(fold.shipped).padEnd(24)}${shareText(fold.baseline)}`,
    ),
    `  ${"all held-out sets".padEnd(30)}${pooled((fold) => fold.chosenShare).padEnd(24)}${pooled((fold) => fold.shipped).padEnd(24)}${pooled((fold) => fold.baseline)}`,
  ];
}
