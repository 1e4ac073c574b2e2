// A photo caption written as a sentence: captions describe what a picture shows in the
// present tense ("Residents dig out on Tuesday, Dec. 26, 2017, after a record snowfall.",
// "Trees are reflected on the bonnet of a car in London, Britain May 5, 2016.") where news
// reports in the past ("Residents dug out…"). A sentence is read as a caption when it has no
// past, perfect, future or modal verb form and carries a mark that pictures carry: a full date
// with its year, a weekday closing it with no preposition ("…in Harare Thursday."), a
// position in the frame ("(left)", "(R)") or a player's shirt number ("Joe Haden (21)"),
// or "is seen", "are pictured", "looks on", "poses for". The tense is
// read from word forms (no tagger here, as in finite-verbs.ts); English only. Either part
// alone is common in news ("was seen" is past; "The minister is seen as a moderate" is no
// picture), so both are needed. The tense is read before a clause of time ("… cries after he
// had to withdraw …"): what led up to the picture may be told in the past. And a present
// tense that speaks of the future ("The law takes effect on January 1, 2019", "from May 1,
// 2019") is a schedule, not a caption.
import { IRREGULAR_PAST } from "./finite-verbs.js";

/** A full date with its year: "Dec. 26, 2017", "November 8, 2017", "Sept 30, 2016". */
const FULL_DATE =
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d{2}\b/u;
/** A date that a schedule runs from or to: "from May 1, 2019", "until Dec. 31, 2018". */
const DATE_BOUND =
  /\b(?:from|until|till|by|before|through)\s+(?:\p{Lu}\p{Ll}+,?\s+)?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+\d/u;
/** Present forms that speak of the future: a timetable, not a picture. */
const SCHEDULE =
  /\b(?:takes? effect|comes? into (?:force|effect)|(?:is|are) (?:due|scheduled|expected|set|planned|slated)|begins?|starts?|ends?|expires?|opens?|closes?|runs? out)\b/u;
/** A position in the frame: "(left)", "(R)", "(L-R)", "(center)". */
const FRAME_POSITION =
  /\((?:left|right|centre|center|front|back|top|bottom|l|r|c|l-r|r-l|from left|second left|second right)\)/iu;
/** A player named with the number on the shirt: "DeAndre Hopkins (10)", a sports photo's caption. */
const SHIRT_NUMBER = /\p{Lu}\p{Ll}+ \(\d{1,2}\)/u;
/**
 * A weekday closing the sentence with no preposition before it ("…at his home in Harare
 * Thursday.", "…in the capital, Harare, Thursday."): an agency caption's place and day. News
 * in the past says "on Thursday" or "said Thursday" (a past form, so no caption either).
 */
const BARE_WEEKDAY_END =
  /(?<!\b(?:on|last|next|by|until|from|since|before|after|this|every|each|of|a\.m\.|p\.m\.)) (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)[.]?["”’']?$/u;
/** "There are…", "It is…": a statement about the world, not what a picture shows. */
const EXISTENTIAL = /^(?:There|It|This|That|Here)\s+(?:is|are)\b/u;
/** Verbs of being in a picture, in the present. */
const PICTURED =
  /\b(?:is|are) (?:seen|pictured|shown|photographed)\b(?! as\b)|\blooks? on\b|\bposes? (?:for|with|in|during|at|next|beside|after)\b|\bgestures? (?:to|as|while|during|after)\b/u;

/** Forms that put a sentence in the past, the perfect, the future or a mood: not a caption. */
const NOT_PRESENT = new Set(
  (
    "was were had did said told has have having will would could should may might must can " +
    "shall wo 'll 'd ’ll ’d"
  ).split(" "),
);
/** Words before which a participle in -ed is passive present ("are reflected", "is seen"). */
const PASSIVE_AUXILIARY = new Set("is are be being been get gets".split(" "));

const WORD = /[\p{L}'’-]+/gu;

/** Present forms of "be": a word in -ed right before one is a participle. */
const PRESENT_BE = new Set(["is", "are"]);

/**
 * True when the sentence holds a past, perfect, future or modal form (read from words). A
 * word in -ed right before "is" or "are" modifies the subject ("Some of the 21 girls released
 * are seen…"): a participle, not the sentence's verb.
 */
function hasNonPresentForm(sentence: string): boolean {
  const words = sentence.match(WORD) ?? [];
  return words.some((word, index) => {
    const lower = word.toLowerCase();
    // Read in lower case only: "May 5" is a month, "Will Smith" a name.
    if (word !== lower) return false;
    if (NOT_PRESENT.has(lower) || IRREGULAR_PAST.has(lower)) return true;
    // A lower-case word in -ed is a past form unless it is passive ("are reflected"), part
    // of a compound ("officer-involved", "Hong Kong-flagged") or a participle before the verb.
    return (
      lower.length > 4 &&
      lower.endsWith("ed") &&
      !lower.includes("-") &&
      !PASSIVE_AUXILIARY.has(words[index - 1]?.toLowerCase() ?? "") &&
      !PRESENT_BE.has(words[index + 1] ?? "")
    );
  });
}

/**
 * The clause a caption describes its picture in: the words before a clause of time that may
 * tell what happened earlier ("Felipe Massa cries after he had to withdraw…", "A missile is
 * launched during a drill … in this undated photo released by…"). English.
 */
const TIME_CLAUSE = /\s(?:after|while|during|following)\s/u;

function mainClause(sentence: string): string {
  const at = sentence.search(TIME_CLAUSE);
  return at < 0 ? sentence : sentence.slice(0, at);
}

/** True when an English sentence reads as a photo caption (see the header). */
export function isPresentTenseCaption(sentence: string): boolean {
  const dated = FULL_DATE.test(sentence) && !DATE_BOUND.test(sentence) && !SCHEDULE.test(sentence);
  const framed = FRAME_POSITION.test(sentence) || SHIRT_NUMBER.test(sentence);
  const weekday = BARE_WEEKDAY_END.test(sentence) && !EXISTENTIAL.test(sentence);
  if (!dated && !framed && !weekday && !PICTURED.test(sentence)) return false;
  return !hasNonPresentForm(mainClause(sentence));
}
