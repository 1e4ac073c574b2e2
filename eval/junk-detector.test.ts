// The junk detector flags every example quoted in the eval issue and none of the ordinary
// news sentences and headlines below (written for this test).
import { describe, expect, it } from "vitest";
import { junkDekReason, junkFactReason, junkHeadlineReason } from "./junk-detector.js";

const JUNK_FACTS = [
  "Photos: Mass shooting at Las Vegas music festival Hide Caption 10 of 30",
  "Advertisement Continue reading the main story",
  "Newsletter Sign Up Continue reading the main story Please verify you're not a robot by clicking the box.",
  "Invalid email address.",
  "Copyright 2018 The Associated Press.",
  "All rights reserved.",
  "pic.twitter.com/3KsCEniCOL — Flightradar24 (@flightradar24) December 31, 2017",
  "FILE - In this Sept. 30, 2016, file photo, Singer Rihanna poses ...",
  "LAS VEGAS BLVD.",
  "robertvbridge@yahoo.com",
  "Media playback is unsupported on your device",
];

const JUNK_DEKS = [
  "The content (including but not limited to text, photo, multimedia information, etc) published in this site belongs to China Daily ...",
  "External links are provided for reference purposes.",
  "How well do you know Elon Musk?",
  "Q&A What is bitcoin and is it a bad investment?",
  "“Not forever, not for a long time.",
  "He also performed in 2001 and 2004.",
  "But right now, it is more than 70 dead.",
  'It added that "no one was injured".',
  "Related: 34 things to know about the new tax law",
];

const JUNK_HEADLINES = ["ABC News", "World news - RT International", "NPR Search : NPR"];

/** Ordinary news sentences: good key facts and good deks. */
const CLEAN_SENTENCES = [
  "A gunman killed 58 people at a country music festival in Las Vegas on Sunday night, police said.",
  "The tram derailed on a sharp bend near Sandilands in south London early on Wednesday.",
  "Apple removed the Telegram app from its App Store after complaints about inappropriate content.",
  "The Chicago Cubs won the World Series for the first time since 1908.",
  "Rescuers used more than 80 diggers to reach the boy trapped in a well in Hebei province.",
  "The FBI director told Congress that the bureau had not changed its conclusions.",
  "Lawmakers approved the budget by 212 votes to 198 late on Thursday.",
  "Snow continued to fall in Erie, Pennsylvania, where 34 inches fell on Christmas Day.",
  "A suicide bomber rammed a car into the wall of the German consulate in Mazar-i-Sharif.",
  "The company said it would cut 450 jobs at its plant in Ohio by the end of the year.",
  "Ripple rose 56 percent on Friday to a record high of $2.23, according to CoinMarketCap.",
  "An Egyptian court sentenced former president Mohamed Morsi to three years in prison on Saturday.",
  "Two people were injured when a barge carrying fireworks caught fire off Terrigal Beach.",
  "The Green Bay Packers signed center Corey Linsley to a three-year contract extension.",
  "Israel's cabinet approved a transfer of $11 million to settlements in the West Bank.",
  "Hawaiian Airlines flight 446 left Auckland shortly after midnight on New Year's Day.",
  "Astronauts aboard the International Space Station identified microbes without sending samples to Earth.",
  "Police arrested a 67-year-old man in Slidell, Louisiana, on 269 counts of wire fraud.",
  "The Rose Parade drew hundreds of thousands of people to Pasadena on Monday.",
  "Jessica Alba and her husband Cash Warren welcomed a son on December 31.",
  "Chicago Bears fire coach John Fox after a 5-11 season, the team announced on Monday.",
  "SEOUL (Reuters) - South Korea and the United States agreed on Friday to keep working for a peaceful end to the crisis.",
  '"We are devastated," the mayor told reporters outside city hall on Tuesday.',
  "The minister, who resigned on Monday, denies any wrongdoing.",
  "Volkswagen admitted in September 2015 that 11 million diesel cars carried cheating software.",
  "Equifax secured control of 138 lookalike domains after its data breach.",
  "A magnitude 6.1 earthquake struck off the coast of Chile, the US Geological Survey said.",
  "Voters in Ireland backed the referendum by a two-to-one margin, official results showed.",
];

