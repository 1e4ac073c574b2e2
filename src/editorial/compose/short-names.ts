// People a sentence calls by their surname alone ("Mr. Rother said…", "Goelman told CNN…"),
// without the given name or the role that tells a reader who they are. Newspapers name a
// person in full once and by surname after, so such a sentence read alone, as a key fact or a
// dek is, leaves its reader asking who is speaking. A surname the reader can place is no
// problem: one the story's headline holds, or one the news of the day names in other stories
// too (a president, a party leader). A blind audit on news no rule here was written on
// counted these among the commonest junk key facts (docs/stories.md, "Whom a key fact
// speaks of").
// English only: the honorifics and verbs of speech are English.

/**
 * A courtesy title before a surname alone: "Mr. Rother", "Ms. Page"; not before a full name
 * ("Dr Eduardo Guerras").
 */
const HONORIFIC_SURNAME =
  /(?<![\p{L}.])(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+(\p{Lu}[\p{L}'’-]*)(?![\p{L}'’-]|\s+\p{Lu})/gu;
/**
 * A capitalised word opening the sentence or a clause before a verb of speech: "Goelman
 * said…", "…, Shields told Fox News", "“…,” Halvard added". The verbs are the attribution
 * verbs of news copy, a closed class; whether the word is a surname is the caller's test
 * (someone in the story is named in full by it).
 */
const SURNAME_SPEAKING =
  /(?:^|(?<=[,;:—–]["”’']?\s))[\s"“‘'(]*(\p{Lu}[\p{L}'’-]+)(?=\s+(?:said|says|told|tells|added|adds|wrote|writes|noted|argued|explained|insisted|acknowledged|warned|replied|responded)\b)/gu;

/** "Halvard's" → "Halvard"; "O’Rourke" stays whole. */
function withoutPossessive(word: string): string {
  return word.replace(/['’]s?$/u, "");
}

function escaped(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
}

/**
 * Whether `text` names `surname` in full: a capitalised given name (or an initial) before
 * it, as in "Theodore J. Boutrous" or "Peter Strzok".
 */
export function namedInFull(text: string, surname: string): boolean {
  const full = new RegExp(
    `(?<![\\p{L}.])(?!(?:Mr|Mrs|Ms|Miss|Dr)\\b)\\p{Lu}[\\p{L}'’-]*\\.?\\s+(?:\\p{Lu}\\.\\s+)?${escaped(surname)}(?![\\p{L}])`,
    "u",
  );
  return full.test(text);
}

/** Whether `headline` holds `surname` as a word ("Etheridge, Caught on Video, Apologizes"). */
function inHeadline(headline: string, surname: string): boolean {
  return new RegExp(`(?<![\\p{L}])${escaped(surname)}(?![\\p{L}])`, "u").test(headline);
}

export interface ShortReference {
  surname: string;
  /** Called by a courtesy title ("Mr. Rother"): a person, whatever else the text says. */
  titled: boolean;
}

/**
 * The people `text` calls by surname alone, that it does not name in full and `headline`
 * does not hold: those a reader of the sentence alone cannot place, unless the news names
 * them widely (the caller's test). A capitalised word before a verb of speech ("Goelman
 * said") is a surname only where the story names someone in full by it (the caller's test
 * too: "Officials said" is no one's). In first-seen order, each once.
 */
export function shortReferences(text: string, headline: string, language = "en"): ShortReference[] {
  if (language !== "en" && !language.startsWith("en-")) return [];
  const found = new Map<string, boolean>();
  for (const match of text.matchAll(HONORIFIC_SURNAME))
    found.set(withoutPossessive(match[1]!), true);
  for (const match of text.matchAll(SURNAME_SPEAKING)) {
    const surname = withoutPossessive(match[1]!);
    if (!found.has(surname)) found.set(surname, false);
  }
  return [...found]
    .filter(([surname]) => !namedInFull(text, surname) && !inHeadline(headline, surname))
    .map(([surname, titled]) => ({ surname, titled }));
}
