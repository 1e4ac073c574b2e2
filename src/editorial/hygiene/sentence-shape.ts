// Is one sentence reportable text, judged by its own shape? Page furniture (captions, credits,
// link lines, prompts, legal lines, embeds: furniture-patterns.ts), addresses and handles,
// mostly capital letters, too few words, or (in English) no finite verb or a caption told by
// its tense (caption-tense.ts). What a publisher repeats across unrelated pages is found
// apart, by frequency (boilerplate-lines.ts).
import type { DropReason } from "./drop-reasons.js";
import { isPresentTenseCaption } from "./caption-tense.js";
import { hasFiniteVerb, LONG_SENTENCE_WORDS } from "./finite-verbs.js";
import { CASED_FURNITURE, FURNITURE, UNGATED_FURNITURE } from "./furniture-patterns.js";

/** Sentences with fewer words than this state nothing on their own ("Four people died." has 3). */
export const MIN_REPORTABLE_WORDS = 3;
/** A sentence whose letters are at least this share capitals is a heading or a label. */
export const CAPITALS_SHARE = 0.6;
/** Letters needed before the share of capitals means anything ("UN", "NATO" are words). */
const CAPITALS_MIN_LETTERS = 8;

interface Counts {
  words: number;
  letters: number;
  capitals: number;
}

const UNCASED_LETTER = /\p{L}/u;

/** Letter (1), capital letter (2), digit (3) or other (0); ASCII without building strings. */
function classOf(sentence: string, index: number): number {
  const code = sentence.charCodeAt(index);
  if (code < 128) {
    if (code >= 97 && code <= 122) return 1;
    if (code >= 65 && code <= 90) return 2;
    if (code >= 48 && code <= 57) return 3;
    return 0;
  }
  const char = sentence.charAt(index);
  const [lower, upper] = [char.toLowerCase(), char.toUpperCase()];
  // Letters without case (CJK, Thai, Arabic…) are letters, never capitals.
  if (lower === upper) return code === 0x2019 ? -1 : UNCASED_LETTER.test(char) ? 1 : 0;
  return char === upper ? 2 : 1;
}

/** Words (runs of letters or digits), letters and capital letters, in one pass. */
function countOf(sentence: string): Counts {
  let [words, letters, capitals, inWord] = [0, 0, 0, false];
  for (let index = 0; index < sentence.length; index++) {
    const kind = classOf(sentence, index);
    if (kind === 1 || kind === 2) {
      letters++;
      if (kind === 2) capitals++;
    }
    if (kind > 0) {
      if (!inWord) words++;
      inWord = true;
    } else if (
      kind === 0 &&
      sentence.charCodeAt(index) !== 39 &&
      sentence.charCodeAt(index) !== 45
    ) {
      // An apostrophe (39, or -1 for ’) or a hyphen (45) keeps a word going.
      inWord = false;
    }
  }
  return { words, letters, capitals };
}

/** Languages whose finite-verb test is implemented (finite-verbs.ts). */
const VERB_LANGUAGES = new Set(["en"]);

/**
 * Why `sentence` is not reportable text, or null when it is. `language` is the Manifest's
 * BCP 47 tag; the verb test runs for English only, every other test for every language.
 */
export function shapeReason(sentence: string, language: string): DropReason | null {
  const lower = sentence.toLowerCase();
  // The patterns without a gate are tried only when one of them matches (UNGATED_FURNITURE).
  let ungated: boolean | undefined;
  for (const [reason, pattern, gate] of FURNITURE) {
    if (gate !== undefined) {
      if (!gate.some((part) => lower.includes(part))) continue;
    } else if (!(ungated ??= UNGATED_FURNITURE.test(lower))) continue;
    if (pattern.test(lower)) return reason;
  }
  for (const [reason, pattern] of CASED_FURNITURE) if (pattern.test(sentence)) return reason;
  const { words, letters, capitals } = countOf(sentence);
  if (letters >= CAPITALS_MIN_LETTERS && capitals / letters >= CAPITALS_SHARE) return "capitals";
  if (words < MIN_REPORTABLE_WORDS && letters > 0 && !isCjk(sentence)) return "fragment";
  if (letters === 0) return "fragment";
  const base = language.slice(0, 2).toLowerCase();
  if (!VERB_LANGUAGES.has(base)) return null;
  // A long sentence is taken as a statement (finite-verbs.ts) without reading its words.
  if (words < LONG_SENTENCE_WORDS && !hasFiniteVerb(sentence)) return "no-verb";
  if (isPresentTenseCaption(sentence)) return "caption";
  return null;
}

const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** Scripts without spaces: one "word" may be a whole sentence, so words are not counted. */
function isCjk(sentence: string): boolean {
  return CJK.test(sentence);
}
