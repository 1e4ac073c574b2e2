// Without a reading, clustering compares the same reportable sentences a reading's lead holds.
import { describe, expect, it } from "vitest";
import { readManifest } from "../text/manifest-reading.js";
import { TermDictionary } from "../text/term-dictionary.js";
import { tokenize } from "../../text/tokens.js";
import { reportableLead } from "./reportable-lead.js";

describe("reportableLead", () => {
  it("leaves out captions, prompts and headings, as a reading's lead does", () => {
    const text = [
      "Photos: Storm damage in the harbour Hide Caption 3 of 12",
      "The storm flooded 40 homes in Port Ellis on Tuesday, the fire service said.",
      "Sign up for our newsletter to get the latest updates.",
      "What happens next",
      "Roads along the quay will stay closed until Friday.",
    ].join("\n");
    const lead = reportableLead(text, "en");
    expect(lead).toBe(
      "The storm flooded 40 homes in Port Ellis on Tuesday, the fire service said. Roads along the quay will stay closed until Friday.",
    );
    const dictionary = new TermDictionary();
    const reading = readManifest({ title: "Storm", text, language: "en" }, dictionary);
    expect(Array.from(reading.lead, (id) => dictionary.termOf(id))).toEqual(tokenize(lead, "en"));
  });

  it("reads only the start of a long text and keeps about 1,500 characters", () => {
    // Varied sentences: one sentence repeated hundreds of times in a line reads as a gallery's
    // repeated label (caption-lines.ts), not as prose.
    const text = Array.from(
      { length: 500 },
      (_, i) =>
        `Council member ${i} approved budget line ${i * 7} for district ${i % 13} on day ${i % 28}.`,
    ).join(" ");
    const lead = reportableLead(text, "en");
    expect(lead.length).toBeGreaterThan(1000);
    expect(lead.length).toBeLessThanOrEqual(1500);
  });
});
