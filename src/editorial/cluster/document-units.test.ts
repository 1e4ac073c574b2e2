// Identical documents collapse into one unit; anything different stays apart.
import { describe, expect, it } from "vitest";
import { LEAD_CHARACTERS } from "../text/lead.js";
import { documentUnits } from "./document-units.js";

describe("documentUnits", () => {
  it("collapses documents with the same language, title and lead", () => {
    const tail = "x".repeat(LEAD_CHARACTERS);
    const units = documentUnits([
      { title: "A", text: "Same text.", language: "en" },
      { title: "B", text: "Same text.", language: "en" },
      { title: "A", text: "Same text.", language: "en" },
      { title: "A", text: "Same text.", language: "de" },
      { title: "C", text: `Lead. ${tail} one ending`, language: "en" },
      { title: "C", text: `Lead. ${tail} another ending`, language: "en" },
    ]);
    expect(units.map((unit) => unit.members)).toEqual([[0, 2], [1], [3], [4, 5]]);
  });
});
