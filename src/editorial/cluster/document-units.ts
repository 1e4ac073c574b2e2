// Collapses identical documents (same language, title and lead) into one unit before any
// comparison: wire copies are common, identical texts need no similarity to be grouped, and a
// flood of copies then costs one vector instead of thousands.
import { reportableLead } from "../hygiene/reportable-lead.js";
import { leadOf } from "../text/lead.js";
import type { LeadReading } from "../text/manifest-reading.js";

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

/** Units of `documents` in order of their first member. */
export function documentUnits(documents: readonly UnitSource[]): DocumentUnit[] {
  const units: DocumentUnit[] = [];
  // Units by lead, then by title, each list checked for the same language: the units hold
  // these strings anyway, and V8 hashes a string key natively, where a hash of the three
  // fields written here read every lead again character by character.
  const byLead = new Map<string, Map<string, number[]>>();
  documents.forEach((document, index) => {
    // Without the builder's reading (a topic composed in worker threads), the lead is read
    // here as a reading's would be: reportable sentences only (../hygiene/).
    const lead = document.reading
      ? leadOf(document.text)
      : reportableLead(document.text, document.language, [], document.title);
    let byTitle = byLead.get(lead);
    if (!byTitle) byLead.set(lead, (byTitle = new Map<string, number[]>()));
    const sameText = byTitle.get(document.title);
    const twin = sameText?.find((u) => units[u]!.language === document.language);
    if (twin !== undefined) {
      units[twin]!.members.push(index);
      return;
    }
    if (sameText) sameText.push(units.length);
    else byTitle.set(document.title, [units.length]);
    const { title, language, reading } = document;
    units.push({ title, lead, language, reading, members: [index] });
  });
  return units;
}
