// A headline names the event: a site or section name, or a title cut short, is never chosen
// while a real title exists.
import { describe, expect, it } from "vitest";
import { manifest } from "../../../test/support/manifests.js";
import { analyzeCluster } from "./analyze.js";
import { buildCentroid } from "./centroid.js";
import {
  hasSiteSuffix,
  headlineManifest,
  headlineOf,
  namesNothing,
  titleProblem,
} from "./headline.js";

describe("titleProblem", () => {
  it.each([
    ["ABC News", { name: "ABC News", domain: "abcnews.go.com" }],
    ["World news - RT International", { name: "RT", domain: "rt.com" }],
    ["NPR Search : NPR", { name: "NPR", domain: "npr.org" }],
    ["Home | Harbour Gazette", { name: "Harbour Gazette", domain: "harbourgazette.example" }],
    // A programme's name and its date: a date names no event.
    ["News With Ed -- October 2, 2017", { name: "RT", domain: "rt.com" }],
    ["Storm hits Port Ellis, closing the...", { name: "Post", domain: "post.example" }],
  ])("refuses %j", (title, publisher) => {
    expect(titleProblem(title, publisher)).not.toBeNull();
  });

  it("accepts a real title, with or without the site's name after it", () => {
    const publisher = { name: "Harbour Gazette", domain: "harbourgazette.example" };
    expect(titleProblem("Storm closes the coast road at Port Ellis", publisher)).toBeNull();
    expect(titleProblem("Storm closes coast road | Harbour Gazette", publisher)).toBeNull();
  });
});

describe("namesNothing", () => {
  it.each([
    ["ABC News", { name: "ABC News", domain: "abcnews.go.com" }],
    // Publishers known by their domain alone: the domain's labels are read for their words.
    ["ABC News", { name: "abcnews.go.com", domain: "abcnews.go.com" }],
    ["World news - RT International", { name: "www.rt.com", domain: "rt.com" }],
    ["NPR Search : NPR", { name: "www.npr.org", domain: "npr.org" }],
    [
      "Latest news | The Washington Post",
      { name: "washingtonpost.com", domain: "washingtonpost.com" },
    ],
    ["World news, Monday 2 October 2017", { name: "Post", domain: "post.example" }],
  ])("reads %j of %j as saying nothing", (title, publisher) => {
    expect(namesNothing(title, publisher)).toBe(true);
  });

  it.each([
    ["Storm Ciara", { name: "Post", domain: "post.example" }],
    ["ABC News buys a radio network", { name: "Post", domain: "post.example" }],
    ["Storm closes the coast road", { name: "Storm Weekly", domain: "stormweekly.example" }],
    // A year or a count without a month or weekday is the title's own.
    ["The 2017 iPad Pros", { name: "Post", domain: "post.example" }],
  ])("reads %j as saying something", (title, publisher) => {
    expect(namesNothing(title, publisher)).toBe(false);
  });
});

describe("headlineManifest", () => {
  it("passes over a site-name title even when its article is the most central", () => {
    const text =
      "A storm closed the coast road at Port Ellis on Monday. Engineers will inspect the sea wall.";
    const manifests = [
      manifest({
        id: "a",
        title: "ABC News",
        text,
        publisher: { name: "ABC News", domain: "abcnews.example" },
      }),
      manifest({
        id: "b",
        title: "Storm closes the coast road at Port Ellis",
        text: `${text} It may reopen on Friday.`,
      }),
    ];
    const analyses = analyzeCluster(manifests);
    const centroid = buildCentroid(analyses.map((analysis) => analysis.words));
    expect(headlineManifest(manifests, analyses, centroid).id).toBe("b");
  });
});

describe("headlineOf", () => {
  const publisher = { name: "NEJM", domain: "nejm.org" };
  it("leaves out a site or section suffix, keeping the title word for word", () => {
    expect(headlineOf("Tony Dow dies at 77 | USA TODAY", publisher)).toBe("Tony Dow dies at 77");
    expect(headlineOf("Vitamin D and fractures in older adults | NEJM - nejm.org", publisher)).toBe(
      "Vitamin D and fractures in older adults",
    );
    expect(headlineOf("  Storm closes the coast road  ", publisher)).toBe(
      "Storm closes the coast road",
    );
  });

  it("keeps the whole title when the rest would not name an event, or the dash part is the title's", () => {
    expect(headlineOf("Opinion | Why it matters", publisher)).toBe("Opinion | Why it matters");
    expect(headlineOf("Brexit - what happens next", publisher)).toBe("Brexit - what happens next");
    expect(headlineOf("| NEJM", publisher)).toBe("| NEJM");
  });
});

describe("hasSiteSuffix", () => {
  const publisher = { name: "IGN", domain: "ign.example" };
  it("reads a short ' | ' part or a ' - ' part of the site's own words as a suffix", () => {
    expect(hasSiteSuffix("Tony Dow dies at 77 | USA TODAY", publisher)).toBe(true);
    expect(hasSiteSuffix("Yankees fans dream of a World Series | Opinion", publisher)).toBe(true);
    expect(hasSiteSuffix("PlayStation Plus games for August announced - IGN", publisher)).toBe(
      true,
    );
    expect(hasSiteSuffix("Vitamin D and fractures | NEJM - nejm.org", publisher)).toBe(true);
  });

  it("keeps a dash that is part of the headline", () => {
    expect(hasSiteSuffix("Ukraine war: Kyiv says - talks will resume", publisher)).toBe(false);
    expect(hasSiteSuffix("Storm closes the coast road at Port Ellis", publisher)).toBe(false);
  });

  it("heads the story with a title without a suffix when there is one", () => {
    const text = "Storm closes the coast road at Port Ellis";
    const manifests = [
      manifest({ id: "a", title: `${text} | Opinion`, text: `${text} | Opinion` }),
      manifest({ id: "b", title: "Storm closes coast road at Port Ellis", text }),
    ];
    const analyses = analyzeCluster(manifests);
    const centroid = buildCentroid(analyses.map((analysis) => analysis.words));
    expect(headlineManifest(manifests, analyses, centroid).id).toBe("b");
  });
});

describe("titleProblem on counts and dates", () => {
  const publisher = { name: "Post", domain: "post.example" };
  it("keeps a year or a count, and reads a month's numbers as its date", () => {
    expect(titleProblem("The 2017 iPad Pros", publisher)).toBeNull();
    expect(titleProblem("12 killed in Costa Rica plane crash", publisher)).toBeNull();
    expect(titleProblem("Storm warning, October 2, 2017", publisher)).toBe(
      "a site or section name",
    );
  });
});
