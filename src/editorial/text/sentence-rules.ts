// The rules that decide whether a word ending in "." ends a sentence: the heuristics of sbd
// 1.0.19 (github.com/Tessmore/sbd, MIT), ported so that the builder gives the same sentences
// without loading sbd, which pulls in sanitize-html and postcss (~130 ms per start) for an
// option we never use. Each function keeps sbd's exact behaviour, quirks included; only the
// slow parts (regular expressions on every word, list scans) are done by hand.

const ABBREVIATIONS = new Set(
  (
    "al adj assn Ave BSc MSc Cell Ch Co cc Corp Dem Dept ed eg Eq Eqs est etc Ex ext Fig fig " +
    "Figs figs i.e ie Inc inc Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec jr mi Miss Mrs " +
    "Mr Ms Mol mt mts no Nos PhD MD BA MA MM pl pop pp Prof Dr pt Ref Refs Rep repr rev Sec " +
    "Secs Sgt Col Gen Sen Gov Lt Maj Capt St Sr sr Jr Rev Sun Mon Tu Tue Tues Wed Th Thu " +
    "Thur Thurs Fri Sat trans Univ Viz Vol vs v " +
    // Not in sbd: titles that only ever stand before a name ("army Cmdr. Constantino
    // Chiwenga", "Adm. Mike Mullen", "Ft. Greely", "Mt. Prospect"), so never end a sentence.
    "Adm Brig Cmdr Cdr Cpl Pvt Spc Supt Insp Atty Msgr Ft Mt " +
    // Not in sbd: plural titles, as US copy writes them before a list of names ("Sens. John
    // Ashcroft, Kit Bond…", "Reps. Adam Schiff (Calif.), Gwen Moore…").
    "Sens Reps Govs"
  ).split(" "),
);
/**
 * US states as AP style abbreviates them before or after a place or a party ("Tempe, Ariz.",
 * "R-Tenn.", "Ariz. Gov. Jan Brewer"): the closed set a splitter must know (sentences.ts,
 * endsAtDot). The dotted ones ("N.Y.", "S.C.") are initialisms and handled as such.
 */
