// Boilerplate by frequency: a line one publisher repeats in unrelated Manifests is furniture;
// the same line in two versions of one story, or from two publishers, is not.
import { describe, expect, it } from "vitest";
import { findBoilerplateLines } from "./boilerplate-lines.js";

const FOOTER = "Sign up to our morning briefing for the day's top stories.";

function source(domain: string, title: string, body: string) {
  return { publisherDomain: domain, title, text: `${body}\n${FOOTER}` };
}

describe("findBoilerplateLines", () => {
  it("finds a line one publisher repeats under unrelated titles", () => {
    const lines = findBoilerplateLines([
      source("gazette.example", "Council approves harbour budget", "The council voted 7-2."),
      source("gazette.example", "Storm closes coast road for a week", "The road is shut."),
      source("post.example", "Storm closes coast road", "Engineers are on site."),
    ]);
    expect(lines).toEqual([[FOOTER], [FOOTER], []]);
  });

  it("keeps lines shared by two versions of one story (same title words)", () => {
    const lines = findBoilerplateLines([
      source("gazette.example", "Storm closes coast road for a week", "The road is shut."),
      source("gazette.example", "Storm closes coast road for a week (updated)", "It reopens soon."),
    ]);
    expect(lines).toEqual([[], []]);
  });

  it("never counts two publishers' identical lines (wire copy) as boilerplate", () => {
    const lines = findBoilerplateLines([
      source("gazette.example", "Council approves harbour budget", "The council voted 7-2."),
      source("post.example", "Storm closes coast road for a week", "The road is shut."),
    ]);
    expect(lines).toEqual([[], []]);
  });
});
