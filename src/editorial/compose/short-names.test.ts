import { describe, expect, it } from "vitest";
import { namedInFull, shortReferences } from "./short-names.js";

const surnames = (text: string, headline = "Storm closes Tessel harbour", language = "en") =>
  shortReferences(text, headline, language).map(({ surname, titled }) =>
    titled ? `title:${surname}` : surname,
  );

describe("shortReferences", () => {
  it("finds a person called by courtesy title and surname alone", () => {
    expect(surnames("Mr. Halvard said the quay would reopen.")).toEqual(["title:Halvard"]);
    expect(surnames("The family of Mr Collett, 62, said he loved the town.")).toEqual([
      "title:Collett",
    ]);
    expect(surnames("Mr. Boutrous said Ms. Sellers had it both ways.")).toEqual([
      "title:Boutrous",
      "title:Sellers",
    ]);
  });

  it("finds a capitalised word opening a clause before a verb of speech", () => {
    expect(surnames("Goelman said the director overruled the office.")).toEqual(["Goelman"]);
    expect(surnames("The quay is closed, Halvard told reporters.")).toEqual(["Halvard"]);
    expect(surnames("“It was a disaster,” Halvard added.")).toEqual(["Halvard"]);
  });

  it("leaves a person the sentence names in full, or the headline holds", () => {
    expect(surnames("Port manager Ottar Halvard said Mr. Halvard's team would stay.")).toEqual([]);
    expect(surnames("The findings were published by Dr Eduardo Guerras.")).toEqual([]);
    expect(surnames("Mr. Halvard said the quay would reopen.", "Halvard: quay to reopen")).toEqual(
      [],
    );
    // A word of the headline, not a part of one ("Halvardsen" does not hold "Halvard").
    expect(
      surnames("Mr. Halvard said the quay would reopen.", "Halvardsen quits as harbour chief"),
    ).toEqual(["title:Halvard"]);
  });

  it("reads English only", () => {
    expect(surnames("Mr. Halvard said the quay would reopen.", "Tessel", "fr")).toEqual([]);
    expect(surnames("Mr. Halvard said the quay would reopen.", "Tessel", "en-GB")).toEqual([
      "title:Halvard",
    ]);
  });

  it("takes names with marks and apostrophes whole", () => {
    expect(surnames("Mr. O’Rourke said he believed the campaign sought help.")).toEqual([
      "title:O’Rourke",
    ]);
    expect(surnames("Mr. Peña said the invitation was a mistake.")).toEqual(["title:Peña"]);
  });
});

describe("namedInFull", () => {
  it("holds for a given name or an initial before the surname, not for a courtesy title", () => {
    expect(namedInFull("Ottar Halvard, the port manager, spoke.", "Halvard")).toBe(true);
    expect(namedInFull("Ottar J. Halvard spoke.", "Halvard")).toBe(true);
    expect(namedInFull("Mr. Halvard spoke.", "Halvard")).toBe(false);
    expect(namedInFull("Ottar Halvardsen spoke.", "Halvard")).toBe(false);
  });
});
