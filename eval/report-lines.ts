// The eval report as lines of text: per set scores, junk shares, drop counts, then the
// baseline's cross-validation, the demo corpus and the targets.
import type { BCubedScore } from "../src/editorial/cluster/bcubed.js";
import type { F1Interval } from "../src/editorial/cluster/bcubed-interval.js";
import type { HygieneCounts } from "../src/editorial/hygiene/drop-reasons.js";
import type { RestatedShare } from "./audit/restatements.js";
import type { StoryPart } from "./audit/story-parts.js";
import type { SetAudit } from "./audit/verdicts.js";
import type { DemoScore, FeedsEvaluation, SetEvaluation } from "./evaluate-set.js";
import type { JunkShare } from "./junk-shares.js";
import type { TargetResult } from "./targets.js";
import { BASELINE_THRESHOLD, type CrossValidation } from "./tfidf-baseline.js";

/** Longest example text shown in a report line. */
const EXAMPLE_CHARS = 110;

/** "P … R … F1 …", and the F1's bootstrap interval when the score has one. */
export function scoreLine(
  label: string,
  value: BCubedScore & { interval?: F1Interval | undefined },
): string {
  const [p, r, f] = [value.precision, value.recall, value.f1].map((x) => x.toFixed(3));
  const { interval } = value;
  // The F1's 95% interval over the set's events resampled (bcubed-interval.ts).
  const range = interval ? `  [${interval.low.toFixed(3)}, ${interval.high.toFixed(3)}]` : "";
  return `  ${label.padEnd(30)} P ${p}  R ${r}  F1 ${f}${range}`;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= EXAMPLE_CHARS ? flat : `${flat.slice(0, EXAMPLE_CHARS - 1)}…`;
}

function junkLines(label: string, share: JunkShare): string[] {
  const percent = share.total === 0 ? 0 : (100 * share.junk) / share.total;
  const head = `  junk ${label.padEnd(10)} ${share.junk} / ${share.total} (${percent.toFixed(1)}%)`;
  return [head, ...share.examples.map((ex) => `      - "${clip(ex.text)}" (${ex.reason})`)];
}

function hygieneLines({ hygiene }: { hygiene: HygieneCounts | undefined }): string[] {
  if (hygiene === undefined) return ["  dropped sentences: not reported by this build"];
  const reasons = Object.entries(hygiene.dropped).filter(([, count]) => count > 0);
  const dropped = reasons.reduce((sum, [, count]) => sum + count, 0);
  const detail = reasons.map(([reason, count]) => `${reason} ${count}`).join(", ");
  return [`  dropped sentences: ${dropped} of ${hygiene.sentences}${detail ? ` (${detail})` : ""}`];
}

const AUDITED: [StoryPart, string][] = [
  ["headline", "headlines"],
  ["dek", "deks"],
  ["key_fact", "key facts"],
  ["known_sentence", "what we know"],
  ["source_sentence", "source sentences"],
];

/** The blind audit's junk shares, each with the rows of today's output it has no verdict for. */
function auditLines(audit: SetAudit): string[] {
  const judged = AUDITED.reduce((sum, [part]) => sum + audit[part].judged, 0);
  if (judged === 0) return ["  blind audit: no verdicts for this set (eval/audit/README.md)"];
  return [
    "  blind audit (eval/audit): junk / judged, and rows not judged yet",
    ...AUDITED.map(([part, label]) => {
      const { junk, judged: count, unjudged } = audit[part];
      const share = count === 0 ? "-" : `${((100 * junk) / count).toFixed(1)}%`;
      return `    ${label.padEnd(17)} ${junk} / ${count} (${share}), ${unjudged} not judged`;
    }),
  ];
}

/** Key facts that only repeat an earlier key fact of their story (eval/audit/restatements.ts). */
export function restatedLines({ restated, judged, unjudged }: RestatedShare): string[] {
  if (judged === 0)
    return ["  restated key facts: no pair verdicts for this set (eval/audit/README.md)"];
  const share = ((100 * restated) / judged).toFixed(1);
  return [
    `  restated key facts (a story's second on, blind pair verdicts): ${restated} / ${judged} (${share}%), ${unjudged} not judged`,
  ];
}

/** What the stories of an edition are worth: the detector's shares, the audit's, the drops. */
function storyQualityLines(evaluation: SetEvaluation | FeedsEvaluation): string[] {
  return [
    ...junkLines("key facts", evaluation.junk.keyFacts),
    ...junkLines("deks", evaluation.junk.deks),
    ...junkLines("source sentences", evaluation.junk.sourceSentences),
    ...junkLines("headlines", evaluation.junk.headlines),
    ...auditLines(evaluation.audit),
    ...restatedLines(evaluation.restated),
    ...hygieneLines(evaluation),
  ];
}

