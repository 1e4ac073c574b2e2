// A roundup's title from its beat. A beat is a tag, kept in lower case so that "Donald Trump"
// and "donald trump" are one beat ([poll.md](../../docs/poll.md): categories become tags), but a
// title names it as the stories write it: "Donald Trump", "US sports", "Covid-19", not
// "Donald trump". No list of names: each word takes the form the stories' own sentences use.
import type { Story } from "../api/story.js";
import { escapeRegExp } from "../text/escape-regexp.js";

/** A character a word is made of: a letter, a mark or a digit. */
const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;

/** A sentence read as prose, and its lower case once read (to skip those without the word). */
interface Prose {
  text: string;
  lower?: string;
}

/** The sentences a reader reads as prose: the dek and the key facts (headlines are title case). */
function proseOf(stories: readonly Story[]): Prose[] {
  const prose: Prose[] = [];
  for (const story of stories) {
    if (story.dek !== undefined) prose.push({ text: story.dek });
    for (const fact of story.key_facts ?? []) prose.push({ text: fact.text });
  }
  return prose;
}

/** Characters that end a sentence or open a quotation: the word after one is capitalised. */
const SENTENCE_BREAK = /[.!?:"“”'‘’]/u;
const SPACE = /\s/u;

/** Whether the word at `at` of `text` opens its sentence (where any word is capitalised). */
function opensSentence(text: string, at: number): boolean {
  let before = at - 1;
  while (before >= 0 && SPACE.test(text.charAt(before))) before--;
  return before < 0 || SENTENCE_BREAK.test(text.charAt(before));
}

/**
 * Occurrences of a word read to tell its form: the commonest form among the first 64 is the
 * stories' own, and a beat of a thousand stories (a large edition's) is not read whole.
 */
const OCCURRENCES_READ = 64;

/** What may not touch a word on its left: a letter, a mark, a digit, an apostrophe, a hyphen. */
const JOINS_BEFORE = /[\p{L}\p{M}\p{N}'’-]/u;

/**
 * Where `word` (lower case) stands as a whole word in `text`, its lower case `lower`: found
 * in the lower case by indexOf, where the two have one length (they nearly always do); else
 * by a case-insensitive pattern (a letter whose lower case is longer, as "İ").
 */
function* wholeWordsAt(text: string, lower: string, word: string): Generator<number> {
  if (lower.length !== text.length) {
    const pattern = new RegExp(
      `(?<![\\p{L}\\p{M}\\p{N}'’-])${escapeRegExp(word)}(?![\\p{L}\\p{M}\\p{N}])`,
      "giu",
    );
    for (const match of text.matchAll(pattern)) yield match.index;
    return;
  }
  for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
    const before = at === 0 ? "" : text.charAt(at - 1);
    const after = text.charAt(at + word.length);
    if (!JOINS_BEFORE.test(before) && !WORD_CHARACTER.test(after)) yield at;
  }
}

/**
 * Every form of `word` (lower case) inside the sentences, never as a sentence's first word,
 * counted over its first OCCURRENCES_READ occurrences.
 */
function formsOf(word: string, prose: readonly Prose[]): Map<string, number> {
  const counts = new Map<string, number>();
  let read = 0;
  for (const sentence of prose) {
    const { text } = sentence;
    const lower = (sentence.lower ??= text.toLowerCase());
    // Most sentences lack the word: one indexOf tells.
    if (!lower.includes(word)) continue;
    for (const at of wholeWordsAt(text, lower, word)) {
      if (opensSentence(text, at)) continue;
      const form = text.slice(at, at + word.length);
      counts.set(form, (counts.get(form) ?? 0) + 1);
      if (++read === OCCURRENCES_READ) return counts;
    }
  }
  return counts;
}

/** The commonest of `forms` (the first met on a tie), or `word` when there is none. */
function commonest(word: string, forms: ReadonlyMap<string, number>): string {
  let [best, most] = [word, 0];
  for (const [form, count] of forms) if (count > most) [best, most] = [form, count];
  return best;
}

/**
 * A word of the beat as the sentences write it. A slug's hyphens join words the sentences
 * write apart ("public-health": "Public health"), unless they write it hyphenated too
 * ("covid-19": "Covid-19", "e-invoice").
 */
function writtenForm(word: string, prose: readonly Prose[]): string {
  if (!WORD_CHARACTER.test(word)) return word;
  const whole = formsOf(word, prose);
  if (!word.includes("-") || whole.size > 0) return commonest(word, whole);
  return word
    .split("-")
    .filter((part) => part !== "")
    .map((part) => writtenForm(part, prose))
    .join(" ");
}

/** The title of a roundup of `beat`: its words as `stories` write them, the first capitalised. */
export function roundupTitle(beat: string, stories: readonly Story[]): string {
  const prose = proseOf(stories);
  const title = beat
    .split(/\s+/u)
    .filter((word) => word !== "")
    .map((word) => writtenForm(word, prose))
    .join(" ");
  return title.charAt(0).toUpperCase() + title.slice(1);
}
