// Entity-like terms: capitalised name runs and numbers, normalised.
import { describe, expect, it } from "vitest";
import { isTitleCase, namedEntities } from "./named-entities.js";

describe("namedEntities", () => {
  it("finds runs of capitalised words and numbers, lower-cased", () => {
    expect(
      namedEntities(
        "Max Verstappen's drive at the Brazilian Grand Prix cost Red Bull 2,600 dollars and 4.5 points.",
      ),
    ).toEqual(["max verstappen", "brazilian grand prix", "red bull", "2600", "4.5"]);
  });

  it("ignores single capitalised words and works in any script with capitals", () => {
    expect(namedEntities("Toblerone changed its shape. Die Deutsche Bahn fährt.")).toEqual([
      "die deutsche bahn",
    ]);
    expect(namedEntities("東京で 3 人")).toEqual(["3"]);
  });

  it("leaves out a function word that opens a run: 'As Mega Millions…' names Mega Millions", () => {
    expect(namedEntities("As Mega Millions hits $1 billion, winners wait")).toEqual([
      "mega millions",
      "1",
    ]);
    expect(namedEntities("No Mega Millions jackpot, but The Hague says yes")).toEqual([
      "mega millions",
      // Any run: "The Hague" and "the Hague" both name "hague".
      "hague",
    ]);
  });

  it("starts a run at a word, not inside one ('$1B Mega Millions' is not 'B Mega Millions')", () => {
    expect(namedEntities("$1B Mega Millions jackpot")).toEqual(["mega millions", "1"]);
  });

  it("takes no names from a part in title case: there every word is capitalised", () => {
    const title = "Manchin, Schumer Announce Deal For Energy And Health Care Bill";
    expect(isTitleCase(title)).toBe(true);
    expect(namedEntities(title)).toEqual([]);
    expect(isTitleCase("In a major boost to Democrats, Manchin and Schumer announce a deal")).toBe(
      false,
    );
    // A short line of names is not judged.
    expect(isTitleCase("Max Verstappen wins")).toBe(false);
    expect(namedEntities("Max Verstappen wins")).toEqual(["max verstappen"]);
  });
});
