// The comparable terms of one document, by field: title words, lead words and entity-like
// terms. Words come from the document's reading (../text/manifest-reading.ts), made by the
// builder for clustering and composition alike, or here when the caller gave none.
import type { LeadReading } from "../text/manifest-reading.js";
import type { TermDictionary } from "../text/term-dictionary.js";
import { entitiesOfParts } from "./named-entities.js";

/** Term ids of the title, the lead and the entity-like terms, in order of appearance. */
export type DocumentFields = [
  title: ArrayLike<number>,
  lead: ArrayLike<number>,
  entities: ArrayLike<number>,
];

/**
 * Gives the terms of readings made with other dictionaries the ids of the clustering run's
 * own dictionary, assigned in the order the run meets them (title, lead, entities, document
 * after document), so that ids, and so ties between equal weights, never depend on what else
 * the other dictionary holds.
 */
export class RunTerms {
  private readonly remaps = new Map<TermDictionary, Int32Array>();

  constructor(readonly dictionary: TermDictionary) {}

  ids(reading: LeadReading, field: Int32Array): ArrayLike<number> {
    // Read with this run's dictionary: the ids are already the run's (and are only read).
    if (reading.dictionary === this.dictionary) return field;
    let remap = this.remaps.get(reading.dictionary);
    if (!remap || remap.length < reading.dictionary.size) {
      const grown = new Int32Array(Math.max(reading.dictionary.size, 2 * (remap?.length ?? 0)));
      if (remap) grown.set(remap);
      this.remaps.set(reading.dictionary, (remap = grown));
    }
    const ids = new Array<number>(field.length);
    for (let i = 0; i < field.length; i++) {
      const shared = field[i] as number;
      let id = (remap[shared] as number) - 1;
      if (id < 0) {
        id = this.dictionary.idOf(reading.dictionary.termOf(shared));
        remap[shared] = id + 1;
      }
      ids[i] = id;
    }
    return ids;
  }
}

/**
 * Term ids of each field; an entity term never equals a plain word (it carries a marker). A
 * headline-only document (its lead is within its title, as when `svc poll` makes a feed item
 * without a description) has no entity field: the runs of one headline restate its own words, and a
 * headline's capitals are the least reliable (title case, its opening word).
 */
export function documentFields(
  title: string,
  lead: string,
  reading: LeadReading,
  terms: RunTerms,
): DocumentFields {
  const titleIds = terms.ids(reading, reading.title);
  const leadIds = terms.ids(reading, reading.lead);
  // The lead of a headline-only item is its title, a part of it or nothing (no sentence kept).
  const entities = title.includes(lead.trim()) ? [] : entitiesOfParts([title, lead]);
  return [titleIds, leadIds, entities.map((entity) => terms.dictionary.idOf(`\u0001${entity}`))];
}
