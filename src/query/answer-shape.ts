// What kind of answer a question asks for, and whether a fact has that kind: "how many…"
// wants a number, "when…" a date or time, "who…" a name, "where…" a place, "why…" a cause.
// Ranking lifts facts of the asked-for kind, because the words of a question ("how many
// people were hurt") are rarely the words of its answer ("Nine people suffered minor
// injuries"), and only when the fact's candidate answer is not already in the question
// ("Who is Riona Castell?" is not answered by any sentence naming Riona Castell):
// answer-rerank.ts. English only; other questions get no lift. Signals are shapes of text
// (capitals, digits, prepositions), not lists of names, so they hold on news not seen.

import { QUERY_STOP_WORDS } from "./stop-words.js";

export const SHAPE_NUMBER = 1;
export const SHAPE_DATE = 2;
/** A name: a capitalised word after the first (a person, an organisation, a place). */
export const SHAPE_NAME = 4;
/** A place: a preposition of place before a capitalised word ("in Tessel", "at Orla Park"). */
export const SHAPE_PLACE = 8;
/** A cause: "because", "due to", "caused by"… */
export const SHAPE_REASON = 16;

const NUMBER_WORDS =
  "one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred hundreds thousand thousands million millions billion billions dozen dozens half third quarter";
const MONTHS =
  "january february march april may june july august september october november december";
const DAY_WORDS =
  "monday tuesday wednesday thursday friday saturday sunday today tonight tomorrow yesterday weekend spring summer autumn winter";

/**
 * Number words that say roughly how many ("dozens", "thousands of people", "several"): a
 * count, but not the figure a "how many" question asks for when a source gives one.
 */
const VAGUE_NUMBER_WORDS = "dozens hundreds thousands millions billions several scores";
const EXACT_NUMBER_WORDS = NUMBER_WORDS.split(" ")
  .filter((word) => !VAGUE_NUMBER_WORDS.split(" ").includes(word))
  .join("|");
/**
 * A time of day: "09:10", "6am", "6.10am", "10.45 p.m.", "noon", "midnight", "9 o'clock" (the
 * clock forms of English news, not words of any one event).
 */
const CLOCK_TIME =
  "\\b\\d{1,2}:\\d{2}\\b|\\b\\d{1,2}(?:[.:]\\d{2})?\\s?[ap]\\.?m\\b\\.?|\\b(?:noon|midnight|\\d{1,2} o['’]clock)\\b";
const HAS_CLOCK_TIME = new RegExp(CLOCK_TIME, "i");
/** "What time…", "at what time…", "what hour…": a time of day, not a day or a year. */
const ASKS_CLOCK_TIME = /\b(?:what|which) (?:time|hour)\b/i;

const HAS_DATE = new RegExp(
  [
    `\\b(?:${MONTHS.replaceAll(" ", "|")}|${DAY_WORDS.replaceAll(" ", "|")})\\b`,
    CLOCK_TIME,
    "\\b(?:19|20)\\d{2}\\b",
    "\\b(?:next|last|this|every|within|by the end of the) (?:week|month|year|quarter|decade)s?\\b",
    "\\b(?:days?|weeks?|months?|years?|hours?) (?:ago|from now)\\b",
  ].join("|"),
  "i",
);

const MONTH_NAME =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
/**
 * Numbers that are not quantities: a day of a month ("June 14", "Dec. 22", "14 June"), a
 * year ("in 2018", "2017-18"), a clock time, an ordinal ("21st"), a numeric date
 * ("12/25/2017"). "How many" and "how much" are not answered by a date; without this, "The
 * law goes to parliament on October 14" was lifted as an answer to "by how much…".
 */