/** The section of one set. */
export function setLines(evaluation: SetEvaluation): string[] {
  const { name, documents, events, stories, buildMs } = evaluation;
  return [
    `== ${name}: ${documents} articles, ${events} true events, ${stories} stories (built in ${Math.round(buildMs)} ms)`,
    scoreLine("ours (clusterDocuments)", evaluation.ours),
    scoreLine(`baseline (TF-IDF, t=${BASELINE_THRESHOLD.toFixed(2)})`, evaluation.baseline),
    ...storyQualityLines(evaluation),
  ];
}

/**
 * The held-out set's section: like a set's, under a heading that says no constant was chosen
 * on it (the fixes its first run showed are in the cluster README), so its figures are what
 * the method does on news it was not tuned on.
 */
export function heldOutLines(evaluation: SetEvaluation): string[] {
  const [, ...rest] = setLines(evaluation);
  return [
    `== held out (no constant was chosen on it; three fixes followed its first run, src/editorial/cluster/README.md): ${evaluation.name}, ${evaluation.documents} headline-only items, ${evaluation.events} aggregator stories, ${evaluation.stories} stories`,
    ...rest,
  ];
}

/** A labelled set given with `--set FILE`: nothing was chosen on it here. */
export function ownSetLines(evaluation: SetEvaluation, path: string): string[] {
  const [, ...rest] = setLines(evaluation);
  return [
    `== held out (given with --set ${path}): ${evaluation.name}, ${evaluation.documents} articles, ${evaluation.events} true events, ${evaluation.stories} stories`,
    ...rest,
  ];
}

/**
 * The held-out feeds' section: grouping against the events judged blind (eval/feed-events.ts),
 * junk shares and drops.
 */
export function feedsLines(evaluation: FeedsEvaluation): string[] {
  const { grouping } = evaluation;
  return [
    `== real feeds (stories judged blind; the grouping at the items' own times is a set of the clustering's cross-validation): ${evaluation.items} English items of ${evaluation.feeds} feeds, ${grouping ? `${grouping.events} judged events, ` : ""}${evaluation.stories} stories`,
    ...(grouping
      ? [
          scoreLine("ours (the edition's stories)", grouping.ours),
          scoreLine(`baseline (TF-IDF, t=${BASELINE_THRESHOLD.toFixed(2)})`, grouping.baseline),
          scoreLine("every item alone", grouping.alone),
          ...(grouping.oursOwnTimes
            ? [
                "  the items at their own times (days to months apart, as svc poll takes them in):",
                scoreLine("ours (clusterDocuments)", grouping.oursOwnTimes),
              ]
            : []),
        ]
      : []),
    ...storyQualityLines(evaluation),
  ];
}

/** The baseline's leave-one-set-out table. */
export function crossValidationLines(cv: CrossValidation): string[] {
  return [
    "== baseline threshold, leave-one-set-out cross-validation",
    "  held-out set          threshold  held-out F1",
    ...cv.rows.map(
      (row) =>
        `  ${row.heldOut.padEnd(22)}${row.threshold.toFixed(2).padStart(9)}  ${row.heldOutF1.toFixed(3).padStart(11)}`,
    ),
    `  all sets: best mean F1 ${cv.overall.meanF1.toFixed(3)} at ${cv.overall.threshold.toFixed(2)} (BASELINE_THRESHOLD = ${BASELINE_THRESHOLD.toFixed(2)})`,
  ];
}

/** B-cubed of our clustering on each demo topic. */
export function demoLines(scores: readonly DemoScore[]): string[] {
  return [
    "== demo corpus (fictional), ours",
    ...scores.map((demo) => scoreLine(demo.name, demo.score)),
  ];
}

/** One PASS or MISS line per target and set. */
export function targetLines(results: readonly TargetResult[]): string[] {
  return [
    "== targets",
    ...results.map(
      (result) =>
        `  ${result.met ? "PASS" : "MISS"}  ${result.set.padEnd(20)} ${result.target.padEnd(44)} ${result.measured}`,
    ),
    "  (clustering figures here are in-sample: its constants were chosen on these three sets and",
    "   the feeds' events at their own times; the held-out figures of leave-one-set-out",
    "   cross-validation: npm run bench -- clustering)",
  ];
}
