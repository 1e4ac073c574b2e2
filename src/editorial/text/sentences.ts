// Splits a text into its sentences, each an exact substring of the text (facts are copied
// word for word, so a sentence is never rebuilt or normalised).
import {
  concatenationMark,
  isCommonAbbreviation,
  isCustomAbbreviation,
  isCapitalized,
  isDatelineAbbreviation,
  isDottedAbbreviation,
  isDottedInitialism,
  isNameAbbreviation,
  isNumber,
  isNumberAround,
  isSentenceStarter,
  isStateBeforeItsPhrase,
  isTimeAbbreviation,
  isUrlOrPhone,
  opensClause,
} from "./sentence-rules.js";
import {
  LINE_BREAK,
  MARK_COMMA,
  readWords,
  readWordsWithBreakTags,
  WordGroups,
  WordList,
} from "./sentence-words.js";
import { charCodeAt, sliceOf } from "../../text/string-builtins.js";

/** Languages written without spaces between words, split by ICU instead of sbd's rules. */
const ICU_LANGUAGES = new Set(["zh", "ja", "ko", "th", "lo", "km", "my"]);

/**
 * sbd reads "was 3. The" as a numbered list item and does not split there; a small number
 * ending a sentence inside running text ("won 3. The crowd…") is a boundary in news copy.
 */