const STATE_ABBREVIATIONS = new Set(
  (
    "Ala Ariz Ark Calif Colo Conn Del Fla Ga Ill Ind Kan Kans Ky La Md Mass Mich Minn Miss " +
    "Mo Mont Neb Nev Okla Ore Pa Tenn Tex Va Vt Wash Wis Wyo"
  ).split(" "),
);
/** The longest abbreviation: a longer word cannot be one. */
const LONGEST_ABBREVIATION = 5;
/** Characters sbd strips before looking a word up in its abbreviation list. */
const SYMBOLS = new Set("-'`~!@#$%^&*()_|+=?;:\",.<>{}[]\\/");
const URL = /[-a-zA-Z0-9@:%._+~#=]{2,256}\.[a-z]{2,6}\b([-a-zA-Z0-9@:%_+.~#?&//=]*)/;
const PHONE =
  /^(?:(?:\+?1\s*(?:[.-]\s*)?)?(?:\(\s*([2-9]1[02-9]|[2-9][02-8]1|[2-9][02-8][02-9])\s*\)|([2-9]1[02-9]|[2-9][02-8]1|[2-9][02-8][02-9]))\s*(?:[.-]\s*)?)?([2-9]1[02-9]|[2-9][02-9]1|[2-9][02-9]{2})\s*(?:[.-]\s*)?([0-9]{4})(?:\s*(?:#|x\.?|ext\.?|extension)\s*(\d+))?$/;

function isUpper(code: number): boolean {
  return code >= 65 && code <= 90;
}

function isLower(code: number): boolean {
  return code >= 97 && code <= 122;
}

/** JavaScript's `!isNaN(word)`: "12", "3.", ".5", "1e5", "0x1A" and "Infinity" are numbers. */
export function isNumber(word: string): boolean {
  return !Number.isNaN(Number(word));
}

/** "Word…" (capital then small letter) or a number. */
export function isCapitalized(word: string): boolean {
  return (isUpper(word.charCodeAt(0)) && isLower(word.charCodeAt(1))) || isNumber(word);
}

/** Starts with a capital word, a number or a quote. */
export function isSentenceStarter(word: string): boolean {
  if (isCapitalized(word)) return true;
  const head = word.slice(0, 2);
  return head === "``" || head.includes('"') || head.includes("'");
}

export function isCommonAbbreviation(word: string): boolean {
  let bare = "";
  // Not in sbd: a prefix is read apart from its abbreviation ("post-Sept. 11", "ex-Gov.").
  const hyphen = word.lastIndexOf("-");
  for (const char of hyphen > 0 ? word.slice(hyphen + 1) : word) {
    if (SYMBOLS.has(char)) continue;
    bare += char;
    if (bare.length > LONGEST_ABBREVIATION) return false;
  }
  return ABBREVIATIONS.has(bare);
}

/**
 * Not in sbd: a state's abbreviation that cannot end its sentence. Before a word in lower case
 * ("in Newtown, Conn. shooting", "in Glendale, Ariz. in 2015"), and, when no comma or bracket
 * sets it off (a city's or a party's: "Tempe, Ariz. The game…", "Reid, D-Nev. Kyl said…"),
 * before a capitalised word, where it stands before a title or a name ("calling for Ariz. Gov.
 * Jan Brewer", "with Wash. Gov. Jay Inslee"). A quotation closing on it ends the sentence.
 */
export function isStateBeforeItsPhrase(word: string, previous: string, next: string): boolean {
  if (!STATE_ABBREVIATIONS.has(word.slice(0, -1))) return false;
  const code = next.charCodeAt(0);
  if (isLower(code)) return true;
  if (!isUpper(code)) return false;
  const last = previous.charAt(previous.length - 1);
  return last !== "," && last !== "(" && isLower(previous.charCodeAt(0));
}

/** A dash standing alone: "—", "–" or "--". */
function isDash(word: string): boolean {
  return word === "—" || word === "–" || word === "--";
}

/**
 * Not in sbd: a short capitalised abbreviation before a lone dash is a wire dateline ("PASADENA,
 * Calif. — Floral floats rolled…"), which opens the sentence rather than ending one.
 */
export function isDatelineAbbreviation(word: string, next: string): boolean {
  return isDash(next) && /^\p{Lu}\p{Ll}{0,4}\.$/u.test(word);
}

/** "a.m." or "p.m." before a weekday ("5 p.m. Tuesday") does not end a sentence. */
export function isTimeAbbreviation(word: string, next: string): boolean {
  if (word !== "a.m." && word !== "p.m.") return false;
  return next.replace(/\W+/g, "").slice(-3).toLowerCase() === "day";
}

/** A letter and a dot first ("U.S.", "e.g"), brackets aside. */
export function isDottedAbbreviation(word: string): boolean {
  const bare = /[()[\]{}]/.test(word) ? word.replace(/[()[\]{}]/g, "") : word;
  return bare.charAt(1) === "." && bare.length >= 2;
}

export function isCustomAbbreviation(word: string): boolean {
  return word.length <= 3 || isCapitalized(word);
}

/** An initial or a title before a name, judged from the sentence so far and the next words. */
export function isNameAbbreviation(
  wordCount: number,
  words: readonly string[],
  from: number,
  to: number,
): boolean {
  const first = words[from] as string;
  if (wordCount < 5 && first.length < 6 && isCapitalized(first)) return true;
  let capitalized = 0;
  for (let i = from; i < Math.min(to, words.length); i++) {
    if (isUpper((words[i] as string).charCodeAt(0))) capitalized++;
  }
  return capitalized >= 3;
}

/** The digits around a dot ("3.5") make a number, not a boundary. */
export function isNumberAround(word: string, dot: number): boolean {
  return isNumber(dot > 0 ? word.slice(dot - 1, dot + 2) : word);
}

export function isUrlOrPhone(word: string): boolean {
  return URL.test(word) || PHONE.test(word);
}

/** "end.Next": two sentences run together; the position of the mark between them, or -1. */
export function concatenationMark(word: string): number {
  let mark = word.indexOf(".");
  if (mark < 0) mark = word.indexOf("!");
  if (mark < 0) mark = word.indexOf("?");
  if (mark < 0) return -1;
  // A code in brackets is one word: a wire service's ticker "(VOWG_p.DE)" or "(AAPL.O)".
  if (word.charCodeAt(0) === 40 && word.indexOf(")", mark) > mark) return -1;
  // Not in sbd: a dotted initialism after a party's letter is one word ("R-N.Y.,", "(D-S.C.)").
  if (word.charCodeAt(mark + 2) === 46) return -1;
  const next = word.charCodeAt(mark + 1);
  return isUpper(next) || isLower(next) ? mark : -1;
}

/** An initialism written with dots: "U.S.", "U.N.", "E.U.", "D.C." (letters, a dot after each). */
export function isDottedInitialism(word: string): boolean {
  if (word.length < 4 || word.length % 2 !== 0) return false;
  for (let i = 0; i < word.length; i += 2) {
    if (!isUpper(word.charCodeAt(i)) || word.charCodeAt(i + 1) !== 46) return false;
  }
  return true;
}

/**
 * Words that open a sentence of news copy: determiners, pronouns, conjunctions, prepositions
 * and adverbs that begin clauses. After "U.S." or "U.N." such a word starts a new sentence
 * ("…in the U.S. The company said"); another capitalised word is read as going on with a
 * name ("U.N. Security Council", "U.S. President Trump"), as a reader reads it.
 */
const CLAUSE_OPENERS = new Set(
  (
    "a an the this that these those he she it they we i you his her its their our my your " +
    "but and or so yet nor in on at for with by from after before when while as if although " +
    "though since because there here some many most all no not one both each every other " +
    "such what which who how why where meanwhile however also still then now later earlier " +
    "last next under over during despite among about"
  ).split(" "),
);

export function opensClause(word: string): boolean {
  let bare = "";
  for (const char of word) {
    if (SYMBOLS.has(char)) continue;
    bare += char;
  }
  return CLAUSE_OPENERS.has(bare.toLowerCase());
}
