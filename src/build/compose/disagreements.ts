// Unresolved points: the same quantity or date reported differently by different publishers
// ("12 people were injured" here, "14 people were injured" there).
//
// A mention is a number with its unit: the word after it ("people", "million customers"), or
// the month before a day ("June 14"). Two mentions of one unit with different values are
// about the same thing when they share an anchor (the nearest content word before the
// number or after the unit: "injured", "cut") or at least two words around them. A value
// counts only through publishers that state no other value of that unit, so a publisher
// reporting both a quake and its aftershock is no evidence of a disagreement, and one
// publisher against one other is not reported (two true figures about different things are
// far more common than a real dispute).
import type { Manifest } from "../../manifests/schema.js";
import { splitSentences } from "../text/sentences.js";
import { lowerCase } from "../text/string-builtins.js";
import { tokenize } from "../text/tokens.js";
import { NUMBER, normalized, WORD } from "./sentence-keys.js";

const MONTHS = new Set([
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
]);
const HAS_DIGIT = /\p{N}/u;
const MAGNITUDES = new Set(["hundred", "thousand", "million", "billion", "trillion"]);
/** Words on each side of a number that describe it. */
const CONTEXT_WINDOW = 5;
/** Publishers needed behind the most-reported value before a difference is reported. */
const MIN_LARGER_SIDE = 2;
/** How far an anchor may be from the number or its unit. */
const ANCHOR_REACH = 3;

interface Mention {
  unit: string;
  /** The value as compared ("2300", "june 14"). */
  value: string;
  /** How it is shown ("2,300 people", "June 14"). */
  shown: string;
  anchors: Set<string>;
  context: Set<string>;
  sentence: string;
  /** Unit, value and sentence: one mention whichever Manifests repeat it. */
  key: string;
  /** Publisher domain → name, for every Manifest with this very mention. */
  publishers: Map<string, string>;
}

/** A mention as read from a sentence, before it is matched to its publishers. */
type FoundMention = Omit<Mention, "publishers">;

const stemsByLanguage = new Map<string, Map<string, string>>();

/** Stems of one language: a word's stem, or "" for a stop word (the same words recur). */
function stemsOf(language: string): Map<string, string> {
  let stems = stemsByLanguage.get(language);
  if (!stems) stemsByLanguage.set(language, (stems = new Map<string, string>()));
  return stems;
}

function stemOf(word: string, language: string, stems = stemsOf(language)): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = tokenize(word, language)[0] ?? "";
    if (stems.size >= 100_000) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

function nearestContent(
  content: readonly string[],
  from: number,
  step: 1 | -1,
): string | undefined {
  for (
    let index = from, taken = 0;
    index >= 0 && index < content.length && taken < ANCHOR_REACH;
    index += step, taken++
  ) {
    if (content[index]) return content[index];
  }
  return undefined;
}

function mentionsInSentence(sentence: string, language: string): FoundMention[] {
  const words = normalized(sentence).match(WORD) ?? [];
  const lower = words.map(lowerCase);
  const isNumber = lower.map((word) => NUMBER.test(word));
  if (!isNumber.includes(true)) return [];
  const stems = stemsOf(language);
  const content = lower.map((word, index) =>
    isNumber[index] ? "" : stemOf(word, language, stems),
  );
  const mentions: FoundMention[] = [];
  lower.forEach((word, index) => {
    if (!isNumber[index]) return;
    const before = lower[index - 1] ?? "";
    const isDate = MONTHS.has(before);
    let unitEnd = index + 1;
    if (!isDate && MAGNITUDES.has(lower[unitEnd] ?? "")) {
      // "1.2 million customers"; "$92 million on ..." keeps "million" alone.
      if (content[unitEnd + 1]) unitEnd += 1;
    } else if (!isDate && !content[unitEnd]) {
      return; // no unit ("3-1 at Quayside", "at 03:12 on Saturday"): nothing to compare
    }
    const unitWords = isDate ? [before] : lower.slice(index + 1, unitEnd + 1);
    if (unitWords.length === 0) return;
    const unit = unitWords
      .map((unitWord) => stemOf(unitWord, language, stems) || unitWord)
      .join(" ");
    const first = isDate ? index - 1 : index;
    const last = isDate ? index : unitEnd;
    const anchors = new Set<string>();
    const [anchorBefore, anchorAfter] = [
      nearestContent(content, first - 1, -1),
      nearestContent(content, last + 1, 1),
    ];
    if (anchorBefore !== undefined) anchors.add(anchorBefore);
    if (anchorAfter !== undefined) anchors.add(anchorAfter);
    const context = new Set<string>();
    for (let near = first - CONTEXT_WINDOW; near <= last + CONTEXT_WINDOW; near++) {
      const stem = content[near];
      if ((near < first || near > last) && stem) context.add(stem);
    }
    const value = word.includes(",") ? word.replace(/,(?=\d{3}\b)/g, "") : word;
    const shownWords = words.slice(first, last + 1).join(" ");
    const [mentionUnit, mentionValue] = isDate
      ? [`date:${before}`, `${before} ${value}`]
      : [unit, value];
    mentions.push({
      unit: mentionUnit,
      value: mentionValue,
      shown: shownWords,
      anchors,
      context,
      sentence,
      key: `${mentionUnit}\u0000${mentionValue}\u0000${sentence}`,
    });
  });
  return mentions;
}

function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared;
}

function related(a: Mention, b: Mention): boolean {
  return sharedCount(a.anchors, b.anchors) > 0 || sharedCount(a.context, b.context) >= 2;
}

