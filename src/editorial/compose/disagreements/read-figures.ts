// Figures as written in a sentence: a number with what it measures. A count needs a noun
// right after it ("400 jobs", "37 wedding guests", "1.2 million customers"); an amount its
// currency ("$310 million"); a share "percent"; a date its month ("June 14"); a time of day
// its colon ("07:40", "10:15 p.m."); a duration may be compound ("2 hours, 21 minutes and 8
// seconds" is 2:21:08). A bare number ("rises to 43"), a score or range ("3-1"), a year, a
// name's number ("Line 4", "Chang'e 4"), an age ("58-year-old", "Obrist, 29,") and a date
// with its year ("Sept. 30, 2016") are not figures.
import { readCount } from "./counts.js";
import { FUNCTION_WORDS, MONTHS, QUALIFIERS } from "../../text/english-words.js";
import { isYear } from "./event-time.js";
import type { Figure, ReadOptions } from "./figure.js";
import type { Token } from "./sentence-tokens.js";

const RANGE_JOINER = /^[-–/]$/u;
const TIME_OF_DAY = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const CLOCK = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/;
const CAPITALISED = /^\p{Lu}/u;
const APOSTROPHE = /^['’]$/u;

/** Part of a score or range: "3-1", "2-2", "24/7". */
function inRange(tokens: readonly Token[], index: number): boolean {
  const [previous, token, next] = [tokens[index - 1], tokens[index], tokens[index + 1]];
  return (
    (previous?.isNumber === true && RANGE_JOINER.test(token?.before ?? "")) ||
    (next?.isNumber === true && RANGE_JOINER.test(next.before))
  );
}

/**
 * A number that belongs to a name: "Line 4", "Aurora-3", "Chang'e 4", "Flight 175" (not
 * "About 6,000" or "Only 14 percent" at the start of a sentence).
 */
function isNamesNumber(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index] as Token;
  if (token.before !== " " && token.before !== "-") return false;
  let name = index - 1;
  if (APOSTROPHE.test(tokens[name]?.before ?? "")) name -= 1;
  const word = tokens[name];
  if (!word || word.isNumber || !CAPITALISED.test(word.text)) return false;
  return name > 0 || !(FUNCTION_WORDS.has(word.lower) || QUALIFIERS.has(word.lower));
}

/** A capitalised month name ("June", "Sept"). */
function monthOf(token: Token | undefined): number | undefined {
  if (!token || !CAPITALISED.test(token.text)) return undefined;
  return MONTHS.get(token.lower);
}

/** Marks a number that is read but is not a figure of the event. */
const NOT_A_FIGURE = null;

function readDate(tokens: readonly Token[], index: number): Figure | null | undefined {
  const token = tokens[index] as Token;
  const day = Number(token.text);
  if (!/^\d{1,2}$/.test(token.text) || day < 1 || day > 31) return undefined;
  const after = tokens[index + 1];
  const monthBefore = /^\.?\s$/.test(token.before) ? monthOf(tokens[index - 1]) : undefined;
  const monthAfter = after?.before === " " ? monthOf(after) : undefined;
  const month = monthBefore ?? monthAfter;
  if (month === undefined) return undefined;
  const first = monthBefore !== undefined ? index - 1 : index;
  const last = monthBefore !== undefined ? index : index + 1;
  const year = tokens[last + 1];
  // "Sept. 30, 2016": a date with its year points to another day than the event's.
  if (year && isYear(year) && /^,?\s$/.test(year.before)) return NOT_A_FIGURE;
  const [start, end] = [(tokens[first] as Token).start, (tokens[last] as Token).end];
  return { kind: "date", unit: "date", value: month * 100 + day, first, last, start, end };
}

/** "p.m.", "pm", "a.m.": minutes to add to a time of day, and its last token. */
function meridiemShift(tokens: readonly Token[], index: number, hours: number): [number, number] {
  const [one, two] = [tokens[index + 1], tokens[index + 2]];
  if (one === undefined || (one.before !== " " && one.before !== "")) return [0, index];
  const dotted = two?.before === "." && `${one.lower}${two.lower}`;
  const marker = dotted === "pm" || dotted === "am" ? dotted : one.lower;
  if (marker !== "pm" && marker !== "am") return [0, index];
  const last = marker === dotted ? index + 2 : index + 1;
  if (marker === "pm") return [hours < 12 ? 12 * 60 : 0, last];
  return [hours === 12 ? -12 * 60 : 0, last];
}

