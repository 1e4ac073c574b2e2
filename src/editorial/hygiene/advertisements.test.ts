// Advertising labelled by its publisher is told from news that speaks of sponsors and ads.
import { describe, expect, it } from "vitest";
import { advertisementSignal } from "./advertisements.js";

const NEWS_URL = "https://news.example/2026/11/21/report";
const NEWS_TEXT = "The council approved the budget on Monday. It passed by 7 votes to 2.";

const withTitle = (title: string) => ({ title, text: NEWS_TEXT, url: NEWS_URL });
const withText = (text: string) => ({ title: "Council approves budget", text, url: NEWS_URL });
const withUrl = (url: string) => ({ title: "Council approves budget", text: NEWS_TEXT, url });

describe("advertisementSignal", () => {
  it.each([
    "[Sponsor] Timing — Automatic Time Tracking for Mac",
    "[Sponsored] A better way to back up",
    "Sponsored: How one bank rethought savings",
    "Sponsored content: The future of flight",
    "Paid Post | The homes of tomorrow",
    "Partner content: Five ways to save energy",
    "ANZEIGE: Die besten Sparkonten",
    "Publicité : le nouveau SUV",
    "Contenido patrocinado: viajar en invierno",
    "The homes of tomorrow (Sponsored)",
    "The homes of tomorrow | Advertisement",
    "Ad: Save 20% on winter tyres",
    "[Promoted] Five ways to save energy",
    "(Werbung) Die besten Sparkonten",
  ])("reads the label of %j", (title) => {
    expect(advertisementSignal(withTitle(title))).toBe("title");
  });

  it.each([
    "Ad spending rose 4% in October",
    "Promotion for Leeds after a 2-1 win",
    "Sponsors pull out of the World Cup",
    "Senate passes bill sponsored by Roe",
    "Advertisement regulator fines two banks",
    "Nike drops three athletes - sponsors react",
    "Promoted: how Leeds got back to the Premier League",
    "Werbung: EU verbietet Werbung für Junkfood",
  ])("reads %j as a headline", (title) => {
    expect(advertisementSignal(withTitle(title))).toBeNull();
  });

  it.each([
    "My thanks to Harbour for sponsoring last week’s DF RSS feed. Harbour handles domains.",
    "Our thanks to Acme for sponsoring this week's episode. Acme makes tools.",
    "Thanks to Acme for sponsoring the site this week. Acme makes tools.",
    "Acme makes tools for builders. This post is sponsored by Acme.",
    "This article was paid for by the Tessel Tourism Board. Tessel has 40 beaches.",
    "This newsletter is brought to you by Acme. Here is today's news.",
    "This is a sponsored post. Acme makes tools for builders.",
  ])("reads the disclosure in %j", (text) => {
    expect(advertisementSignal(withText(text))).toBe("disclosure");
  });

  it.each([
    "The bill, sponsored by Senator Jane Roe, passed 52 to 48.",
    "The mayor said thanks to local firms for sponsoring the parade this week.",
    "This story was underwritten by a grant from the Harbour Foundation.",
    "Paid for by taxpayers, the stadium opened on Monday.",
    "Advertisement\nThe council approved the budget on Monday.",
    "The network said the ad was paid for by a political action committee.",
  ])("reads %j as news", (text) => {
    expect(advertisementSignal(withText(text))).toBeNull();
  });

  it("reads a disclosure at the end of a long text, and not one in its middle", () => {
    const middle = "The council met again on Tuesday and heard from residents. ".repeat(40);
    expect(advertisementSignal(withText(`${middle}This post was sponsored by Acme.`))).toBe(
      "disclosure",
    );
    expect(
      advertisementSignal(withText(`${middle}This post was sponsored by Acme. ${middle}`)),
    ).toBeNull();
  });

  it("reads a tag that is the label alone, and not a tag that speaks of advertising", () => {
    for (const tags of [["business", "Sponsored"], ["Paid Post"], ["advertorial"]])
      expect(advertisementSignal({ ...withTitle("Homes of tomorrow"), tags })).toBe("tag");
    for (const tags of [
      ["advertising"],
      ["sponsorship", "football"],
      ["ad industry"],
      ["ad", "alzheimer's"],
      ["werbung"],
      ["publicité"],
      [],
    ])
      expect(advertisementSignal({ ...withTitle("Homes of tomorrow"), tags })).toBeNull();
  });

  it.each([
    "https://daringfireball.example/feeds/sponsors/2017/06/timing",
    "https://news.example/sponsored/2026/11/homes-of-tomorrow",
    "https://news.example/paid-post/homes",
    "https://www.forbes.example/sites/acme-brandvoice/2026/11/21/the-future/",
    "https://paidpost.news.example/acme/homes.html",
  ])("reads the address %j as a section of paid content", (url) => {
    expect(advertisementSignal(withUrl(url))).toBe("address");
  });

  it.each([
    "https://news.example/2026/11/21/nike-drops-olympic-sponsors/",
    "https://news.example/sport/sponsorship-deal-signed",
    "not a url",
  ])("reads the address %j as news", (url) => {
    expect(advertisementSignal(withUrl(url))).toBeNull();
  });
});