/** Real-looking article titles, some with the colon and quote shapes real titles have. */
const CLEAN_HEADLINES = [
  "Apple removes Telegram from the App Store over inappropriate content",
  "Tram derails in Croydon, killing at least seven",
  "Chicago Cubs win World Series for first time in 108 years",
  "Croydon tram crash: Police name the three remaining victims",
  "Lady Gaga protests outside Trump Tower",
  "How much will Equifax pay?",
  "Erie smashes snowfall record with flakes still falling",
  "Egypt's Morsi sentenced to three years in prison",
  "Tourist ship strikes highway bridge in Germany; 27 hurt",
  "Clinton blames Comey letters for election defeat, reports say",
  "BREAKING NEWS: Cubs win the World Series after epic Game 7",
  "Ripple soars past ethereum to become second-largest cryptocurrency",
];

/** More furniture of the same kinds, written for this test. */
const MORE_JUNK = [
  "Photo LONDON -- At least seven people were killed when a tram derailed on Wednesday.",
  "A rocket lifts off during a launch drill in this undated photo released by the agency.",
  "Read or Share this story: https://example.com/abc",
  "Contact the reporter at newsdesk@example.com or 555-0100.",
  "#Storm #Flooding what a night!!",
  "Jane Doe/AP",
  "Image copyright Getty Images Image caption Firefighters at the scene",
  "Please try again later.",
  "SORRY, THIS PAGE IS UNAVAILABLE.",
  "Kickoff time, weather and injury report",
];

describe("junkFactReason", () => {
  it.each(MORE_JUNK)("flags %j", (text) => {
    expect(junkFactReason(text)).not.toBeNull();
  });

  it.each(JUNK_FACTS)("flags %j", (text) => {
    expect(junkFactReason(text)).not.toBeNull();
  });

  it.each(CLEAN_SENTENCES)("keeps %j", (text) => {
    expect(junkFactReason(text)).toBeNull();
  });

  it("keeps a headline-only item's headline without a stop, and no other line", () => {
    const headline = "Highland Park gunman indicted on 117 felony charges";
    expect(junkFactReason(headline)).not.toBeNull();
    expect(junkFactReason(headline, true)).toBeNull();
    expect(junkFactReason("Photos of the day", true)).not.toBeNull();
  });
});

describe("junkDekReason", () => {
  it.each([...JUNK_DEKS, ...JUNK_FACTS])("flags %j", (text) => {
    expect(junkDekReason(text)).not.toBeNull();
  });

  it.each(CLEAN_SENTENCES)("keeps %j", (text) => {
    expect(junkDekReason(text)).toBeNull();
  });

  it("says why", () => {
    expect(junkDekReason("He also performed in 2001 and 2004.")).toBe(
      "opens on an unresolved pronoun",
    );
    expect(junkDekReason("But right now, it is more than 70 dead.")).toBe(
      "opens on a conjunction or connective",
    );
    expect(junkDekReason("How well do you know Elon Musk?")).toBe("a question, not a statement");
  });
});

describe("junkHeadlineReason", () => {
  it.each(JUNK_HEADLINES)("flags %j", (title) => {
    expect(junkHeadlineReason(title)).not.toBeNull();
  });

  it("flags a title that is the publisher's own name", () => {
    expect(junkHeadlineReason("Hawaii News Now", "Hawaii News Now", "hawaiinewsnow.com")).toBe(
      "a site or section name, not an article title",
    );
    expect(junkHeadlineReason("Reuters", undefined, "www.reuters.com")).not.toBeNull();
  });

  it("flags a title with a site name after it, and a truncated title", () => {
    expect(junkHeadlineReason("Flight lands a year early - Hawaii News Now")).not.toBeNull();
    expect(junkHeadlineReason("Rihanna mourns cousin, calls an end to gun...")).toBe(
      "truncated title",
    );
  });

  it.each(CLEAN_HEADLINES)("keeps %j", (title) => {
    expect(junkHeadlineReason(title, "Example News", "news.example.com")).toBeNull();
  });
});
