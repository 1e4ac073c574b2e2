// The mentions of a cluster, each once with every publisher that states it (wire copies
// repeat sentences), read once per sentence and language.
import type { Manifest } from "../../../manifests/schema.js";
import { type Mention, mentionsInSentence } from "./mentions.js";
import { endsInsideQuotation } from "./sentence-tokens.js";
import { titleValues } from "./title-values.js";
import { sliceOf } from "../../../text/string-builtins.js";

export interface ReportedMention extends Mention {
  /** Publisher domain → name, for every Manifest stating this very mention. */
  publishers: Map<string, string>;
  /** Its value is in the title of a Manifest stating it: that report's key figure. */
  headline: boolean;
}

const HAS_DIGIT = /\p{N}/u;
/**
 * Sentences a quotation left open may go on for: beyond that, an unmatched mark (an inch
 * sign, a typo) is more likely than a longer quotation.
 */
const QUOTE_REACH = 3;

type MentionReader = (sentence: string, language: string, quoted: boolean) => readonly Mention[];

/** Reads each distinct sentence once: wire copies repeat them. */
function cachedReader(): MentionReader {
  // By language and quotation state, then by sentence: no key string is built per sentence.
  const buckets = new Map<string, Map<string, readonly Mention[]>>();
  return (sentence, language, quoted) => {
    const bucketKey = quoted ? `${language} quoted` : language;
    let read = buckets.get(bucketKey);
    if (!read) buckets.set(bucketKey, (read = new Map<string, readonly Mention[]>()));
    let mentions = read.get(sentence);
    if (!mentions) read.set(sentence, (mentions = mentionsInSentence(sentence, language, quoted)));
    return mentions;
  };
}

/**
 * Whether each sentence opens a paragraph of `text`: a line break lies between it and the
 * sentence before (or the text's start). Sentences are cut from the text word for word and in
 * order; one not found in it is taken as going on the paragraph before.
 */
function opensParagraph(text: string, sentences: readonly string[]): boolean[] {
  let from = 0;
  return sentences.map((sentence) => {
    const at = text.indexOf(sentence, from);
    if (at < 0) return false;
    const between = sliceOf(text, from, at);
    const opens = from === 0 || between.includes("\n");
    from = at + sentence.length;
    return opens;
  });
}

/**
 * The mentions of one Manifest's sentences, a quotation carried from sentence to sentence
 * within a paragraph. A new paragraph never goes on the one before's quotation: newspapers
 * reopen a quotation that runs on with a mark at the paragraph's start, which the sentence
 * reads itself (../../text/open-quotation.ts).
 */
function mentionsOf(
  manifest: Manifest,
  sentences: readonly string[],
  read: MentionReader,
): Mention[] {
  const found: Mention[] = [];
  let quotedFor = 0;
  const paragraphStarts = manifest.text.includes("\n")
    ? opensParagraph(manifest.text, sentences)
    : undefined;
  for (const [index, sentence] of sentences.entries()) {
    if (paragraphStarts?.[index]) quotedFor = 0;
    const quoted = quotedFor > 0;
    const goesOn = endsInsideQuotation(sentence, quoted);
    quotedFor = !goesOn ? 0 : quoted ? quotedFor - 1 : QUOTE_REACH;
    if (HAS_DIGIT.test(sentence))
      for (const mention of read(sentence, manifest.language, quoted)) found.push(mention);
  }
  return found;
}

/** The same figure read the same way: one mention however often a sentence repeats it. */
function sameMention(a: Mention, b: Mention): boolean {
  return (
    a.sentence === b.sentence &&
    a.kind === b.kind &&
    a.unit === b.unit &&
    a.value === b.value &&
    a.low === b.low &&
    a.high === b.high &&
    a.shown === b.shown
  );
}

/** Every distinct mention of the cluster, in order of first appearance. */
export function reportedMentions(
  manifests: readonly Manifest[],
  sentences: readonly (readonly string[])[],
): ReportedMention[] {
  const distinct: ReportedMention[] = [];
  // A cached sentence gives the same mention objects again: found by identity, without a
  // key. A sentence read again in another state (quoted, another language) gives new objects
  // that may read the same: those are compared field by field with the sentence's others.
  const byMention = new Map<Mention, ReportedMention>();
  const bySentence = new Map<string, ReportedMention[]>();
  const read = cachedReader();
  manifests.forEach((manifest, index) => {
    const { domain, name } = manifest.publisher;
    let inTitle: ReadonlySet<number> | undefined;
    for (const mention of mentionsOf(manifest, sentences[index] ?? [], read)) {
      inTitle ??= titleValues(manifest.title, manifest.language);
      const headline = inTitle.has(mention.value);
      let known = byMention.get(mention);
      if (known === undefined) {
        known = bySentence.get(mention.sentence)?.find((other) => sameMention(other, mention));
        if (known) byMention.set(mention, known);
      }
      if (known) {
        known.publishers.set(domain, name);
        known.headline ||= headline;
        continue;
      }
      const reported: ReportedMention = {
        kind: mention.kind,
        unit: mention.unit,
        value: mention.value,
        low: mention.low,
        high: mention.high,
        shown: mention.shown,
        words: mention.words,
        sentence: mention.sentence,
        publishers: new Map<string, string>().set(domain, name),
        headline,
      };
      distinct.push(reported);
      byMention.set(mention, reported);
      const same = bySentence.get(mention.sentence);
      if (same) same.push(reported);
      else bySentence.set(mention.sentence, [reported]);
    }
  });
  return distinct;
}
