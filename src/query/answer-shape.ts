// What kind of answer a question asks for, and whether a fact has that kind: "how many…"
// wants a number, "when…" a date or time. Ranking lifts facts of the asked-for kind, because
// the words of a question ("how many people were hurt") are rarely the words of its answer
// ("Nine people suffered minor injuries"). English only; other questions get no lift.

export const SHAPE_NUMBER = 1;
export const SHAPE_DATE = 2;

const NUMBER_WORDS =
  "one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred hundreds thousand thousands million millions billion billions dozen dozens half third quarter";
const MONTHS =
  "january february march april may june july august september october november december";
const DAY_WORDS =
  "monday tuesday wednesday thursday friday saturday sunday today tonight tomorrow yesterday weekend spring summer autumn winter";

const HAS_NUMBER = new RegExp(`\\d|\\b(?:${NUMBER_WORDS.replaceAll(" ", "|")})\\b`, "i");
const HAS_DATE = new RegExp(
  [
    `\\b(?:${MONTHS.replaceAll(" ", "|")}|${DAY_WORDS.replaceAll(" ", "|")})\\b`,
    "\\b\\d{1,2}:\\d{2}\\b",
    "\\b(?:19|20)\\d{2}\\b",
    "\\b(?:next|last|this|every|within|by the end of the) (?:week|month|year|quarter|decade)s?\\b",
    "\\b(?:days?|weeks?|months?|years?|hours?) (?:ago|from now)\\b",
  ].join("|"),
  "i",
);

const ASKS_NUMBER =
  /\bhow (?:many|much|long|far|big|large|tall|high|deep|old|fast|heavy|often|strong|hot|cold|low|severe|bad)\b|\bwhat (?:percentage|percent|share|proportion|number|price|fee|rate|amount|temperature|figure|size|level)\b|\bby how\b/i;
const ASKS_DATE = /\bwhen\b|\bwhat (?:time|date|day|year|month)\b|\bhow soon\b|\buntil\b/i;

/** The kinds of answer a fact's text can give (a bit set of SHAPE_*). */
export function factShape(text: string): number {
  return (HAS_NUMBER.test(text) ? SHAPE_NUMBER : 0) | (HAS_DATE.test(text) ? SHAPE_DATE : 0);
}

/** The kind of answer a question asks for (SHAPE_*), or 0 when it does not say. */
export function askedShape(question: string): number {
  if (ASKS_DATE.test(question)) return SHAPE_DATE;
  if (ASKS_NUMBER.test(question)) return SHAPE_NUMBER;
  return 0;
}
