// The mentions of a cluster, each once with every publisher that states it (wire copies
// repeat sentences), read once per sentence and language.
import type { Manifest } from "../../../manifests/schema.js";
import { type Mention, mentionsInSentence } from "./mentions.js";
import { endsInsideQuotation } from "./sentence-tokens.js";
import { titleValues } from "./title-values.js";

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

/** The mentions of one Manifest's sentences, a quotation carried from sentence to sentence. */
function mentionsOf(
  manifest: Manifest,
  sentences: readonly string[],
  read: MentionReader,
): Mention[] {
  const found: Mention[] = [];
  let quotedFor = 0;
  for (const sentence of sentences) {
    const quoted = quotedFor > 0;
    const goesOn = endsInsideQuotation(sentence, quoted);
    quotedFor = !goesOn ? 0 : quoted ? quotedFor - 1 : QUOTE_REACH;
    if (HAS_DIGIT.test(sentence))
      for (const mention of read(sentence, manifest.language, quoted)) found.push(mention);
  }
  return found;
}

/**
 * Keys of mentions: equal mentions of one sentence share one key. The sentence is named by a
 * number given at its first sight (hashing a long sentence into every key costs more than
 * reading the figure), so keys are valid within one `reportedMentions` call.
 */
function mentionKeys(): (mention: Mention) => string {
  const sentenceIds = new Map<string, number>();
  const keys = new Map<Mention, string>();
  return (mention) => {
    let key = keys.get(mention);
    if (key === undefined) {
      let id = sentenceIds.get(mention.sentence);
      if (id === undefined) sentenceIds.set(mention.sentence, (id = sentenceIds.size));
      const { kind, unit, value, low, high, shown } = mention;
      key = `${id}\u0000${kind}\u0000${unit}\u0000${value}\u0000${low}\u0000${high}\u0000${shown}`;
      keys.set(mention, key);
    }
    return key;
  };
}

/** Every distinct mention of the cluster, in order of first appearance. */
export function reportedMentions(
  manifests: readonly Manifest[],
  sentences: readonly (readonly string[])[],
): ReportedMention[] {
  const distinct = new Map<string, ReportedMention>();
  const read = cachedReader();
  const keyOf = mentionKeys();
  for (const [index, manifest] of manifests.entries()) {
    const { domain, name } = manifest.publisher;
    let inTitle: ReadonlySet<number> | undefined;
    for (const mention of mentionsOf(manifest, sentences[index] ?? [], read)) {
      inTitle ??= titleValues(manifest.title, manifest.language);
      const headline = inTitle.has(mention.value);
      const key = keyOf(mention);
      const known = distinct.get(key);
      if (known) {
        known.publishers.set(domain, name);
        known.headline ||= headline;
      } else distinct.set(key, { ...mention, publishers: new Map([[domain, name]]), headline });
    }
  }
  return [...distinct.values()];
}
