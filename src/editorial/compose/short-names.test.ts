import { describe, expect, it } from "vitest";
import { introducedBefore, namedInFull, shortReferences } from "./short-names.js";

const surnames = (text: string, headline = "Storm closes Tessel harbour", language = "en") =>
  shortReferences(text, headline, language).map(({ surname, titled, subject }) =>
    titled ? `title:${surname}` : subject ? `subject:${surname}` : surname,
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

describe("shortReferences: a capitalised word as the subject of any verb", () => {
  it("finds it before a verb in -ed, -s, an auxiliary or an irregular past", () => {
    expect(surnames("Halvard apologized for the remarks in a written statement.")).toEqual([
      "subject:Halvard",
    ]);
    expect(surnames("Halvard urges the council to reopen the quay.")).toEqual(["subject:Halvard"]);
    expect(surnames("Halvard has asked the committee to excuse her.")).toEqual(["subject:Halvard"]);
    expect(surnames("Halvard took the ferry back on Monday night.")).toEqual(["subject:Halvard"]);
    expect(surnames("Halvard also asked that the quay reopen.")).toEqual(["subject:Halvard"]);
  });

  it("reads past an opening phrase and an apposition", () => {
    expect(surnames("At a fundraiser in Tessel, Halvard urged donors to give.")).toEqual([
      "subject:Halvard",
    ]);
    expect(surnames("Halvard, a harbour pilot for 30 years, issued the order.")).toEqual([
      "subject:Halvard",
    ]);
    expect(surnames("Halvard, 49, began gathering votes on Wednesday.")).toEqual([
      "subject:Halvard",
    ]);
  });

  it("leaves a possessive, a noun after the word, a full name and a speech verb's own reading", () => {
    expect(surnames("Halvard's overtures marked a rare softening in tone.")).toEqual([]);
    expect(surnames("Harbour officials closed the quay on Monday.")).toEqual([]);
    expect(surnames("Ottar Halvard apologized for the remarks on Monday.")).toEqual([]);
    expect(surnames("Halvard said the quay would reopen on Monday.")).toEqual(["Halvard"]);
    // Not a verb by its form: a noun in -ss or a base form.
    expect(surnames("Halvard business grew by a third last year.")).toEqual([]);
  });
});

describe("introducedBefore", () => {
  const title = "Pilot apologises for harbour remarks";
  const text =
    "Harbour pilot Ottar Halvard is under fire after a video surfaced. " +
    "Halvard apologized for the remarks in a written statement.";
  const sentence = "Halvard apologized for the remarks in a written statement.";

  it("holds where the report named the person in full before the sentence", () => {
    expect(introducedBefore(title, text, sentence, "Halvard")).toBe(true);
    expect(
      introducedBefore(
        "Ottar Halvard sorry",
        "Halvard apologized.",
        "Halvard apologized.",
        "Halvard",
      ),
    ).toBe(true);
    // A courtesy title or an office before the surname introduces a person too.
    expect(introducedBefore(title, `Rep. Halvard spoke. ${sentence}`, sentence, "Halvard")).toBe(
      true,
    );
  });

  it("fails where the introduction comes after it, or nowhere", () => {
    expect(
      introducedBefore(
        title,
        `${sentence} Harbour pilot Ottar Halvard is under fire.`,
        sentence,
        "Halvard",
      ),
    ).toBe(false);
    expect(introducedBefore(title, sentence, sentence, "Halvard")).toBe(false);
    expect(introducedBefore(title, "Another text altogether.", sentence, "Halvard")).toBe(false);
  });

  it("reads a long text before the sentence in one pass (a loose pattern was quadratic)", () => {
    // 600,000 characters of capitals joined by hyphens: tried from every capital, the pattern
    // this replaced took minutes here; read around each occurrence of the surname, no time.
    const text = `${"A-".repeat(300_000)} ${sentence}`;
    expect(introducedBefore(title, text, sentence, "Halvard")).toBe(false);
    expect(introducedBefore(title, `Ottar Halvard ${text}`, sentence, "Halvard")).toBe(true);
  });

  it("fails for a possessive before the word and for a common noun", () => {
    expect(
      introducedBefore(
        "Shares fall",
        "Japan's Sony fell. Sony reported a loss.",
        "Sony reported a loss.",
        "Sony",
      ),
    ).toBe(false);
    const coins = "Cash Bitcoin rose. The price of bitcoin fell. Bitcoin remains the largest.";
    expect(introducedBefore("Coins", coins, "Bitcoin remains the largest.", "Bitcoin")).toBe(false);
  });
});

describe("namedInFull", () => {
  it("holds for a given name or an initial before the surname, not for a courtesy title", () => {
    expect(namedInFull("Ottar Halvard, the port manager, spoke.", "Halvard")).toBe(true);
    expect(namedInFull("Ottar J. Halvard spoke.", "Halvard")).toBe(true);
    expect(namedInFull("Mr. Halvard spoke.", "Halvard")).toBe(false);
    expect(namedInFull("Ottar Halvardsen spoke.", "Halvard")).toBe(false);
  });

  it("reads no word that ends a sentence as a given name", () => {
    expect(namedInFull("O. Halvard spoke.", "Halvard")).toBe(true);
    const zoo =
      "The boy fell into a moat at the Cincinnati Zoo. Authorities said he would recover.";
    expect(namedInFull(zoo, "Authorities")).toBe(false);
    expect(
      namedInFull("A zoo in Brownsville, Texas\nAuthorities said he would recover.", "Authorities"),
    ).toBe(false);
    expect(namedInFull("Crews met in Tessel. Halvard said the quay was shut.", "Halvard")).toBe(
      false,
    );
  });
});
