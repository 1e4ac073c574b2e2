// Entity-like terms: capitalised name runs and numbers, normalised.
import { describe, expect, it } from "vitest";
import { namedEntities } from "./named-entities.js";

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
});
