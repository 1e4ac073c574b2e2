// When two mentions are about one quantity, and when they contradict each other.
//
// About the same quantity: they share an anchor (the nearest content word before or after
// them in their clause: "cut", "evacuated"), or both are the key figure of their report (its
// title states the value). Two mentions of the same value agree when they also share their
// unit, are about the same quantity, or have two context words in common ("37 people had
// reported symptoms", "37 guests had reported symptoms"). Two mentions conflict when they
// share their unit, are about the same quantity, allow no common value, do not name
// different things, and no publisher states both values: a publisher reporting a 5.1 quake
// and a 3.8 aftershock, or "rose from 37 to 43", tells two quantities apart rather than
// disputing one. Shared context alone is too weak for a conflict: "police said 3 people died
// in the crash" and "police said 5 people were injured in the crash" share theirs.
import type { ReportedMention } from "./reported-mentions.js";

/** Context words two mentions of one value must share to agree without a unit or anchor. */
const SHARED_CONTEXT = 2;

function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared;
}

/** About the same quantity: a shared anchor, or both the key figures of their reports. */
function sameQuantity(a: ReportedMention, b: ReportedMention): boolean {
  return (a.headline && b.headline) || sharedCount(a.words().anchors, b.words().anchors) > 0;
}

/** About the same quantity, or with two context words in common: enough for equal values. */
function alike(a: ReportedMention, b: ReportedMention): boolean {
  return sameQuantity(a, b) || sharedCount(a.words().context, b.words().context) >= SHARED_CONTEXT;
}

/**
 * Their clauses name different things and none in common ("In Tessel, 12 schools closed",
 * "In Varrowby, 7 schools closed"): figures of two places, people or products.
 */
function nameDifferentThings(a: ReportedMention, b: ReportedMention): boolean {
  const [namesA, namesB] = [a.words().names, b.words().names];
  return namesA.size > 0 && namesB.size > 0 && sharedCount(namesA, namesB) === 0;
}

/** No value satisfies both ("12" and "14"; not "at least 12" and "14"). */
export function disjoint(a: ReportedMention, b: ReportedMention): boolean {
  return a.high < b.low || b.high < a.low;
}

/** Two mentions of one value of one quantity. */
export function agree(a: ReportedMention, b: ReportedMention): boolean {
  return a.kind === b.kind && a.value === b.value && (a.unit === b.unit || alike(a, b));
}

/** Items grouped by a key, in order of first appearance. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const valueKey = (mention: ReportedMention) => `${mention.value}`;
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Pairs of values one publisher states both of, in one unit: two quantities, not a dispute. */
function statedTogether(sameUnit: readonly ReportedMention[]): Set<string> {
  const byPublisher = new Map<string, ReportedMention[]>();
  for (const mention of sameUnit) {
    for (const domain of mention.publishers.keys()) {
      const list = byPublisher.get(domain);
      if (list) list.push(mention);
      else byPublisher.set(domain, [mention]);
    }
  }
  const pairs = new Set<string>();
  for (const list of byPublisher.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = [list[i] as ReportedMention, list[j] as ReportedMention];
        if (disjoint(a, b)) pairs.add(pairKey(valueKey(a), valueKey(b)));
      }
    }
  }
  return pairs;
}

/** The conflicting pairs among mentions of one kind and unit. */
export function conflictingPairs(
  sameUnit: readonly ReportedMention[],
): Array<[ReportedMention, ReportedMention]> {
  const together = statedTogether(sameUnit);
  const pairs: Array<[ReportedMention, ReportedMention]> = [];
  for (let i = 0; i < sameUnit.length; i++) {
    for (let j = i + 1; j < sameUnit.length; j++) {
      const [a, b] = [sameUnit[i] as ReportedMention, sameUnit[j] as ReportedMention];
      // Cheapest test first: the words around a figure are read only for pairs still open.
      if (!disjoint(a, b) || together.has(pairKey(valueKey(a), valueKey(b)))) continue;
      if (!sameQuantity(a, b) || nameDifferentThings(a, b)) continue;
      pairs.push([a, b]);
    }
  }
  return pairs;
}
