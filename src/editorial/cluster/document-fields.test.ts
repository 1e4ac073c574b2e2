// The three fields of a document vector: title words, lead words, entity-like terms.
import { describe, expect, it } from "vitest";
import { readTitleAndLead } from "../text/manifest-reading.js";
import { TermDictionary } from "../text/term-dictionary.js";
import { documentFields, RunTerms } from "./document-fields.js";

function fields(title: string, lead: string) {
  const dictionary = new TermDictionary();
  const reading = readTitleAndLead(title, lead, "en", dictionary);
  return documentFields(title, lead, reading, new RunTerms(dictionary));
}

describe("documentFields", () => {
  it("gives a report with a body its entity-like terms", () => {
    const [, , entities] = fields(
      "Mega Millions jackpot reaches $1 billion",
      "The Mega Millions jackpot rose to $1 billion after no ticket matched on Tuesday.",
    );
    expect(entities.length).toBeGreaterThan(0);
  });

  it("gives a headline-only item none: its lead is its title, a part of it or nothing", () => {
    const title = "As Mega Millions hits $1 billion, past winners warn of heartache";
    expect(fields(title, title)[2]).toHaveLength(0);
    expect(fields(`${title} | Opinion`, title)[2]).toHaveLength(0);
    expect(fields(title, "")[2]).toHaveLength(0);
    expect(fields(title, title)[0].length).toBeGreaterThan(0);
  });
});