/** Values of one unit linked by related mentions, as groups of values (union-find). */
function conflictingValues(
  mentions: readonly Mention[],
  exclusive: (m: Mention) => boolean,
): string[][] {
  const parent = new Map<string, string>();
  const find = (value: string): string => {
    let root = value;
    while (parent.get(root) !== undefined && parent.get(root) !== root)
      root = parent.get(root) as string;
    return root;
  };
  const candidates = mentions.filter(exclusive);
  for (let i = 0; i < candidates.length; i++) {
    for (let j = i + 1; j < candidates.length; j++) {
      const [a, b] = [candidates[i] as Mention, candidates[j] as Mention];
      if (a.value === b.value) continue;
      const [ra, rb] = [find(a.value), find(b.value)];
      // Already linked: both values are in `parent`, and the pair would change nothing.
      if (ra === rb || !related(a, b)) continue;
      parent.set(ra, ra);
      parent.set(rb, rb);
      if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
    }
  }
  const groups = new Map<string, string[]>();
  for (const value of parent.keys()) {
    const root = find(value);
    groups.set(root, [...(groups.get(root) ?? []), value]);
  }
  return [...groups.values()].filter((values) => values.length >= 2);
}

function describe(
  values: readonly string[],
  mentions: readonly Mention[],
  statesOnly: (domain: string, value: string) => boolean,
): string | undefined {
  const sides = values.map((value) => {
    const ofValue = mentions.filter((mention) => mention.value === value);
    const names = new Map<string, string>();
    for (const mention of ofValue) {
      for (const [domain, name] of mention.publishers)
        if (statesOnly(domain, value)) names.set(domain, name);
    }
    const example = ofValue.find((mention) =>
      [...mention.publishers.keys()].some((d) => statesOnly(d, value)),
    ) as Mention;
    return { value, names, example };
  });
  sides.sort((a, b) => b.names.size - a.names.size || (a.value < b.value ? -1 : 1));
  // One publisher against one other is too thin: often two true figures about different
  // things ("employs 210 people", "will employ 35 people").
  if ((sides[0]?.names.size ?? 0) < MIN_LARGER_SIDE) return undefined;
  const parts = sides.map(
    ({ names, example }) =>
      `${example.shown} according to ${[...names.values()].join(", ")} ("${example.sentence}")`,
  );
  return `Sources differ: ${parts.join("; ")}.`;
}

function withPublisher(found: FoundMention, domain: string, name: string): Mention {
  const { unit, value, shown, anchors, context, sentence, key } = found;
  return {
    unit,
    value,
    shown,
    anchors,
    context,
    sentence,
    key,
    publishers: new Map([[domain, name]]),
  };
}

/** Mentions of a sentence, read once per cluster and language: wire copies repeat sentences. */
function mentionReader(): (sentence: string, language: string) => readonly FoundMention[] {
  const byLanguage = new Map<string, Map<string, readonly FoundMention[]>>();
  return (sentence, language) => {
    let known = byLanguage.get(language);
    if (!known) byLanguage.set(language, (known = new Map<string, readonly FoundMention[]>()));
    let mentions = known.get(sentence);
    if (!mentions) known.set(sentence, (mentions = mentionsInSentence(sentence, language)));
    return mentions;
  };
}

/**
 * The unresolved points of a cluster, as sentences naming the sources (deterministic order).
 * `sentences` holds each Manifest's sentences when the caller has split them already.
 */
export function findDisagreements(
  manifests: readonly Manifest[],
  sentences: readonly (readonly string[])[] = manifests.map((manifest) =>
    splitSentences(manifest.text, manifest.language),
  ),
): string[] {
  // The same mention in many Manifests (wire copies) is kept once, with all its publishers.
  const distinct = new Map<string, Mention>();
  const mentionsOf = mentionReader();
  for (const [index, manifest] of manifests.entries()) {
    const { domain, name } = manifest.publisher;
    for (const sentence of sentences[index] ?? []) {
      if (!HAS_DIGIT.test(sentence)) continue;
      for (const found of mentionsOf(sentence, manifest.language)) {
        const known = distinct.get(found.key);
        if (known) known.publishers.set(domain, name);
        else distinct.set(found.key, withPublisher(found, domain, name));
      }
    }
  }
  const byUnit = new Map<string, Mention[]>();
  for (const mention of distinct.values()) {
    const list = byUnit.get(mention.unit);
    if (list) list.push(mention);
    else byUnit.set(mention.unit, [mention]);
  }
  const found: string[] = [];
  // Only a unit reported with two values or more can be disputed.
  const disputable = [...byUnit].filter(([, mentions]) =>
    mentions.some((mention) => mention.value !== mentions[0]!.value),
  );
  for (const [, mentions] of disputable.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const valuesOf = new Map<string, Set<string>>();
    for (const mention of mentions) {
      for (const domain of mention.publishers.keys()) {
        valuesOf.set(domain, (valuesOf.get(domain) ?? new Set<string>()).add(mention.value));
      }
    }
    const statesOnly = (domain: string, value: string) => {
      const values = valuesOf.get(domain);
      return values?.size === 1 && values.has(value);
    };
    const exclusive = (mention: Mention) => {
      for (const domain of mention.publishers.keys())
        if (statesOnly(domain, mention.value)) return true;
      return false;
    };
    for (const values of conflictingValues(mentions, exclusive)) {
      const described = describe(values.sort(), mentions, statesOnly);
      if (described) found.push(described);
    }
  }
  return found;
}