const SMALL_NUMBER_END = /(?<=\p{L}[,;:]?\s\p{N}{1,2}[.!?])\s+(?=["“'‘(]?\p{Lu})/u;
/** What SMALL_NUMBER_END needs: a digit, a stop and a space (cheap to test first). */
const MAY_END_ON_SMALL_NUMBER = /\p{N}[.!?]\s/u;

/** Where a sentence lies in its text: text.slice(start, end). */
export interface SentenceSpan {
  start: number;
  end: number;
}

/** Does the word at `i` (`word`: its text, possibly stripped of a closing quote) end one? */
function endsAtDot(words: WordList, word: string, i: number, wordCount: number): boolean {
  if (i + 1 >= words.wordCount) return true;
  if (word.length === 2 && !isNumber(word.charAt(0))) return false;
  if (isCommonAbbreviation(word)) return false;
  const next = words.at(i + 1);
  if (word === words.at(i) && isStateBeforeItsPhrase(word, i > 0 ? words.at(i - 1) : "", next))
    return false;
  // sbd looks at words i..5 (not i..i+5) or i..4 of the text: kept as it is.
  const lookAhead = (to: number) =>
    i < to && isNameAbbreviation(wordCount, words.window(word, i, to), 0, to - i);
  if (isSentenceStarter(next)) {
    if (isTimeAbbreviation(word, next)) return false;
    // Not in sbd: "U.N. Security Council" goes on; "…in the U.S. The company said" ends.
    if (isDottedInitialism(word) && isCapitalized(next) && !isNumber(next) && !opensClause(next))
      return false;
    if (lookAhead(6)) return false;
    if (isNumber(next) && isCustomAbbreviation(word)) return false;
  } else {
    if (word.endsWith("..")) return false;
    if (isDatelineAbbreviation(word, next)) return false;
    if (isDottedAbbreviation(word)) return false;
    if (lookAhead(5)) return false;
  }
  return true;
}

/** sbd's sentence loop (newline_boundaries): the words of `words` grouped into `groups`. */
function groupWords(words: WordList, groups: WordGroups): void {
  groups.reset();
  let wordCount = 0;
  for (let i = 0; i < words.wordCount; i++) {
    wordCount++;
    groups.push(i);
    const marks = words.marks[i]!;
    if (marks === 0) continue; // no rule applies to a word without marks
    if ((marks & MARK_COMMA) !== 0) wordCount = 0;
    const original = words.at(i);
    const last = original.charAt(original.length - 1);
    if (original === "." || last === "!" || last === "?" || original === LINE_BREAK) {
      if (original === LINE_BREAK) groups.pop();
      groups.close();
      wordCount = 0;
      continue;
    }
    // The rules read the word without a closing quote; the sentence keeps it.
    const text = last === '"' || last === "”" ? original.slice(0, -1) : original;
    if (text.endsWith(".")) {
      if (!endsAtDot(words, text, i, wordCount)) continue;
      groups.close();
      wordCount = 0;
      continue;
    }
    const dot = text.indexOf(".");
    if (dot >= 0 && (isNumberAround(text, dot) || isDottedAbbreviation(text) || isUrlOrPhone(text)))
      continue;
    const mark = concatenationMark(text);
    if (mark >= 0) {
      const at = words.starts[i]!;
      const cut = at < 0 ? -1 : at + mark + 1;
      groups.pop();
      // The stop stays with the sentence it ends ("…for tests.The ability…").
      groups.push(words.add(text.slice(0, mark + 1), at, cut, marks));
      groups.close();
      groups.push(words.add(text.slice(mark + 1), cut, at < 0 ? -1 : at + text.length, marks));
      wordCount = 0;
    }
  }
  groups.close();
}

/** sbd joins a lone "1." or "a." (an enumeration, piece `item`) to the sentence after it. */
function joinsListItem(words: WordList, item: number, next: number): boolean {
  return /^.{1,2}[.]$/.test(words.at(item)) && !words.at(next).includes(".");
}

/** Adds the trimmed parts of `piece` that occur in `text`, splitting after small numbers. */
function addParts(text: string, piece: string, at: number, spans: SentenceSpan[]): void {
  const parts = MAY_END_ON_SMALL_NUMBER.test(piece) ? piece.split(SMALL_NUMBER_END) : [piece];
  let offset = 0;
  for (const part of parts) {
    const partAt = piece.indexOf(part, offset);
    offset = partAt + part.length;
    const trimmed = part.trim();
    if (trimmed === "") continue;
    // A piece read in place is in the text; one joined from its words might not be.
    const start =
      at >= 0 ? at + partAt + part.length - part.trimStart().length : text.indexOf(trimmed);
    if (start >= 0) spans.push({ start, end: start + trimmed.length });
  }
}

const words = new WordList();
const groups = new WordGroups();

/** Adds the span of the sentence made of pieces[from, to) of `groups`. */
function addSentence(text: string, from: number, to: number, spans: SentenceSpan[]): void {
  const { starts, ends } = words;
  const { pieces } = groups;
  const first = pieces[from]!;
  const last = pieces[to - 1]!;
  let inPlace = starts[first]! >= 0;
  for (let i = from + 1; inPlace && i < to; i++) {
    const before = pieces[i - 1]!;
    inPlace = starts[pieces[i]!] === ends[before]! + 1 && charCodeAt(text, ends[before]!) === 32;
  }
  if (inPlace) {
    addParts(text, sliceOf(text, starts[first]!, ends[last]), starts[first]!, spans);
    return;
  }
  const joined: string[] = [];
  for (let i = from; i < to; i++) joined.push(words.at(pieces[i]!));
  addParts(text, joined.join(" "), -1, spans);
}

/** sbd's sentences: words joined by single spaces, in place when the text has just that. */
function sbdSpans(text: string): SentenceSpan[] {
  if (!/\S/.test(text)) return [];
  if (text.includes("<br")) readWordsWithBreakTags(text, words);
  else readWords(text, words);
  groupWords(words, groups);
  const spans: SentenceSpan[] = [];
  if (groups.count === 0) return spans;
  // The sentence being made, pieces[from, to): a sentence, or a list item and the next one.
  let [from, to] = [0, groups.ends[0]!];
  for (let k = 1; k < groups.count; k++) {
    const [start, end] = [groups.ends[k - 1]!, groups.ends[k]!];
    if (to - from === 1 && joinsListItem(words, groups.pieces[from]!, groups.pieces[start]!)) {
      to = end;
      continue;
    }
    addSentence(text, from, to, spans);
    [from, to] = [start, end];
  }
  addSentence(text, from, to, spans);
  return spans;
}

function icuSpans(text: string, language: string): SentenceSpan[] {
  const segmenter = new Intl.Segmenter(language, { granularity: "sentence" });
  const spans: SentenceSpan[] = [];
  for (const part of segmenter.segment(text)) addParts(text, part.segment, part.index, spans);
  return spans;
}

function primaryLanguage(language: string | undefined): string {
  return (language ?? "en").split("-")[0]?.toLowerCase() ?? "en";
}

/**
 * Where the sentences of `text` are, in order. sbd's rules know abbreviations ("Dr.", "U.S.",
 * "p.m."); scripts without spaces go through ICU's sentence rules.
 */
export function sentenceSpans(text: string, language?: string): SentenceSpan[] {
  const primary = primaryLanguage(language);
  if (ICU_LANGUAGES.has(primary)) return icuSpans(text, primary);
  const spans = sbdSpans(text);
  return primary === "en" ? splitRunOns(text, spans) : spans;
}

/** Prepositions, quantifiers and linking words that open a sentence ("After meeting…"). */
const CLAUSE_OPENERS = (
  "In On At For With During Despite Following Under Among More Many Most Some Several Both " +
  "Each Every No Other But And Yet So Also Instead Still Even Now Then Later Earlier There " +
  "This These Those What Why How Who"
).split(" ");
/** Conjunctions that open a clause, also before a name ("As Trump met…"). */
const SUBORDINATORS =
  "After As When While Before Since Because Although Though If Once Until Unless Whether".split(
    " ",
  );
/** Words that open a clause wherever they stand capitalised before a small word. */
const ALWAYS_OPEN = "The|A|An|According|However|Meanwhile";
/**
 * Linking adverbs set off by a comma: capitalised in mid-sentence they open the next one
 * ("…by race and gender However, following the vote…").
 */
const LINKING_BEFORE_COMMA =
  "However|Meanwhile|Moreover|Furthermore|Nevertheless|Nonetheless|Instead|Still|Therefore|Thus|Besides|Indeed";
/** Pronouns and count words: clause openers after a word that is not capitalised only. */
const AFTER_LOWER_CASE =
  "He|She|It|It['’]s|They|We|His|Her|Their|Its|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Dozens|Hundreds|Thousands";
const OPENERS = CLAUSE_OPENERS.join("|");
/** What a part of a group names after "of" ("One of the…", "Most of their…"). */
const GROUPS = "(?:the|these|those|them|his|her|their|its|our)";
const CLAUSES = SUBORDINATORS.join("|");

/**
 * Two texts run together without a stop, as extractors leave a photo caption or a credit
 * before the paragraph it sat beside: "…overturned in Croydon, south London The 42-year-old
 * driver…", "…sent to the scene According to the boy's parents…". The mark is orthographic:
 * a word that opens a clause ("The", "A", "An", "According", "However", "Meanwhile", or after
 * a word that is not capitalised a pronoun or a count word), capitalised in mid-sentence,
 * followed by a small word or a number, right after a word that is not a function word or a
 * verb of saying ("told The Associated Press", "in The Hague" go on), or right after a
 * quotation closed by its own stop ("…smaller?" The 170-gram bars…") or by its mark after a
 * word ("…a sign 'Love Trumps Hate' There was…"). After a word that is
 * not capitalised, "A" or "An" before a capitalised word and a small one opens a clause too
 * ("…took over 100 hours A Chinese boy trapped…"). A title of a work goes on because its next
 * word is capitalised ("the film The Shape of Water", "the film A Quiet Place"). English
 * only: other languages capitalise otherwise.
 */
const RUN_ON = new RegExp(
  String.raw`(?<=[\p{L}\p{N})\]]|[.?!]["”]|\p{L}['’"”])\s+(?=(?:${ALWAYS_OPEN}|${AFTER_LOWER_CASE})\s+[\p{Ll}\p{N}]|(?:${LINKING_BEFORE_COMMA}),\s|(?:A|An)\s+\p{Lu}[\p{Ll}-]+\s+\p{Ll}|(?:${OPENERS})\s+[\p{Ll}\p{N}]|(?:${CLAUSES})\s+(?:\p{Lu}[\p{Ll}'’-]+\s+)?[\p{Ll}\p{N}]|One\s+of\s+${GROUPS}\s)`,
  "gu",
);
/** What RUN_ON needs before it: a capitalised opener after a space (cheap to test first). */
const MAY_RUN_ON = new RegExp(
  String.raw` (?:${ALWAYS_OPEN}|${AFTER_LOWER_CASE}|${OPENERS}|${CLAUSES}|One) | (?:${LINKING_BEFORE_COMMA}),`,
  "u",
);
/**
 * Pronouns and count words open a clause too ("…near demonstration Five people have been
 * hurt…"), but capitalised they also sit inside names and titles ("Formula One", "Channel Four
 * team", "Leave It to Beaver"): they split only after a word that is not capitalised. So do
 * the other words that open a sentence, capitalised in mid-sentence: a preposition, a
 * quantifier or a linking word before a small word ("…caught in their photo After meeting
 * with Obama…", "…carry on searching More than 80 diggers…"), and a conjunction that opens
 * a clause, before a name and a small word too ("…are meeting today As Trump met…"). A title
 * of a work goes on when its next word is capitalised ("the film After Earth", "the song As
 * Time Goes By"); one whose next word is small ("the film In the Heat of the Night") is cut,
 * a rarer fault than a caption run into its paragraph.
 */
const OPENER_AFTER_LOWER_CASE = new RegExp(
  String.raw`^\s+(?:(?:${AFTER_LOWER_CASE}|${OPENERS}|${CLAUSES})\s|(?:A|An)\s+\p{Lu})`,
  "u",
);
/** A conjunction, a capitalised word and the small word after it ("As Trump met"). */
const CLAUSE_BEFORE_NAME = new RegExp(
  String.raw`^\s+(?:${CLAUSES})\s+\p{Lu}[\p{Ll}'’-]+\s+(\p{Ll}+)`,
  "u",
);
/**
 * A part of a group named after it ("…to clinch the World Series One of the greatest sports
 * stories…", "…Grand Prix Most of the drivers…"): a clause opener even after a capitalised
 * word, where a count word alone may be part of a name ("Formula One").
 */
const PARTITIVE_OPENER = new RegExp(
  String.raw`^\s+(?:One|Some|Many|Most|Several|Both|Each|All|None|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten)\s+of\s+${GROUPS}\s`,
  "u",
);
/**
 * A personal pronoun and two small words ("…and Mark Smith They also confirmed…", "…in the
 * Oval Office He said they…"): a clause, even after a capitalised word. In a title the words
 * after a pronoun are capitalised ("Leave It to Beaver", "Let It Be"), so it goes on.
 */
const PRONOUN_CLAUSE =
  /^\s+(?:He|She|It|It['’]s|They|We)\s+\p{Ll}[\p{Ll}'’-]*(?:[,:]|\s+["“‘']?\p{Ll})/u;
const FIRST_LETTER = /\p{L}/u;
/**
 * The last word before a possible run-on, with a closing bracket it may carry. Tried from the
 * start of a word only (the lookbehind), as a match from inside one is a part of the same
 * word: tried from every letter of a long one, it was quadratic.
 */
const PREVIOUS_WORD = /(?<![\p{L}\p{N}'’])[\p{L}\p{N}'’]+[)\]]?$/u;
/** "A" and the word after it: a designation ("Furnace A as…") when that word is a small one. */
const LETTER_BEFORE_WORD = /^\s+A\s+(\p{Ll}+)/u;
const GOES_ON_AFTER = new Set(
  (
    "a an the this that these those of in on at by for with from to into onto over under about " +
    "as and or but nor so yet is are was were be been being has have had do does did said says " +
    "told tells wrote writes reported than then when while if because since after before during " +
    "without within between among against upon like near off out up down per via named called " +
    "titled dubbed starring"
  ).split(" "),
);

function splitRunOns(text: string, spans: SentenceSpan[]): SentenceSpan[] {
  let split: SentenceSpan[] | undefined;
  for (let at = 0; at < spans.length; at++) {
    const span = spans[at] as SentenceSpan;
    const sentence = text.slice(span.start, span.end);
    const parts = MAY_RUN_ON.test(sentence) ? runOnParts(sentence, span.start) : undefined;
    if (parts === undefined) {
      split?.push(span);
      continue;
    }
    split ??= spans.slice(0, at);
    split.push(...parts);
  }
  return split ?? spans;
}

/** The parts of a run-on sentence starting at `offset`, or undefined when it is one. */
function runOnParts(sentence: string, offset: number): SentenceSpan[] | undefined {
  const parts: SentenceSpan[] = [];
  let start = 0;
  for (const match of sentence.matchAll(RUN_ON)) {
    const before = sentence.slice(start, match.index);
    const previous = PREVIOUS_WORD.exec(before)?.[0] ?? "";
    if (GOES_ON_AFTER.has(previous.replace(/[)\]]$/, "").toLowerCase())) continue;
    const letter = FIRST_LETTER.exec(previous)?.[0] ?? "";
    // A credit in brackets ends where its bracket closes ("(Photo: Getty Images) But the…",
    // "(British Transport Police) They said…"), a quotation where its mark closes ("…a sign
    // 'Love Trumps Hate' There was…"): the capitals inside say nothing of what follows.
    const capitalisedBefore =
      letter !== letter.toLowerCase() && !/[)\]'’]$/.test(previous) && !/["”]$/.test(before);
    const rest = sentence.slice(match.index);
    if (
      capitalisedBefore &&
      OPENER_AFTER_LOWER_CASE.test(rest) &&
      !PARTITIVE_OPENER.test(rest) &&
      !PRONOUN_CLAUSE.test(rest)
    )
      continue;
    // "the film After Earth with…": a conjunction, a name and a function word is a title;
    // "…today As Trump met…" (a name and a verb) opens a clause.
    const afterName = CLAUSE_BEFORE_NAME.exec(rest)?.[1];
    if (afterName !== undefined && GOES_ON_AFTER.has(afterName)) continue;
    // "Furnace A as the only…", "Plan A is…": a letter that names, before a function word.
    const next = LETTER_BEFORE_WORD.exec(rest)?.[1];
    if (capitalisedBefore && next !== undefined && GOES_ON_AFTER.has(next)) continue;
    parts.push({ start: offset + start, end: offset + match.index });
    start = match.index + match[0].length;
  }
  if (parts.length === 0) return undefined;
  parts.push({ start: offset + start, end: offset + sentence.length });
  return parts;
}

/** The sentences of `text`, trimmed, in order (see sentenceSpans). */
export function splitSentences(text: string, language?: string): string[] {
  return sentenceSpans(text, language).map(({ start, end }) => text.slice(start, end));
}
