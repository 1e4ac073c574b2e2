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
import { UnionFind } from "./union-find.js";

/** Context words two mentions of one value must share to agree without a unit or anchor. */
const SHARED_CONTEXT = 2;

function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared;
}

/**
 * About the same quantity: a shared anchor, or both the key figures of their reports
 * (conflictingPairs compares by the same rule, in its groups).
 */
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

/** What disjoint() reads of a mention, with its value. */
const rangeKey = (mention: ReportedMention) => `${mention.value}|${mention.low}|${mention.high}`;

/** Numbers the values of the mentions that may conflict; a pair of them as one number. */
class ValueNumbers {
  readonly #index: Map<number, number>;

  constructor(mentions: readonly ReportedMention[]) {
    this.#index = new Map();
    for (const { value } of mentions)
      if (!this.#index.has(value)) this.#index.set(value, this.#index.size);
  }

  get size(): number {
    return this.#index.size;
  }

  of(mention: ReportedMention): number | undefined {
    return this.#index.get(mention.value);
  }

  pair(a: number, b: number): number {
    return a < b ? a * this.size + b : b * this.size + a;
  }
}

/**
 * Pairs of values (ValueNumbers.pair) one publisher states both of, in one unit: two
 * quantities, not a dispute.
 */
function statedTogether(sameUnit: readonly ReportedMention[], numbers: ValueNumbers): Set<number> {
  // Each publisher's mentions, one per value and range: a wire service's thousand copies
  // of one figure are compared once.
  const byPublisher = new Map<string, Map<string, ReportedMention>>();
  for (const mention of sameUnit) {
    if (numbers.of(mention) === undefined) continue;
    for (const domain of mention.publishers.keys()) {
      let ranges = byPublisher.get(domain);
      if (!ranges) byPublisher.set(domain, (ranges = new Map<string, ReportedMention>()));
      const key = rangeKey(mention);
      if (!ranges.has(key)) ranges.set(key, mention);
    }
  }
  const pairs = new Set<number>();
  for (const ranges of byPublisher.values()) {
    const list = [...ranges.values()];
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = [list[i] as ReportedMention, list[j] as ReportedMention];
        if (disjoint(a, b)) pairs.add(numbers.pair(numbers.of(a)!, numbers.of(b)!));
      }
    }
  }
  return pairs;
}

/**
 * The mentions that some other one excludes (no common value): only they can conflict, and
 * only their words are read.
 */
function excludedByAnother(sameUnit: readonly ReportedMention[]): ReportedMention[] {
  let [lowest, highest] = [Infinity, -Infinity];
  for (const mention of sameUnit) {
    lowest = Math.min(lowest, mention.high);
    highest = Math.max(highest, mention.low);
  }
  return sameUnit.filter((mention) => lowest < mention.low || highest > mention.high);
}

/**
 * The groups whose members may be about one quantity (sameQuantity): the key figures of their
 * reports, and the mentions of each anchor. Within a group, one mention per value, range and
 * names: the others would be compared exactly as it is.
 */
function quantityGroups(open: readonly ReportedMention[]): ReportedMention[][] {
  const groups = new Map<string, Map<string, ReportedMention>>();
  const add = (group: string, mention: ReportedMention, names: string) => {
    let members = groups.get(group);
    if (!members) groups.set(group, (members = new Map<string, ReportedMention>()));
    const key = `${rangeKey(mention)}|${names}`;
    if (!members.has(key)) members.set(key, mention);
  };
  for (const mention of open) {
    const { anchors, names } = mention.words();
    const nameKey = [...names].sort().join(" ");
    if (mention.headline) add("", mention, nameKey);
    for (const anchor of anchors) add(`:${anchor}`, mention, nameKey);
  }
  return [...groups.values()].map((members) => [...members.values()]);
}

/**
 * Mentions of one kind and unit above which conflictingPairs compares within quantity groups:
 * below it, every pair is cheaper to compare (most pairs end at their values, before any word
 * is read) than the groups are to build.
 */
export const GROUPED_ABOVE = 64;

/**
 * Conflicting pairs among mentions of one kind and unit: enough of them to link the same
 * values as all the conflicting pairs would. A dispute is a set of values (findDisputes
 * joins the values a pair links), so a pair whose two values are already linked adds
 * nothing; above `groupedAbove` mentions only those that may be about one quantity are
 * compared at all. Comparing every pair instead took seconds in a story of thousands of
 * reports whose figures differ.
 */
export function conflictingPairs(
  sameUnit: readonly ReportedMention[],
  groupedAbove = GROUPED_ABOVE,
): Array<[ReportedMention, ReportedMention]> {
  const open = excludedByAnother(sameUnit);
  if (open.length < 2) return [];
  const numbers = new ValueNumbers(open);
  const together = statedTogether(sameUnit, numbers);
  const linked = new UnionFind(numbers.size);
  const pairs: Array<[ReportedMention, ReportedMention]> = [];
  const groups = open.length > groupedAbove ? quantityGroups(open) : [open];
  for (const group of groups) {
    // Values of the group not yet linked to each other: once one, the group adds nothing.
    let parts = new Set(group.map((mention) => linked.find(numbers.of(mention)!))).size;
    for (let i = 0; i < group.length && parts > 1; i++) {
      for (let j = i + 1; j < group.length && parts > 1; j++) {
        const [a, b] = [group[i] as ReportedMention, group[j] as ReportedMention];
        if (!disjoint(a, b)) continue;
        const [va, vb] = [numbers.of(a)!, numbers.of(b)!];
        if (linked.find(va) === linked.find(vb) || together.has(numbers.pair(va, vb))) continue;
        if (!sameQuantity(a, b) || nameDifferentThings(a, b)) continue;
        linked.union(va, vb);
        pairs.push([a, b]);
        parts--;
      }
    }
  }
  return pairs;
}
