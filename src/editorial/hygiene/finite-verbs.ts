// Does a short English sentence hold a finite verb? A statement has one ("Four people died",
// "The bridge is closed"); a label, heading, byline or list item usually has none ("Author:
// Jane Roe", "LAS VEGAS BLVD.", "Photos: Mass shooting at a festival"). No tagger is at hand
// (no language model, no network), so this reads word forms: auxiliaries and modals, common
// irregular past forms, common base forms, lower-case words in -ed or -s, and contractions.
// It errs on the side of "has a verb" (a plural noun in -s counts): a missed label costs less
// than a lost fact. Long sentences are taken as statements without reading them.
import { hasNonAscii, isAsciiLetter } from "../../text/ascii.js";
import { charCodeAt, sliceOf } from "../../text/string-builtins.js";

const AUXILIARIES = new Set(
  (
    "am is are was were be been being has have had do does did will would shall should can " +
    "could may might must ought says say said tells told"
  ).split(" "),
);

const IRREGULAR = new Set(
  (
    "ate became began bent bet bit bled blew broke brought built burnt burst bought caught " +
    "chose clung came cost crept cut dealt dug dove drew dreamt drank drove dwelt fell fed felt " +
    "fought found fled flung flew forbade forgot forgave froze got gave went ground grew hung " +
    "heard hid hit held hurt kept knelt knew laid led leapt learnt left lent let lay lit lost " +
    "made meant met paid put quit read rode rang rose ran sawn saw sought sold sent set shook " +
    "shed shone shot showed shrank shut sang sank sat slew slept slid spoke sped spent spilt " +
    "spun spat split spread sprang stood stole stuck stung stank struck strove swore swept swam " +
    "swung took taught tore thought threw thrust trod understood woke wore wove wept won wound " +
    "wrote"
  ).split(" "),
);

/**
 * The irregular past forms that are not also present forms ("read", "put", "set", "cut"… are
 * both): what tells a past sentence from a present one (caption-tense.ts).
 */
const ALSO_PRESENT = new Set(
  (
    "bet burst cost cut hit hurt let put quit read set shed shut split spread thrust lay found " +
    "wound ground saw left"
  ).split(" "),
);
export const IRREGULAR_PAST: ReadonlySet<string> = new Set(
  [...IRREGULAR].filter((word) => !ALSO_PRESENT.has(word)),
);

/**
 * Common verbs in their base form, which is also the present of a plural subject ("Beaches
 * on the northern shore remain open.", "The Mariners now turn their attention…", "Rovers beat
 * the Mariners 3-1."): read in lower case only, so a label in title case ("Live Updates") is
 * not taken for a statement. Words that label page parts ("watch", "live", "share", "read",
 * "play", "update") are left out.
 */
const BASE_FORMS = new Set(
  (
    "remain turn beat face plan want need seem appear become begin continue include " +
    "believe expect agree allow require warn urge deny insist argue accuse demand oppose fear " +
    "hope admit say know think feel find give take make come go get keep hold bring leave lose " +
    "win meet pay spend grow rise fall die kill stay stand run move try seek help tell ask show " +
    "offer reach raise sell buy send build hit lead join struggle vow pledge refuse decline " +
    "return receive suffer survive gather flee arrive attend depend exist happen mean lie"
  ).split(" "),
);

/** Sentences of at least this many words are taken as statements. */
export const LONG_SENTENCE_WORDS = 12;

