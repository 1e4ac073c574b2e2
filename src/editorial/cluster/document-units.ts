// Collapses identical documents (same language, title and lead) into one unit before any
// comparison: wire copies are common, identical texts need no similarity to be grouped, and a
// flood of copies then costs one vector instead of thousands.
import { reportableLead } from "../hygiene/reportable-lead.js";
import { leadOf } from "../text/lead.js";
import type { LeadReading } from "../text/manifest-reading.js";
import { charCodeAt } from "../../text/string-builtins.js";

export interface UnitSource {
  title: string;
  text: string;
  language: string;
  reading?: LeadReading;
}

export interface DocumentUnit {
  title: string;
  lead: string;
  language: string;
  /** The reading of its first document, when the caller gave one. */
  reading?: LeadReading;
  /** Indexes of the documents it stands for, ascending. */
  members: number[];
}

// A 53-bit string hash (cyrb53) over the three fields, so the map never holds the texts.
function hashFields(fields: readonly string[]): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const field of fields) {
    for (let i = 0; i <= field.length; i++) {
      const code = i < field.length ? charCodeAt(field, i) : 0;
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Units of `documents` in order of their first member. */
export function documentUnits(documents: readonly UnitSource[]): DocumentUnit[] {
  const units: DocumentUnit[] = [];
  const byHash = new Map<number, number[]>();
  documents.forEach((document, index) => {
    // Without the builder's reading (a topic composed in worker threads), the lead is read
    // here as a reading's would be: reportable sentences only (../hygiene/).
    const lead = document.reading
      ? leadOf(document.text)
      : reportableLead(document.text, document.language, [], document.title);
    const hash = hashFields([document.language, document.title, lead]);
    const sameHash = byHash.get(hash) ?? [];
    const twin = sameHash.find((u) => {
      const unit = units[u]!;
      return (
        unit.title === document.title && unit.lead === lead && unit.language === document.language
      );
    });
    if (twin !== undefined) {
      units[twin]!.members.push(index);
      return;
    }
    sameHash.push(units.length);
    byHash.set(hash, sameHash);
    const { title, language, reading } = document;
    units.push({ title, lead, language, reading, members: [index] });
  });
  return units;
}
