// Captions told by their tense: a picture described in the present with a date, a position
// in the frame or "is seen"; news in the past, schedules and figurative "seen as" are kept.
import { describe, expect, it } from "vitest";
import { isPresentTenseCaption } from "./caption-tense.js";
import { shapeReason } from "./sentence-shape.js";

const CAPTIONS = [
  "Residents on East 24th Street dig out on Tuesday, Dec. 26, 2017, after a record two-day snowfall.",
  "Trees are reflected on the bonnet of a car in the morning sunshine in London, Britain May 5, 2016.",
  "The former chief executive testifies during a hearing before a Senate committee November 8, 2017 on Capitol Hill.",
  "The scene of an officer-involved shooting near the avenue in Las Vegas on Saturday, Nov. 11, 2017.",
  "The cargo ship, a Hong Kong-flagged vessel, is seen in waters off the port.",
  "The ministry's spokeswoman gestures during a news briefing in the capital.",
  "Harbour workers (left) and the mayor (right) look on as the crane is lifted into place.",
  "Rovers winger Jan Roe (10) reaches for the ball while being guarded by defender Joe Doe (21).",
  "Opposition leader Jan Roe speaks to reporters after a news conference at his home in Tessel Thursday.",
  "Rovers winger Jan Roe cries after he had to leave the pitch injured at Calder Park, Sunday, Nov. 13, 2016.",
  "Some of the 21 fishermen rescued are seen during a meeting with the mayor in Tessel, October 13, 2016.",
];

const NEWS = [
  "Residents dug out on Tuesday, Dec. 26, 2017, after a record two-day snowfall.",
  "The former chief executive testified before a Senate committee on November 8, 2017.",
  "The ship was seen in waters off the port on Friday, officials said.",
  "The city's tech industry is seen as a natural setting for the new campus.",
  "The law takes effect on January 1, 2019.",
  "Fares stay frozen from January 1, 2019, the operator said.",
  "The minister will visit the port on March 3, 2019.",
  "Police have arrested a man after the attack on November 8, 2017.",
  "Jan Roe (10) scored twice as Rovers beat the Mariners 3-1.",
  "A man was arrested after police searched the house on Nov. 8, 2017.",
  "The 21 fishermen rescued the crew of a trawler off Tessel on October 13, 2016.",
  "The mayor said the bridge would reopen Thursday.",
  "The new bridge opens to traffic at 7 a.m. Thursday.",
  "There are three days left until the vote Thursday.",
  "Fans gather outside the stadium every Sunday.",
];

/** Captions that describe the picture itself, in any tense. */
const PICTURE_LINES = [
  "A photo issued by the harbour authority of the crane which fell near the quay in Tessel, Nov. 9, 2016.",
  "An image of the old bar from 2011 showing the smaller gap between its triangles.",
  "This photo shows the flooded square in Calder on Monday.",
];

const PICTURE_NEWS = ["A photo of the suspect was released by police on Monday."];

describe("isPresentTenseCaption", () => {
  it.each(CAPTIONS)("reads %s as a caption", (sentence) => {
    expect(isPresentTenseCaption(sentence)).toBe(true);
    expect(shapeReason(sentence, "en")).toBe("caption");
  });

  it.each(NEWS)("keeps %s", (sentence) => {
    expect(isPresentTenseCaption(sentence)).toBe(false);
    expect(shapeReason(sentence, "en")).toBeNull();
  });

  it.each(PICTURE_LINES)("drops %s as a caption", (sentence) => {
    expect(shapeReason(sentence, "en")).toBe("caption");
  });

  it.each(PICTURE_NEWS)("keeps the news %s", (sentence) => {
    expect(shapeReason(sentence, "en")).toBeNull();
  });

  it("is English only: the same shape in another language is not read", () => {
    expect(shapeReason(CAPTIONS[0] as string, "de")).toBeNull();
  });
});