const CONTRACTION = /\p{L}['’](?:s|re|ve|ll|d|t|m)\b/iu;
const WORDS = /\p{L}+/gu;

/**
 * A word that can only be a finite verb, never a noun: an auxiliary or modal, an irregular past
 * form, or a lower-case form in -ed ("The storm brought…", "The company added…"). A word in -s
 * or a base form may be a noun ("The final polls are…"), so it is not one. English.
 */
export function isPlainVerb(word: string): boolean {
  return AUXILIARIES.has(word) || IRREGULAR.has(word) || /^\p{Ll}{2,}ed$/u.test(word);
}

/**
 * Words after which a word is a noun, not a verb: articles, possessives and prepositions
 * ("with injuries", "the wounds", "their plans"). Not quantifiers, numbers or
 * demonstratives, which also stand alone as subjects ("Many died", "Two remain", "That
 * changed"). English.
 */
const NOUN_BEFORE = new Set(
  (
    "the a an his her their its our my your of with for in on at from by about into over " +
    "under after before without against among between during"
  ).split(" "),
);

/**
 * What stands before a word: the word before it, or a hyphenated compound ("life-threatening
 * injuries"), which modifies a noun.
 */
type Before = string;
const COMPOUND_BEFORE = "-";

function looksFinite(word: string, before: Before): boolean {
  const lower = word.toLowerCase();
  if (AUXILIARIES.has(lower) || IRREGULAR.has(lower)) return true;
  // Inflected forms are read on lower-case words only: capitalised ones are names and labels.
  if (word !== lower) return false;
  // A base form or an inflected form after an article, a preposition or a compound modifier
  // is a noun: "2 of the 5 with life-threatening injuries" states nothing.
  if (before === COMPOUND_BEFORE || NOUN_BEFORE.has(before.toLowerCase())) return false;
  if (BASE_FORMS.has(lower)) return true;
  if (lower.length < 4) return false;
  return lower.endsWith("ed") || (lower.endsWith("s") && !lower.endsWith("ss"));
}

/**
 * What stands between the previous word (ending at `from`) and the next (at `to`): read
 * character by character, as this runs on every word the hygiene stage reads.
 */
function beforeOf(sentence: string, previous: string, from: number, to: number): Before {
  let spaceOnly = from > 0;
  for (let at = from; at < to && spaceOnly; at++) spaceOnly = sentence.charCodeAt(at) === 32;
  // The previous word was joined to one before it by a hyphen: "life-threatening".
  const joined = from - previous.length - 1;
  if (spaceOnly && joined >= 0 && sentence.charCodeAt(joined) === 45) return COMPOUND_BEFORE;
  return previous;
}

/**
 * True when an English sentence of fewer than LONG_SENTENCE_WORDS words holds a finite verb.
 * Words are read one at a time, up to the first that looks finite or the LONG_SENTENCE_WORDS-th,
 * whichever comes first: either answers, and most sentences answer early.
 */
export function hasFiniteVerb(sentence: string): boolean {
  if (CONTRACTION.test(sentence)) return true;
  if (!hasNonAscii(sentence)) return asciiHasFiniteVerb(sentence);
  WORDS.lastIndex = 0;
  let count = 0;
  let [previous, end] = ["", 0];
  for (let match = WORDS.exec(sentence); match; match = WORDS.exec(sentence)) {
    const before = beforeOf(sentence, previous, end, match.index);
    if (++count >= LONG_SENTENCE_WORDS || looksFinite(match[0], before)) return true;
    [previous, end] = [match[0], match.index + match[0].length];
  }
  return false;
}

/**
 * hasFiniteVerb's loop over an ASCII sentence (most news copy), where WORDS' words are runs of
 * A-Z and a-z: the same words in the same order, read by hand. Why: exec built a match array
 * per word, and this runs on every short sentence the hygiene stage and the grade read.
 */
function asciiHasFiniteVerb(sentence: string): boolean {
  let count = 0;
  let previous = "";
  let end = 0;
  const length = sentence.length;
  for (let at = 0; at < length;) {
    if (!isAsciiLetter(charCodeAt(sentence, at))) {
      at++;
      continue;
    }
    const start = at;
    while (at < length && isAsciiLetter(charCodeAt(sentence, at))) at++;
    const word = sliceOf(sentence, start, at);
    const before = beforeOf(sentence, previous, end, start);
    if (++count >= LONG_SENTENCE_WORDS || looksFinite(word, before)) return true;
    previous = word;
    end = at;
  }
  return false;
}

/** Words that open a relative or an embedded clause: its verb is not the sentence's. */
const CLAUSE_OPENERS = new Set(["that", "which", "who", "whom", "whose", "what", "where"]);
const NOUN_PHRASE_OPENING = /^(?:A|An)\s/u;
const WORD_OR_CONTRACTION = /\p{L}+(?:['’]\p{L}+)?/gu;

/**
 * Whether an English sentence opening on "A" or "An" is a noun phrase alone, a blurb or a
 * caption rather than a statement: no finite verb before its first relative or embedded
 * clause, and at most one after it, the clause's own ("A succinct rundown of what’s wrong
 * with the bill.", "A presentation on the 700 species that survive by capturing small
 * animals.", "A technologist and writer who defies categorisation."). "A family member of the
 * boy, who is thought to have fallen down a well, said…" has its main verb after the clause,
 * and "A fireball that lit up the sky is lighting up social media." has two. hasFiniteVerb
 * takes a sentence of 12 words or more as a statement; this reads every word.
 */
export function isNounPhraseAlone(sentence: string): boolean {
  if (!NOUN_PHRASE_OPENING.test(sentence)) return false;
  let [main, inClause, clause, previous] = [0, 0, false, ""];
  for (const [word] of sentence.matchAll(WORD_OR_CONTRACTION)) {
    if (!clause && CLAUSE_OPENERS.has(word.toLowerCase().replace(/['’]s$/u, ""))) clause = true;
    else if (looksFinite(word, previous)) {
      if (clause) inClause++;
      else main++;
      if (main > 0 || inClause > 1) return false;
    }
    previous = word;
  }
  return true;
}
