// The shape rules of the hygiene stage: page furniture of every kind is dropped with its
// reason, ordinary news sentences (in English and other languages) are kept.
import { describe, expect, it } from "vitest";
import { shapeReason } from "./sentence-shape.js";

const DROPPED: Array<[string, string]> = [
  [
    "No part of this article may be copied without the written permission of the publisher.",
    "legal",
  ],
  ["Please try again later.", "subscription"],
  ["Jane Roe/Harbour Gazette Buy Photo Wait 1 second to continue.", "caption"],
  ["More from the Harbour Gazette:", "navigation"],
  ["Watch: the moment the bridge fell", "navigation"],
  ["Related", "navigation"],
  ["Join Jane Roe and John Doe on Harbour News to get today's scoops.", "subscription"],
  ["Get the Morning Briefing by Email What you need to know to start your day.", "subscription"],
  ["Add Weather as an interest to stay up to date on the latest news.", "subscription"],
  ["Update, 2:40 p.m PT: Adds the company's response.", "navigation"],
  ["UPDATED at 10:30 GMT with the minister's statement.", "navigation"],
  ["Updated | The harbour bridge story now includes the council's statement.", "navigation"],
  ["An earlier version said that the harbour last froze in 1948.", "navigation"],
  [
    "Because of an editing error, an earlier version of this post said the mayor was from Varrowby.",
    "navigation",
  ],
  ["Earlier versions of this story included an incorrect age for the pilot.", "navigation"],
  ["This post has been updated.", "navigation"],
  ["• This article was amended on 4 November 2016.", "navigation"],
  ["Editor's note: A previous version of this video incorrectly stated the date.", "navigation"],
  ["pic.twitter.com/3KsCEniCOL — Flightradar24 (@flightradar24) December 31, 2017", "embed"],
  ["— Jane Roe (@janeroe) March 3, 2018", "embed"],
  ["Contact the reporter at jane.roe@example.com", "link"],
  ["More at https://example.com/story/123 today.", "link"],
  ["Copyright 2018 The Associated Press.", "legal"],
  ["All rights reserved.", "legal"],
  ["This material may not be published, broadcast, rewritten or redistributed.", "legal"],
  ["Tous droits réservés.", "legal"],
  ["Newsletter Sign Up Continue reading the main story", "subscription"],
  ["Please verify you're not a robot by clicking the box.", "subscription"],
  ["Follow Harbour Gazette on Twitter for updates.", "subscription"],
  ["Read more: Three things to know about the port", "navigation"],
  [
    "Port strike talks collapse Read more The union said on Monday it would walk out.",
    "navigation",
  ],
  ["Facebook Twitter Pinterest Dock workers gather at the gate on Monday.", "navigation"],
  ["Enlarge this image toggle caption Harbour Gazette", "caption"],
  ["The content of this image is as provided and cannot be independently verified.", "caption"],
  ["Staff writer Jane Roe contributed to this report.", "credit"],
  ["Related: 34 things to know about the new tax law", "navigation"],
  ["Advertisement Continue reading the main story", "navigation"],
  ["Media playback is unsupported on your device", "navigation"],
  ["Your browser does not support iframes.", "navigation"],
  [
    "How the harbour vote went Yes No Undecided Your browser does not support this interactive content.",
    "navigation",
  ],
  ["Photos: Storm hits the coast Hide Caption 10 of 30", "caption"],
  ["FILE - In this Sept. 30, 2016, file photo, a singer poses for photographers.", "caption"],
  ["A rocket lifts off in this undated photo released by the agency.", "caption"],
  ["Pictured is a close-up view of the supermoon over the Tessel lighthouse.", "caption"],
  ["Image copyright Reuters Image caption Rescuers at the scene", "caption"],
  ["Author: Jane Roe / jr", "credit"],
  ["By Jane Roe and John Doe", "credit"],
  ["jm/dm (AFP, dpa)", "credit"],
  ["LAS VEGAS BLVD. AND TROPICANA AVE.", "capitals"],
  ["Invalid email address.", "subscription"],
  ["Slideshow.", "fragment"],
  ["Daksha Rangan, CTVNews.ca", "no-verb"],
  ["2 of the 5 with life-threatening injuries.", "no-verb"],
  ["Archives Archives Select Month January 2018", "navigation"],
  ["[Editor's note: Spoilers follow for the season finale.]", "navigation"],
  ["Robert Roe is an American writer and journalist.", "credit"],
  ["Jane Roe is a columnist for The Harbour Gazette.", "credit"],
  ["Find out what Jane Roe has to say about it.", "subscription"],
];

const KEPT = [
  "Beaches on the northern shore remain open.",
  "The governor signed the bill a day after refusing to sign an earlier version of it.",
  "An earlier version of the harbour plan was rejected by the council in May.",
  "Pictured next to the mayor in the photo, the pilot said he had flown for 30 years.",
  "The council said the old ferry's browser-based ticket system does not support refunds.",
  "Jane Roe is a journalist who was detained at the border last year.",
  "What happens next is up to the council, the mayor said.",
  "Port Ellis Mariners beat Tessel Rovers 3-1 at Quayside Park.",
  "The Mariners now turn their attention to the league title race.",
  "Police warned that people entering farmland without permission could be fined.",
  "More than 50 people were injured when the tram left the track.",
  "Trending topics on the site changed overnight, the company said.",
  "Recommended changes to the law were published on Monday.",
  "Listen carefully, the officer told the crowd.",
  "Share prices fell by 4% on Monday after the results.",
  "Call centres in the region will close next year, the company said.",
  "Watch out for scam texts claiming to be from the bank, police warned.",
  "Updated figures show that 40 people were hurt.",
  "A gunman killed 58 people at a country music festival in Las Vegas on Sunday night, police said.",
  "By the time he reached the hospital, he was in a respiratory arrest.",
  "Amazon.com said on Tuesday that it would open a second headquarters.",
  "The copyright case will be heard in the High Court next month.",
  "Four people died.",
  "The 42-year-old faces charges.",
  "Police in three states seek the man.",
  "Many died in the attack.",
  "Two remain in hospital.",
  "That changed in 2016.",
  "Residents all agreed to leave.",
  "NASA and ESA will launch the probe in 2026.",
  "Der Zug entgleiste am Dienstag kurz nach sechs Uhr in der Nähe des Bahnhofs.",
  "Le gouvernement a annoncé mardi une hausse du salaire minimum.",
  "東京で大雨が降り、鉄道が運休した。",
];

describe("shapeReason", () => {
  it.each(DROPPED)("drops %j as %s", (sentence, reason) => {
    expect(shapeReason(sentence, "en")).toBe(reason);
  });

  it.each(KEPT)("keeps %j", (sentence) => {
    const language = /[äöü]|Zug/.test(sentence)
      ? "de"
      : /gouvernement/.test(sentence)
        ? "fr"
        : /東京/.test(sentence)
          ? "ja"
          : "en";
    expect(shapeReason(sentence, language)).toBeNull();
  });
});