function timeOfDay(
  tokens: readonly Token[],
  index: number,
  hours: number,
  minutes: number,
): Figure {
  const token = tokens[index] as Token;
  const [shift, last] = meridiemShift(tokens, index, hours);
  const value = hours * 60 + minutes + shift;
  // "p.m." is shown with its final stop, which ends the sentence or precedes the next word.
  const dotted = last === index + 2 && (tokens[last + 1]?.before.startsWith(".") ?? true);
  const end = (tokens[last] as Token).end + (dotted ? 1 : 0);
  return { kind: "time", unit: "time", value, first: index, last, start: token.start, end };
}

/** A time of day ("07:40", "10:15 p.m.", "7 pm") or a clock time ("2:21:08"). */
function readClock(tokens: readonly Token[], index: number): Figure | null | undefined {
  const token = tokens[index] as Token;
  const time = TIME_OF_DAY.exec(token.text);
  if (time) return timeOfDay(tokens, index, Number(time[1]), Number(time[2]));
  const clock = CLOCK.exec(token.text);
  if (clock) {
    const value = Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
    return { kind: "clock", unit: "clock", value, first: index, last: index, ...spanOf(token) };
  }
  if (token.text.includes(":")) return NOT_A_FIGURE;
  const hours = /^\d{1,2}$/.test(token.text) ? Number(token.text) : 0;
  if (hours >= 1 && hours <= 12 && meridiemShift(tokens, index, hours)[1] > index)
    return timeOfDay(tokens, index, hours, 0);
  return undefined;
}

function spanOf(token: Token): { start: number; end: number } {
  return { start: token.start, end: token.end };
}

/** Seconds in a unit of duration ("hour", "minut", "second" as stemmed). */
const DURATION_SECONDS = new Map([
  ["hour", 3600],
  ["minut", 60],
  ["second", 1],
]);
const DURATION_JOINER = /^(?:,\s|\s|,?\s?and\s)$/u;

/** "2 hours, 21 minutes and 8 seconds" → one duration of 8,468 seconds (2:21:08). */
function mergeDurations(figures: Figure[], text: string): Figure[] {
  const merged: Figure[] = [];
  for (const figure of figures) {
    const previous = merged.at(-1);
    const seconds = DURATION_SECONDS.get(figure.unit);
    const before = previous ? text.slice(previous.end, figure.start) : "";
    const previousSeconds =
      previous && (previous.kind === "clock" ? 1 : DURATION_SECONDS.get(previous.unit));
    if (previous && seconds && previousSeconds && DURATION_JOINER.test(before)) {
      const total =
        (previous.kind === "clock" ? previous.value : previous.value * previousSeconds) +
        figure.value * seconds;
      merged[merged.length - 1] = {
        ...previous,
        kind: "clock",
        unit: "clock",
        value: total,
        last: figure.last,
        end: figure.end,
      };
    } else merged.push(figure);
  }
  return merged;
}

/**
 * The figures of a tokenized sentence, skipping numbers for which `isSkipped` holds. A number
 * that is part of a figure (the day of a date) is read once.
 */
export function readFigures(
  text: string,
  tokens: readonly Token[],
  options: ReadOptions,
  isSkipped: (token: Token) => boolean,
): Figure[] {
  const figures: Figure[] = [];
  let taken = -1;
  tokens.forEach((token, index) => {
    if (!token.isNumber || index <= taken) return;
    if (inRange(tokens, index) || isSkipped(token)) return;
    let figure = readClock(tokens, index);
    if (figure === undefined) figure = readDate(tokens, index);
    if (figure === undefined && !isNamesNumber(tokens, index))
      figure = readCount(tokens, index, options);
    if (!figure) return;
    taken = figure.last;
    figures.push(figure);
  });
  return mergeDurations(figures, text);
}
