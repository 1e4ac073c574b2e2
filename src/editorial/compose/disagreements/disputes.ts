// Disputes: values of one quantity linked by conflicting mentions, each value with the
// publishers that state it and no other value of the dispute.
import { agree, conflictingPairs, groupBy } from "./conflicts.js";
import type { ReportedMention } from "./reported-mentions.js";
import { UnionFind } from "./union-find.js";

export interface Side {
  value: number;
  /** Publisher domain → name. */
  publishers: Map<string, string>;
  /** The mention quoted for this side. */
  example: ReportedMention;
  /** One of its publishers' titles states the value: that report's key figure. */
  headline: boolean;
}

/**
 * Publishers needed behind a value, unless a title of theirs states it: a figure that one
 * publisher alone mentions in passing is more often about something else (another place,
 * another product, another moment) than a rival figure for the same quantity.
 */
const MIN_PUBLISHERS = 2;

/** The mentions of each publisher among `members`. */
function byPublisher(members: readonly ReportedMention[]) {
  const publishers = new Map<string, { name: string; mentions: ReportedMention[] }>();
  for (const mention of members) {
    for (const [domain, name] of mention.publishers) {
      const entry = publishers.get(domain);
      if (entry) entry.mentions.push(mention);
      else publishers.set(domain, { name, mentions: [mention] });
    }
  }
  return publishers;
}

/**
 * Each value's publishers: those whose mentions in the dispute allow that value and no other
 * ("at least 12" allows both 12 and 14 and takes no side).
 */
function sidesOf(members: readonly ReportedMention[]): Side[] {
  const bounded = members.filter((m) => Number.isFinite(m.low) && Number.isFinite(m.high));
  const candidates = [...new Set(bounded.map((m) => m.value))].sort((a, b) => a - b);
  const sides = new Map<number, Side>();
  for (const [domain, { name, mentions }] of byPublisher(members)) {
    const allowed = candidates.filter((value) =>
      mentions.every((m) => m.low <= value && value <= m.high),
    );
    if (allowed.length !== 1) continue;
    const value = allowed[0] as number;
    // A publisher takes a side by stating its value ("about 6,000" allowing 6,100 does not).
    const ofValue = mentions.filter((m) => m.value === value);
    const stated = ofValue.find((m) => m.low === m.high) ?? ofValue[0];
    if (!stated) continue;
    let side = sides.get(value);
    if (!side)
      sides.set(value, (side = { value, publishers: new Map(), example: stated, headline: false }));
    side.publishers.set(domain, name);
    side.headline ||= ofValue.some((m) => m.headline);
  }
  return [...sides.values()].sort(
    (a, b) => b.publishers.size - a.publishers.size || a.value - b.value,
  );
}

/** Mentions of one value of one quantity: mentions that agree, as sets of indices. */
function valuesOf(mentions: readonly ReportedMention[]): UnionFind {
  const values = new UnionFind(mentions.length);
  const indices = mentions.map((_, at) => at);
  for (const same of groupBy(
    indices,
    (at) => `${mentions[at]!.kind}:${mentions[at]!.value}`,
  ).values()) {
    for (let i = 0; i < same.length; i++) {
      for (let j = i + 1; j < same.length; j++) {
        const [a, b] = [same[i] as number, same[j] as number];
        // Already one value (thousands of copies of one figure in one unit): nothing to read.
        if (values.find(a) === values.find(b)) continue;
        if (agree(mentions[a]!, mentions[b]!)) values.union(a, b);
      }
    }
  }
  return values;
}

/**
 * Every dispute among the cluster's mentions, as its sides (most-reported first): mentions
 * that agree are one value of a quantity, and values linked by conflicting mentions are one
 * dispute. A dispute needs two sides, each stated by two publishers or by a title.
 */
export function findDisputes(mentions: readonly ReportedMention[]): Side[][] {
  const indexOf = new Map(mentions.map((mention, at) => [mention, at]));
  const values = valuesOf(mentions);
  const disputes = new UnionFind(mentions.length);
  const inDispute = new Set<number>();
  for (const same of groupBy(mentions, (m) => `${m.kind}:${m.unit}`).values()) {
    for (const [a, b] of conflictingPairs(same)) {
      const [ra, rb] = [values.find(indexOf.get(a)!), values.find(indexOf.get(b)!)];
      disputes.union(ra, rb);
      inDispute.add(ra).add(rb);
    }
  }
  const members = new Map<number, ReportedMention[]>();
  mentions.forEach((mention, at) => {
    const value = values.find(at);
    if (!inDispute.has(value)) return;
    const root = disputes.find(value);
    const list = members.get(root);
    if (list) list.push(mention);
    else members.set(root, [mention]);
  });
  const found: Side[][] = [];
  for (const group of members.values()) {
    const sides = sidesOf(group).filter(
      (side) => side.publishers.size >= MIN_PUBLISHERS || side.headline,
    );
    if (sides.length >= 2) found.push(sides);
  }
  return found;
}
