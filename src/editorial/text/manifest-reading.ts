// One reading of a Manifest's title and text, shared by clustering and composition: the term
// ids of its words (the text is scanned once), where its sentences are and which of those
// words each one holds, and which form the lead that clustering compares. The builder reads
// the Manifests of one topic, clusters them, and drops each reading once its story is
// composed; a reading is a few typed arrays (about 1 kB for a 3,000-character text).
import { judgeSentences } from "../hygiene/judge-sentences.js";
import { LEAD_CHARACTERS } from "./lead.js";
import { sentenceSpans } from "./sentences.js";
import { STOP_WORD, type TermDictionary } from "./term-dictionary.js";
import { forEachWord, readsInPlace, scanWordSpans, WordSpans } from "../../text/tokens.js";
import { intArena } from "../../text/typed-arena.js";

export interface ReadableText {
  title: string;
  text: string;
  language: string;
}

/** What clustering reads of a document: term ids of its title and of its lead. */
export interface LeadReading {
  /** The dictionary the ids come from. */
  dictionary: TermDictionary;
  /** Term ids of the title's words in order, stop words dropped (numbers kept). */
  title: Int32Array;
  /** Term ids of the lead's words (leadOf), likewise. */
  lead: Int32Array;
}

export interface ManifestReading extends LeadReading {
  /** Per sentence, 4 numbers: start and end in the text, first and end index in `words`. */
  sentences: Int32Array;
  /**
   * Per sentence, the hygiene verdict (../hygiene/judge-sentences.ts): 0 when it is
   * reportable text, else the code of the reason it is dropped.
   */
  verdicts: Uint8Array;
  /** Term ids of the sentences' words (stop words dropped, numbers kept). */
  words: Int32Array;
}

/** A growable list of ids (and where each word starts), reused from reading to reading. */
class IdList {
  ids = new Int32Array(256);
  starts = new Int32Array(256);
  length = 0;

  push(id: number, start: number): void {
    if (this.length === this.ids.length) {
      const ids = new Int32Array(2 * this.length);
      const starts = new Int32Array(2 * this.length);
      ids.set(this.ids);
      starts.set(this.starts);
      [this.ids, this.starts] = [ids, starts];
    }
    this.ids[this.length] = id;
    this.starts[this.length++] = start;
  }

  /** Index of the first word starting at or after `offset`. */
  firstFrom(offset: number, below: number): number {
    let [low, high] = [0, below];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.starts[middle] as number) < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

const scratch = new IdList();
const spans = new WordSpans();

/** Appends the term ids of the words of `text`, which forEachWord reads in place. */
function addWordsInPlace(list: IdList, text: string, language: string, dictionary: TermDictionary) {
  scanWordSpans(text, spans);
  for (let k = 0; k < spans.count; k++) {
    const [start, end] = [spans.starts[k]!, spans.ends[k]!];
    const id =
      spans.ascii[k] === 1
        ? dictionary.asciiWordId(language, text, start, end, spans.hashes[k]!)
        : dictionary.wordId(language, text, start, end, false);
    if (id !== STOP_WORD) list.push(id, start);
  }
}

/** Appends the term ids of the words of `text` to `list`. */
function addWords(list: IdList, text: string, language: string, dictionary: TermDictionary) {
  forEachWord(text, language, (normalized, start, end, ascii) => {
    const id = dictionary.wordId(language, normalized, start, end, ascii);
    if (id !== STOP_WORD) list.push(id, start);
  });
}

function wordIds(text: string, language: string, dictionary: TermDictionary): Int32Array {
  scratch.length = 0;
  if (readsInPlace(text)) addWordsInPlace(scratch, text, language, dictionary);
  else addWords(scratch, text, language, dictionary);
  return intArena.copy(scratch.ids, scratch.length);
}

const SPACE = /\s/;

function spaceAt(text: string, index: number): boolean {
  return index < 0 || index >= text.length || SPACE.test(text.charAt(index));
}

/** Clustering's reading alone: the title and the lead (leadOf the text), without sentences. */
export function readTitleAndLead(
  title: string,
  lead: string,
  language: string,
  dictionary: TermDictionary,
): LeadReading {
  return {
    dictionary,
    title: wordIds(title, language, dictionary),
    lead: wordIds(lead, language, dictionary),
  };
}

/**
 * The lead that clustering compares: the words of the reportable sentences, in order, until
 * LEAD_CHARACTERS of their text have been read (the last one cut at that point).
 */
function reportableLead(sentences: Int32Array, verdicts: Uint8Array, words: Int32Array) {
  const parts: Int32Array[] = [];
  let [budget, length] = [LEAD_CHARACTERS, 0];
  for (let index = 0; index < verdicts.length && budget > 0; index++) {
    if (verdicts[index] !== 0) continue;
    const start = sentences[4 * index]!;
    const end = sentences[4 * index + 1]!;
    const first = sentences[4 * index + 2]!;
    const last = sentences[4 * index + 3]!;
    const characters = end - start;
    const share = characters <= budget ? 1 : budget / characters;
    const upTo = first + Math.ceil((last - first) * share);
    parts.push(words.subarray(first, upTo));
    length += upTo - first;
    budget -= characters;
  }
  const lead = intArena.take(length);
  let at = 0;
  for (const part of parts) {
    lead.set(part, at);
    at += part.length;
  }
  return lead;
}

/**
 * Reads a Manifest once. A text that the word scanner reads as it is (src/text/tokens.ts) is scanned
 * whole: a sentence bounded by spaces holds exactly the words of the text inside it. Other
 * texts (scripts without spaces, characters that NFKC changes) are read sentence by
 * sentence. Each sentence is judged by the hygiene stage (`boilerplateLines`: the lines its
 * publisher repeats across unrelated Manifests); the lead holds reportable sentences only.
 */
export function readManifest(
  source: ReadableText,
  dictionary: TermDictionary,
  boilerplateLines: readonly string[] = [],
): ManifestReading {
  const { text, language } = source;
  const title = wordIds(source.title, language, dictionary);
  const judged = judgeSentences(
    text,
    sentenceSpans(text, language),
    language,
    boilerplateLines,
    source.title,
  );
  const spans = judged.spans;
  const sentences = intArena.take(4 * spans.length);
  const inPlace = readsInPlace(text);
  scratch.length = 0;
  if (inPlace) addWordsInPlace(scratch, text, language, dictionary);
  const scanned = scratch.length;
  spans.forEach(({ start, end }, index) => {
    let first: number;
    let last: number;
    if (inPlace && spaceAt(text, start - 1) && spaceAt(text, end)) {
      first = scratch.firstFrom(start, scanned);
      last = scratch.firstFrom(end, scanned);
    } else {
      first = scratch.length;
      addWords(scratch, text.slice(start, end), language, dictionary);
      last = scratch.length;
    }
    sentences[4 * index] = start;
    sentences[4 * index + 1] = end;
    sentences[4 * index + 2] = first;
    sentences[4 * index + 3] = last;
  });
  const words = intArena.copy(scratch.ids, scratch.length);
  return {
    dictionary,
    title,
    lead: reportableLead(sentences, judged.verdicts, words),
    sentences,
    verdicts: judged.verdicts,
    words,
  };
}
