// Caption lines: a line that ends in a picture's credit or a gallery's counter is a caption,
// every sentence of it; running text that merely holds parentheses is not.
import { describe, expect, it } from "vitest";
import { sentenceSpans } from "../text/sentences.js";
import { captionLineRanges } from "./caption-lines.js";
import { judgeSentences, reasonCode } from "./judge-sentences.js";

const lines = (text: string) => captionLineRanges(text).map(([from, to]) => text.slice(from, to));

describe("captionLineRanges", () => {
  it.each([
    "Police cordon off the area near the Brandenburg Gate in Berlin. (Hayoung Jeon/EPA)",
    "Chicago Cubs players celebrate on the field after the final out. (Photo: Ken Blaze-USA TODAY Sports)",
    "Tsvangirai spoke at his home in Harare Thursday. He said Mugabe must resign. (Ben Curtis/Associated Press)",
    "The lens galaxy, at center, and four lensed background quasars. (University of Oklahoma)",
    "Alleyne died Tuesday after being shot in Barbados. (AP Photo/Thibault Camus, File)",
    "This is what passengers saw of the search for the bird. (Courtesy of Brian Buonassissi)",
    "Photos: Rocket launch State media reported that more launches were planned. Hide Caption 3 of 8",
    "Image Police closed off the square before the festivities. Credit Jane Roe/Harbour Press Agency",
  ])("reads %j as a caption line", (line) => {
    const text = `The council met on Monday.\n${line}\nThe vote is due next week.`;
    expect(lines(text)).toEqual([line]);
  });

  it.each([
    "The bill was backed by Senator Jane Roe (R-Texas).",
    "What a fantastic project, and a mess typographically. (Via Daniel Bogan.)",
    "The company declined to comment. (The statement came later.)",
    "Rovers won 12 of 30 games this season",
    "Turnout rose to 61% (up from 55%)",
    "Shares of the bank fell. Credit Suisse said on Monday it would cut 5,000 jobs.",
    "The loan was approved. Credit Agricole/Natixis shares fell 2% on Monday.",
  ])("leaves %j alone", (line) => {
    expect(lines(`The council met on Monday.\n${line}\nThe vote is due next week.`)).toEqual([]);
  });
});

describe("judgeSentences on a caption line", () => {
  it("drops every sentence of the line as a caption and keeps the lines around it", () => {
    const text = [
      "The harbour bridge reopened on Monday after storm repairs.",
      "Engineers inspect a cable on the bridge. Work went on for three weeks. (Jane Roe/Harbour Gazette)",
      "The council said the road would stay open.",
    ].join("\n");
    const judged = judgeSentences(text, sentenceSpans(text, "en"), "en");
    const verdicts = judged.spans.map(({ start, end }, index) => [
      text.slice(start, end),
      judged.verdicts[index],
    ]);
    const caption = reasonCode("caption");
    expect(verdicts.filter(([, verdict]) => verdict === 0).map(([sentence]) => sentence)).toEqual([
      "The harbour bridge reopened on Monday after storm repairs.",
      "The council said the road would stay open.",
    ]);
    expect(verdicts.filter(([sentence]) => String(sentence).startsWith("Engineers"))).toEqual([
      ["Engineers inspect a cable on the bridge.", caption],
    ]);
    expect(verdicts.filter(([sentence]) => String(sentence).startsWith("Work"))).toEqual([
      ["Work went on for three weeks.", caption],
    ]);
  });
});

describe("galleries run into one line", () => {
  const widget = "Skip in Skip x Embed x Share CLOSE WHAT YOU NEED TO KNOW ABOUT THE HARBOUR";
  const items = Array.from(
    { length: 9 },
    (_, index) => `${widget} Clip ${index + 1}: crews inspect pier ${index + 1} | 0:3${index}`,
  );
  /** Distinct sentences: prose that repeats no run of words. */
  const prose = (count: number, subject: string) =>
    Array.from(
      { length: count },
      (_, index) =>
        `${subject} number ${index + 1} was checked on day ${index + 2} by team ${index + 3}, which found ${index + 4} cracks.`,
    ).join(" ");

  it("drops the line from the widget's first repeat, keeping the prose before it", () => {
    const before = prose(20, "Pier");
    const text = `${before} ${items.join(" ")}\nThe council meets again on Friday.`;
    expect(text.split("\n")[0]!.length).toBeGreaterThan(1500);
    expect(captionLineRanges(text)).toEqual([[before.length + 1, text.indexOf("\n")]]);
  });

  it("keeps a long article on one line that repeats its caption a few times", () => {
    const caption = "The scene after a tram overturned in Croydon on Wednesday morning.";
    const text = Array.from(
      { length: 4 },
      (_, part) => `${caption} ${prose(6, `Carriage ${part + 1}`)}`,
    ).join(" ");
    expect(text.length).toBeGreaterThan(1500);
    expect(captionLineRanges(text)).toEqual([]);
  });
});
