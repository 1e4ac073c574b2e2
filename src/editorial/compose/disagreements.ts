// Unresolved points: the same quantity of the event reported differently by different
// publishers ("12 people were injured" here, "14 people were injured" there). How a figure is
// read, which figures speak of the event and when two of them dispute one quantity:
// disagreements/ and docs/stories.md ("Unresolved points").
import type { Manifest } from "../../manifests/schema.js";
import { splitSentences } from "../text/sentences.js";
import { findDisputes, type Side } from "./disagreements/disputes.js";
import { mentionsInSentence } from "./disagreements/mentions.js";
import { reportedMentions } from "./disagreements/reported-mentions.js";
import { titleHoldsNumber } from "./disagreements/title-values.js";

export type { Side };

function splitAll(manifests: readonly Manifest[]): string[][] {
  return manifests.map((manifest) => splitSentences(manifest.text, manifest.language));
}

/**
 * Whether a cluster's reports can hold a dispute at all, told without reading them. A dispute
 * has two sides, each stated by two publishers or by a title's figure, and a publisher takes
 * one side at most (disputes.ts): so it needs two publishers, and four unless a title holds a
 * number (titleHoldsNumber: a title without one states no value).
 */
export function mayDispute(manifests: readonly Manifest[]): boolean {
  const publishers = new Set(manifests.map((manifest) => manifest.publisher.domain)).size;
  if (publishers < 2) return false;
  return publishers >= 4 || manifests.some((manifest) => titleHoldsNumber(manifest.title));
}

/**
 * The disputes of a cluster, each as its sides (most-reported first), in a deterministic
 * order. `sentences` holds each Manifest's reportable sentences when the caller has split them.
 */
export function findDisputesIn(
  manifests: readonly Manifest[],
  sentences: readonly (readonly string[])[] = splitAll(manifests),
): Side[][] {
  return findDisputes(reportedMentions(manifests, sentences));
}

/** "Sources differ: 12 people according to A, B ("…"); 14 people according to C ("…")." */
export function describeDispute(sides: readonly Side[]): string {
  const parts = sides.map(
    ({ publishers, example }) =>
      `${example.shown} according to ${[...publishers.values()].join(", ")} ("${example.sentence}")`,
  );
  return `Sources differ: ${parts.join("; ")}.`;
}

/** The unresolved points of a cluster, as sentences naming the sources. */
export function findDisagreements(
  manifests: readonly Manifest[],
  sentences: readonly (readonly string[])[] = splitAll(manifests),
): string[] {
  return findDisputesIn(manifests, sentences).map(describeDispute);
}

/**
 * A value that rarely recurs by chance within one story: at least 100, or not a whole number
 * ("1.8 million", "41.3 degrees"); "12" may count anything.
 */
function distinctive(value: number): boolean {
  return value >= 100 || !Number.isInteger(value);
}

/**
 * The index (in `disputes`) of the dispute whose quantity `sentence` states a value of, or
 * undefined: "12 people were injured" in a story whose sources say 12 and 14. The figure must
 * measure the same thing, or be a distinctive value of one side in other words ("affected
 * 1.8 million customer accounts" where sources differ on 1.2 and 1.8 million customers).
 */
export function disputeStatedIn(
  sentence: string,
  language: string,
  disputes: readonly (readonly Side[])[],
): number | undefined {
  if (disputes.length === 0) return undefined;
  const mentions = mentionsInSentence(sentence, language);
  if (mentions.length === 0) return undefined;
  const index = disputes.findIndex((sides) =>
    sides.some(({ value, example }) =>
      mentions.some(
        (mention) =>
          mention.kind === example.kind &&
          mention.low <= value &&
          value <= mention.high &&
          (mention.unit === example.unit || (distinctive(value) && mention.value === value)),
      ),
    ),
  );
  return index === -1 ? undefined : index;
}
