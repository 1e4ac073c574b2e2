// The comparable terms of one document, by field: title words, lead words and entity-like
// terms. Only the lead is read: news puts the event in its first paragraphs, the tail of a
// page is often captions and links, and reading 1,500 characters keeps 100,000 texts fast.
import { forEachWord } from "../text/tokens.js";
import { namedEntities } from "./named-entities.js";
import { STOP_WORD, type TermDictionary } from "./term-dictionary.js";

/** Characters of the body that are read (cut back to a word boundary). */
export const LEAD_CHARACTERS = 1500;

/** Term ids of the title, the lead and the entity-like terms, in order of appearance. */
export type DocumentFields = [title: number[], lead: number[], entities: number[]];

/** The first ~`LEAD_CHARACTERS` of `text`, ending at a word boundary. */
export function leadOf(text: string): string {
  if (text.length <= LEAD_CHARACTERS) return text;
  const cut = text.slice(0, LEAD_CHARACTERS);
  const space = cut.search(/\s\S*$/u);
  return space > LEAD_CHARACTERS / 2 ? cut.slice(0, space) : cut;
}

function wordIds(text: string, language: string, dictionary: TermDictionary): number[] {
  const ids: number[] = [];
  forEachWord(text, language, (normalized, start, end, ascii) => {
    const id = dictionary.wordId(language, normalized, start, end, ascii);
    if (id !== STOP_WORD) ids.push(id);
  });
  return ids;
}

/** Term ids of each field; an entity term never equals a plain word (it carries a marker). */
export function documentFields(
  title: string,
  lead: string,
  language: string,
  dictionary: TermDictionary,
): DocumentFields {
  const entities = namedEntities(`${title}\n${lead}`);
  return [
    wordIds(title, language, dictionary),
    wordIds(lead, language, dictionary),
    entities.map((entity) => dictionary.idOf(`\u0001${entity}`)),
  ];
}