const NOT_QUANTITY = new RegExp(
  [
    `\\b(?:${MONTH_NAME})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?:,?\\s+\\d{4}\\b)?`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTH_NAME})\\b\\.?(?:,?\\s+\\d{4}\\b)?`,
    "\\b\\d{1,4}[/-]\\d{1,2}[/-]\\d{1,4}\\b",
    "(?<![\\d,.$€£¥])\\b(?:1[89]|20)\\d{2}(?:[/–-]\\d{2})?s?\\b(?![.,]\\d)",
    "\\b\\d+(?:st|nd|rd|th)\\b",
    CLOCK_TIME,
  ].join("|"),
  "gi",
);
/** A quantity: digits, or an exact number word ("seven", "a third"), once dates are set aside. */
const QUANTITY = new RegExp(`\\d[\\d,.]*|\\b(?:${EXACT_NUMBER_WORDS})\\b`, "gi");

/** `text` without the characters of `characters` at its end (a pattern's `[.,]+$` was quadratic). */
function trimEndOf(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

/** The quantities a text states, as written ("6,000", "seven"); dates and vague words aside. */
export function quantitiesIn(text: string): string[] {
  return (text.replace(NOT_QUANTITY, " ").match(QUANTITY) ?? []).map((number) =>
    trimEndOf(number, ".,").toLowerCase(),
  );
}

/** Capitalised words after the first; days and months are dates, not names. */
const NAME = /(?<=[\s,;:(“"‘'–—-])\p{Lu}[\p{L}'’.-]*/gu;
const CALENDAR_WORDS = new Set(`${MONTHS} ${DAY_WORDS}`.split(" "));
const HAS_PLACE = /\b(?:in|at|near|outside|inside|from|to|into|across|off|on) (?:the )?\p{Lu}/u;
const HAS_REASON =
  /\b(?:because|due to|owing to|caused by|as a result|blamed|led to|triggered by|after|following|amid|so that|in order to)\b/i;

/**
 * A name is asked for by "who", by "what/which <kind of agent>", by "what is/was the name of",
 * "what did … name …", "… called?", and by "which <anything>" not asked for as a place or a
 * time first (English question grammar: "which" picks one named thing out of several).
 */
const ASKS_NAME =
  /\bwho(?:m|se)?\b|\bwhat (?:company|companies|firm|team|club|person|people|country|countries|group|party|player|minister|official|officials|agency|organi[sz]ation|airline|bank|name)\b|\bwhat (?:is|was|are|were|'s) (?:the |their |its |his |her )?names?\b|\bwhat (?:did|do|does|will|would) .* name\b|\bcalled\s*(?:\?\s*)?$|\bwhich\b/i;
/** "Where", "what/which <kind of place>", and a preposition of place before "which" ("at which beach"). */
const ASKS_PLACE =
  /\bwhere\b|\b(?:which|what) (?:city|cities|town|country|region|state|area|place|village|district|street|site|port|beach|island|province)\b|\b(?:in|at|on|near|from|into|off) which\b/i;
const ASKS_REASON = /\bwhy\b|\bwhat (?:caused|led to|prompted|triggered)\b|\bhow come\b/i;

const HAS_DATE_GLOBAL = new RegExp(HAS_DATE.source, "gi");

const ASKS_NUMBER =
  /\bhow (?:many|much|long|far|big|large|tall|high|deep|old|fast|heavy|often|strong|hot|cold|low|severe|bad)\b|\bwhat (?:[\p{L}-]+ )?(?:percentage|percent|share|proportion|number|price|fee|rate|amount|temperature|figure|size|level)\b|\bby how\b/iu;
const ASKS_DATE =
  /\bwhen\b|\b(?:what|which) (?:time|date|day|year|month)\b|\bhow soon\b|\buntil\b/i;

/** The names of a text (capitalised words after the first, calendar words aside), lower-cased. */
export function namesIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(NAME)) {
    const name = match[0].toLowerCase().replace(/['’]s$|(?<![.'’-])[.'’-]+$/u, "");
    if (name !== "" && !CALENDAR_WORDS.has(name)) names.push(name);
  }
  return names;
}

/** The kinds of answer a fact's text can give (a bit set of SHAPE_*). */
export function factShape(text: string): number {
  let shape = quantitiesIn(text).length > 0 ? SHAPE_NUMBER : 0;
  if (HAS_DATE.test(text)) shape |= SHAPE_DATE;
  if (namesIn(text).length > 0) shape |= SHAPE_NAME;
  if (HAS_PLACE.test(text)) shape |= SHAPE_PLACE;
  if (HAS_REASON.test(text)) shape |= SHAPE_REASON;
  return shape;
}

/** The kind of answer a question asks for (SHAPE_*), or 0 when it does not say. */
export function askedShape(question: string): number {
  if (ASKS_DATE.test(question)) return SHAPE_DATE;
  if (ASKS_NUMBER.test(question)) return SHAPE_NUMBER;
  if (ASKS_PLACE.test(question)) return SHAPE_PLACE;
  if (ASKS_NAME.test(question)) return SHAPE_NAME;
  if (ASKS_REASON.test(question)) return SHAPE_REASON;
  return 0;
}

/**
 * Does `text` hold an answer of kind `shape` that `question` does not already hold? A fact
 * restating the question's own figure or names ("How many of the 850 jobs…") has the shape
 * but not the answer.
 */
export function holdsNewAnswer(text: string, shape: number, question: string): boolean {
  const asked = question.toLowerCase();
  switch (shape) {
    case SHAPE_NUMBER: {
      const measure = askedMeasure(question);
      if (measure && !measure.figure.test(text)) return false;
      return quantitiesIn(text).some((number) => !asked.includes(number));
    }
    case SHAPE_NAME:
    case SHAPE_PLACE:
      return namesIn(text).some((name) => !asked.includes(name));
    case SHAPE_DATE: {
      if (ASKS_CLOCK_TIME.test(question) && !HAS_CLOCK_TIME.test(text)) return false;
      const dates = text.match(HAS_DATE_GLOBAL) ?? [];
      return dates.length === 0 || dates.some((date) => !asked.includes(date.toLowerCase()));
    }
    default:
      return true;
  }
}

const COUNTED = new RegExp(
  `\\bhow (?:many|much)\\s+((?:[\\p{L}'’-]+\\s+){0,3}?)(?:were|was|are|is|did|do|does|have|has|had|will|would|can|could|should|must|got|get)\\b`,
  "iu",
);
const COUNTED_NOUN = /\bhow (?:many|much)\s+([\p{L}'’-]+)\s+\p{L}/iu;
const EXACT_NUMBER_WORD_SET = new Set(EXACT_NUMBER_WORDS.split("|"));
const DIGITS = /^\d/;
/** Words a count may stand before its noun with ("1.8 million Telvara customers"). */
const COUNT_REACH = 3;

/** The words of "how many <words> were…" (the thing counted), as written, lower-cased. */
export function countedWords(question: string): string[] {
  // Without an auxiliary ("how many people protested…"), the word after "how many" is the noun.
  const noun = COUNTED_NOUN.exec(question)?.[1];
  const words =
    COUNTED.exec(question)?.[1] ??
    (noun !== undefined && !QUERY_STOP_WORDS.has(noun.toLowerCase()) ? noun : undefined);
  return words === undefined
    ? []
    : words
        .toLowerCase()
        .split(/\s+/u)
        .filter((word) => word !== "");
}

/**
 * Does `words` (a fact's lower-cased words) give a count of one of `counted` (terms, as
 * query-terms.ts makes them): a number within COUNT_REACH words before it ("40,000 homes",
 * "1.8 million Telvara Mobile customers")?
 */
export function countsOneOf(
  words: readonly string[],
  counted: ReadonlySet<string>,
  termOf: (word: string) => string | undefined,
): boolean {
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    if (!DIGITS.test(word) && !EXACT_NUMBER_WORD_SET.has(word)) continue;
    for (let next = at + 1; next <= at + COUNT_REACH && next < words.length; next++) {
      const term = termOf(words[next]!);
      if (term !== undefined && counted.has(term)) return true;
    }
  }
  return false;
}

const KIND_ASKED =
  /\b(?:which|what)\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]+)\s+(?:is|was|are|were|did|does|do|has|have|had|will|would|can|could)\b/iu;
const WHICH_NOUN = /\b[Ww]hich\s+(?:\p{Lu}[\p{L}-]*\s+){0,2}(\p{Ll}[\p{L}-]*)/u;
/** Words a name may stand from its kind noun with ("NASA astronaut Peggy Whitson"). */
const KIND_REACH = 3;

/**
 * The kind of thing a "which/what <kind> …" question asks the name of ("which beach did…",
 * "which star receiver did…"), as written, lower-cased; undefined for other questions.
 * English question grammar: the noun before the verb is what is asked to be named.
 */
export function askedKind(question: string): string | undefined {
  const shape = askedShape(question);
  if (shape !== SHAPE_NAME && shape !== SHAPE_PLACE) return undefined;
  // The head of the phrase after "which"; else the noun before the auxiliary ("what kind of
  // boat was…"), else the first lower-case word after "which".
  const kind = (
    headAfterWhich(question) ??
    KIND_ASKED.exec(question)?.[1] ??
    WHICH_NOUN.exec(question)?.[1]
  )?.toLowerCase();
  return kind === undefined || QUERY_STOP_WORDS.has(kind) ? undefined : kind;
}

/**
 * Words after which a word is a verb, not the asked noun: an article, a possessive or a
 * quantifier opening its object ("runs the tent", "sells most of"), a conjunction ("shot and
 * killed"), a particle ("spoke out"). After a noun a preposition comes instead ("the tunnel
 * under the river", "the boulevard in Nice"). English.
 */
const AFTER_A_VERB = new Set(
  (
    "the a an his her its their our my your this that these those most more many much some " +
    "any all and out up down off back away"
  ).split(" "),
);
const WHICH_WORD = /^(?:which|what)$/iu;
/** Nouns a "which" phrase may stack before its head ("German police union boss"). */
const MAX_KIND_WORDS = 4;

/**
 * The head noun of the phrase after "which" (or "what"): "Which aid organization runs…" →
 * organization, "Which German police union boss spoke…" → boss, "Which airline's plane…" →
 * airline, "In which northeastern Nigerian town, near…" → town. Names are skipped (they modify
 * it); the phrase ends at a function word, at a possessive (what is asked is its owner), at a
 * comma, or before its verb: a word in -ed, or one before AFTER_A_VERB. English question
 * grammar, read without a tagger; undefined when no lower-case word follows.
 */
function headAfterWhich(question: string): string | undefined {
  const tokens = question.split(/\s+/u);
  const at = tokens.findIndex((token) => WHICH_WORD.test(token));
  if (at < 0) return undefined;
  const words: string[] = [];
  for (let index = at + 1; index < tokens.length && words.length < MAX_KIND_WORDS; index++) {
    const token = tokens[index]!;
    const word = trimEndOf(token, ",;:?!.");
    if (/^\p{Lu}/u.test(word)) continue;
    const possessive = /^(\p{Ll}[\p{Ll}-]*)['’]s$/u.exec(word);
    if (possessive) return possessive[1];
    if (!/^\p{Ll}[\p{Ll}-]*$/u.test(word) || QUERY_STOP_WORDS.has(word)) break;
    const next = tokens[index + 1]?.toLowerCase() ?? "";
    if (words.length > 0 && (word.endsWith("ed") || AFTER_A_VERB.has(next))) break;
    words.push(word);
    if (word !== token) break;
  }
  return words.at(-1);
}

/**
 * Does `text` name a thing of the asked kind: a capitalised word within KIND_REACH words of
 * the kind noun (`kind`, a term as query-terms.ts makes them) that the question does not
 * hold ("Terrigal Beach" for "which beach", "astronaut Peggy Whitson")?
 */
export function namesBesideKind(
  text: string,
  kind: string,
  question: string,
  termOf: (word: string) => string | undefined,
): boolean {
  const words = text.split(/\s+/u);
  const bare = (word: string) =>
    word.toLowerCase().replace(/^[^\p{L}\p{N}]+|(?<![^\p{L}\p{N}])[^\p{L}\p{N}]+$/gu, "");
  const asked = new Set(question.split(/\s+/u).map(bare));
  for (let at = 0; at < words.length; at++) {
    if (termOf(bare(words[at]!)) !== kind) continue;
    const last = Math.min(words.length - 1, at + KIND_REACH);
    // From the second word: a text's first word is capitalised whatever it is.
    for (let near = Math.max(1, at - KIND_REACH); near <= last; near++) {
      const word = words[near]!;
      if (near !== at && /^\p{Lu}/u.test(word) && !asked.has(bare(word))) return true;
    }
  }
  return false;
}

/**
 * Measure questions: "how hot" asks for a temperature, "what percentage" for a share. A
 * fact answers with a figure in that measure's units; the measure's own words ("temperature",
 * "degrees") are searched too, since a report of 41.3 °C rarely says "hot". A grammar of
 * English question forms and SI/common units, not a list of the news's words.
 */
interface Measure {
  asks: RegExp;
  /** A figure in this measure's units. */
  figure: RegExp;
  /** Words searched besides the question's. */
  words: readonly string[];
}

const LENGTH_UNITS =
  "km|kilomet(?:re|er)s?|met(?:re|er)s?|miles?|feet|foot|ft|yards?|cm|centimet(?:re|er)s?|inch(?:es)?";
const MASS_UNITS = "kg|kilo(?:gram)?s?|grams?|tonnes?|tons?|lbs?|litres?|liters?|barrels?";
const DURATION_UNITS = "seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?";
const COUNT_WORD =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|a few|many";

const AUXILIARY =
  "did|does|do|has|have|had|will|would|can|could|should|must|might|may|is|are|was|were";
const CHANGE_VERBS =
  "rise|rises|rose|risen|fall|falls|fell|fallen|drop|drops|dropped|go up|gone up|went up|go down|gone down|went down|increase|increased|decrease|decreased|grow|grown|grew|shrink|shrunk|shrank|climb|climbed|jump|jumped|surge|surged|soar|soared|plunge|plunged|slump|slumped|decline|declined|reduce|reduced|cut|lower|lowered|gain|gained|slide|slid|sink|sank|sunk|rebound|rebounded";

/**
 * A number read from the start of its run of digits and separators (the lookbehind), its
 * leading separators included (".5 km"): a figure found from inside a run is found from its
 * start too, and trying every digit of a long run ("0,0,0,…") was quadratic. The figures are
 * tested, never extracted, so the separators it takes in change nothing.
 */
const NUMBER_RUN = "(?<![\\d.,])[.,]*\\d[\\d.,]*";

const MEASURES: readonly Measure[] = [
  {
    asks: /\bwhat (?:percentage|percent|share|proportion)\b|\bhow many percent\b/i,
    figure:
      /\d\s?(?:%|percent\b|per cent\b|percentage points?\b)|\b(?:one|two|three) in (?:three|four|five|ten)\b/i,
    words: ["percent"],
  },
  {
    asks: /\bhow (?:hot|cold|warm|cool)\b|\bwhat (?:temperature|temperatures)\b/i,
    figure: /\d\s?(?:°|degrees?\b|c\b|f\b)/i,
    words: ["temperature", "degrees", "heat"],
  },
  {
    asks: /\bhow (?:far|tall|high|deep|wide|big|large)\b/i,
    figure: new RegExp(`${NUMBER_RUN}[\\s-]?(?:${LENGTH_UNITS}|hectares?|acres?|square)\\b`, "i"),
    words: [],
  },
  {
    asks: /\bhow long\b/i,
    figure: new RegExp(
      `${NUMBER_RUN}[\\s-]?(?:${LENGTH_UNITS}|${DURATION_UNITS})\\b|\\b(?:${COUNT_WORD})[\\s-](?:${DURATION_UNITS})\\b`,
      "i",
    ),
    words: [],
  },
  {
    asks: /\bhow old\b|\bwhat age\b/i,
    figure: /\b\d{1,3}(?:-year-old\b|, | years old\b)|\baged \d/i,
    words: ["age", "aged"],
  },
  {
    // "By how much", or "how much" + auxiliary + a verb of change ("how much did ripple
    // surge", "how much can rents go up"), asks for the size of a change: a percent, points, a
    // multiple, a figure in units, "by" a fraction, or an amount of money. "How much snow fell"
    // (no auxiliary: the noun is what is measured) does not.
    asks: new RegExp(
      `\\bby how much\\b|\\bhow much (?:${AUXILIARY})\\b.*\\b(?:${CHANGE_VERBS})\\b`,
      "iu",
    ),
    figure: new RegExp(
      `\\d\\s?(?:%|percent\\b|per cent\\b|percentage points?\\b|points?\\b|times\\b)|${NUMBER_RUN}[\\s-]?(?:${LENGTH_UNITS}|${MASS_UNITS}|°|degrees?)\\b|\\bby (?:about |around |almost |nearly |roughly |more than |less than |up to |just |only )?(?:a (?:half|third|quarter|fifth|tenth)\\b|one (?:half|third|quarter|fifth|tenth)\\b|half\\b)|[$€£¥]\\s?\\d`,
      "iu",
    ),
    words: [],
  },
  {
    // "How much" asks for money only when the question speaks of money: "how much did ripple
    // surge" and "by how much will emissions fall" ask for a change (above).
    asks: /\bwhat (?:[\p{L}-]+ )?(?:price|fee|cost|amount|sum)\b|\bhow much\b.*\b(?:money|costs?|pay|paid|paying|worth|spend|spent|spending|raise|raised|fines?|fined|fund|funds|funding|budget|price|fees?|salary|compensation|loans?)\b/iu,
    figure:
      /[$€£¥]\s?\d|(?<![\d.,])[.,]*\b\d[\d.,]*\s?(?:million |billion )?(?:dollars|euros|pounds|yen|yuan|rupees|francs|kron(?:a|e|er|or))\b|\b(?:USD|EUR|GBP|CHF)\s?\d/i,
    words: [],
  },
];

/** The measure a question asks for, or undefined (docs/ask.md, "Ranking"). */
export function askedMeasure(question: string): Measure | undefined {
  return MEASURES.find((measure) => measure.asks.test(question));
}
