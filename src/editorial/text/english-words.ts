// The closed word classes of English that reading a figure needs (../compose/disagreements/):
// months, number words of scale, function words (never a unit), qualifiers of a figure and
// words for another time; the hygiene stage reads its months and days too. Closed classes,
// not phrase lists: no topic or publisher appears here.

/** Month names and their usual abbreviations → month number. */
export const MONTHS: ReadonlyMap<string, number> = new Map(
  [
    ["january", "jan"],
    ["february", "feb"],
    ["march", "mar"],
    ["april", "apr"],
    ["may", "may"],
    ["june", "jun"],
    ["july", "jul"],
    ["august", "aug"],
    ["september", "sept", "sep"],
    ["october", "oct"],
    ["november", "nov"],
    ["december", "dec"],
  ].flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);

/** Verbs that introduce what a source states: the words before them name the source. */
export const REPORTING_VERBS: ReadonlySet<string> = new Set([
  "said",
  "say",
  "says",
  "told",
  "tell",
  "tells",
  "according",
]);

/** Day names: capitalised, but they say when, not who or where. */
export const WEEKDAYS: ReadonlySet<string> = new Set(
  "monday tuesday wednesday thursday friday saturday sunday".split(" "),
);

/** Words of scale after a number ("1.2 million customers"). */
export const SCALES: ReadonlyMap<string, number> = new Map([
  ["thousand", 1e3],
  ["million", 1e6],
  ["billion", 1e9],
  ["trillion", 1e12],
  ["bn", 1e9],
]);

/** Words that say a figure is a share ("9 percent", "9 per cent"). */
export const PERCENT_WORDS: ReadonlySet<string> = new Set(["percent", "pct"]);

/** Articles, pronouns, prepositions, conjunctions and auxiliaries: never the unit of a count. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the this that these those it its they them their he him his she her we us our you " +
    "your i me my who whom whose which what where when why how of in on at by for from to " +
    "with without into onto over under about above below between among through during " +
    "before after since until till against across along around near per via than as and or " +
    "nor but so if then because while though although whether is are was were be been being " +
    "am has have had do does did will would shall should can could may might must not no " +
    "each every all any some both either neither more most less least many much few other " +
    "another such own same up down out off again also only just even still yet ago"
  ).split(" "),
);

/** Qualifiers before a figure, as the range of values they allow around it. */
export type Qualifier = "about" | "at-least" | "at-most" | "nearly" | "before" | "after";

/** One-word qualifiers ("about 6,000", "over 100", "nearly 40"). */
export const QUALIFIERS: ReadonlyMap<string, Qualifier> = new Map([
  ["about", "about"],
  ["around", "about"],
  ["some", "about"],
  ["roughly", "about"],
  ["approximately", "about"],
  ["estimated", "about"],
  ["circa", "about"],
  ["over", "at-least"],
  ["above", "at-least"],
  ["exceeding", "at-least"],
  ["under", "at-most"],
  ["below", "at-most"],
  ["nearly", "nearly"],
  ["almost", "nearly"],
  ["before", "before"],
  ["after", "after"],
]);

/** Two-word qualifiers ("at least 12", "more than 100", "up to 75", "shortly before 07:45"). */
export const QUALIFIER_PAIRS: ReadonlyMap<string, Qualifier> = new Map([
  ["at least", "at-least"],
  ["more than", "at-least"],
  ["upwards of", "at-least"],
  ["excess of", "at-least"],
  ["at most", "at-most"],
  ["up to", "at-most"],
  ["less than", "at-most"],
  ["fewer than", "at-most"],
  ["close to", "nearly"],
  ["shortly before", "before"],
  ["just before", "before"],
  ["shortly after", "after"],
  ["just after", "after"],
]);

/** Nouns of a span of time: "last year", "two weeks ago", "the past ten years". */
export const TIME_NOUNS: ReadonlySet<string> = new Set(
  (
    "year years month months week weeks day days decade decades century centuries season " +
    "seasons quarter quarters winter winters summer summers spring autumn fall weekend time"
  ).split(" "),
);

/** Words that put a clause at another time than the event: "two years ago", "previous". */
export const OTHER_TIME_WORDS: ReadonlySet<string> = new Set([
  "ago",
  "previous",
  "previously",
  "prior",
  "anniversary",
]);

/** Words after a span of time that point to another time: "a year earlier", "the day before". */
export const OTHER_TIME_AFTER_NOUN: ReadonlySet<string> = new Set(["earlier", "before"]);

/** Words before a time noun that point to another time: "last year", "the past decade". */
export const OTHER_TIME_BEFORE_NOUN: ReadonlySet<string> = new Set(["last", "past", "next"]);
