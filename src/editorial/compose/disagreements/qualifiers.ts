// The values a figure's wording allows: "12" is 12, "about 6,000" is 5,400 to 6,600, "at
// least 12" is 12 or more, "shortly before 07:45" is 07:15 to 07:45, "10 to 15 minutes" is
// 10 to 15. Two figures disagree only when no value satisfies both ("at least 12 injured"
// does not dispute "14 injured").
import { type Qualifier, QUALIFIER_PAIRS, QUALIFIERS } from "../../text/english-words.js";
import type { FigureKind } from "./figure.js";
import type { Token } from "./sentence-tokens.js";

/** How far "about" reaches: a tenth of the value, or a quarter of an hour for a time. */
const ABOUT_SHARE = 0.1;
const ABOUT_MINUTES = 15;
/** How far "shortly before/after" reaches for a time of day, in minutes. */
const BEFORE_MINUTES = 30;

/** The qualifier just before token `first` in its clause, if any. */
export function qualifierBefore(tokens: readonly Token[], first: number): Qualifier | undefined {
  const one = tokens[first - 1];
  const two = tokens[first - 2];
  const clause = tokens[first]?.clause;
  if (!one || one.clause !== clause) return undefined;
  if (two && two.clause === clause) {
    const pair = QUALIFIER_PAIRS.get(`${two.lower} ${one.lower}`);
    if (pair) return pair;
  }
  return QUALIFIERS.get(one.lower);
}

/**
 * The number before "to" or "and" that token `first` ends: the start of a range ("10 to 15
 * minutes", "between 12 and 36 hours") or the earlier value of a change ("rose from 37 to
 * 43"), which the publisher thereby reports too.
 */
export function numberBefore(
  tokens: readonly Token[],
  first: number,
): { value: number; isChange: boolean } | undefined {
  const [joiner, start, before] = [tokens[first - 1], tokens[first - 2], tokens[first - 3]];
  const clause = tokens[first]?.clause;
  if (!joiner || !start?.isNumber || start.clause !== clause || start.text.includes(":"))
    return undefined;
  const value = numberValue(start.text);
  if (joiner.lower === "to") return { value, isChange: before?.lower === "from" };
  if (joiner.lower === "and" && before?.lower === "between") return { value, isChange: false };
  return undefined;
}

/** A number as written, without thousands separators: "2,300" → 2300. */
export function numberValue(text: string): number {
  return Number(text.replace(/,(?=\d{3}(?:\D|$))/g, ""));
}

/** [low, high]: the values a figure of `kind` with `qualifier` allows. */
export function allowedRange(
  kind: FigureKind,
  value: number,
  qualifier: Qualifier | undefined,
): [number, number] {
  const isTime = kind === "time";
  const about = isTime ? ABOUT_MINUTES : Math.abs(value) * ABOUT_SHARE;
  switch (qualifier) {
    case "about":
      return kind === "date" ? [value, value] : [value - about, value + about];
    case "nearly":
      return [value - about, value];
    case "at-least":
      return [value, Number.POSITIVE_INFINITY];
    case "at-most":
      return [Number.NEGATIVE_INFINITY, value];
    case "before":
      return isTime ? [value - BEFORE_MINUTES, value] : [value, value];
    case "after":
      return isTime ? [value, value + BEFORE_MINUTES] : [value, value];
    default:
      return [value, value];
  }
}
