// The answer-aware last step of the fact search, on hand-made stories: what kind of answer a
// question asks for, whether a fact holds one the question does not, counts of the counted
// thing, and five results that are not one claim five times.
import { describe, expect, it } from "vitest";
import {
  askedKind,
  askedMeasure,
  askedShape,
  countedWords,
  countsOneOf,
  factShape,
  holdsNewAnswer,
  namesBesideKind,
  namesIn,
  quantitiesIn,
  SHAPE_DATE,
  SHAPE_NAME,
  SHAPE_NUMBER,
  SHAPE_PLACE,
  SHAPE_REASON,
} from "./answer-shape.js";
import { buildFactIndex } from "./fact-index.js";
import type { IndexedStory } from "./indexed-story.js";
import { textTerms } from "./query-terms.js";
import { searchFacts } from "./search-facts.js";

const NOW = new Date("2026-11-21T12:00:00Z");

function story(
  slug: string,
  headline: string,
  facts: string[],
  unresolved?: string[],
): IndexedStory {
  const at = NOW.toISOString();
  return {
    url: `https://svc.test/stories/2026-11-21/${slug}/`,
    headline,
    published_at: at,
    updated_at: at,
    topic: "world",
    sections: [
      {
        heading: "What we know",
        paragraphs: facts.map((text, i) => ({
          text,
          manifest_ids: [`${slug}:${i}`],
          ...(unresolved && /\b1[24] people\b/.test(text) ? { unresolved_index: 0 } : {}),
        })),
      },
    ],
    ...(unresolved ? { unresolved } : {}),
    manifests: facts.map((_, i) => ({
      id: `${slug}:${i}`,
      publisher: { name: `Outlet ${i}`, domain: `outlet${i}.example` },
    })),
  };
}

describe("answer shapes", () => {
  it("reads what a question asks for", () => {
    expect(askedShape("Who was the suspect in the shooting?")).toBe(SHAPE_NAME);
    expect(askedShape("Which company bought Orla Foods?")).toBe(SHAPE_NAME);
    expect(askedShape("Where did the quake strike?")).toBe(SHAPE_PLACE);
    expect(askedShape("Why was the regatta put off?")).toBe(SHAPE_REASON);
    expect(askedShape("How many people were hurt?")).toBe(SHAPE_NUMBER);
    expect(askedShape("When does the crossing reopen?")).toBe(SHAPE_DATE);
    expect(askedShape("Tell me about the bridge")).toBe(0);
  });

  it("reads names asked for by 'which', 'the name of', 'called' and 'name' as a verb", () => {
    expect(askedShape("Which star receiver did the Steelers play without?")).toBe(SHAPE_NAME);
    expect(askedShape("What was the name of the ship that was seized?")).toBe(SHAPE_NAME);
    expect(askedShape("What is the first supermoon of the year called?")).toBe(SHAPE_NAME);
    expect(askedShape("What did the singer name her son?")).toBe(SHAPE_NAME);
    // A place or a time comes first: "at which beach", "which year".
    expect(askedShape("At which beach did the barge catch fire?")).toBe(SHAPE_PLACE);
    expect(askedShape("Which port was the ship held in?")).toBe(SHAPE_PLACE);
    expect(askedShape("Which year did the Cubs last win?")).toBe(SHAPE_DATE);
    // "name" as a plain word is no question of a name.
    expect(askedShape("Tell me about the name change")).toBe(0);
  });

  it("reads what a fact can answer, names without calendar words", () => {
    expect(namesIn("Police named the gunman as Stephen Paddock on Monday.")).toEqual([
      "stephen",
      "paddock",
    ]);
    const shape = factShape("The storm flooded homes in Tessel because the sea wall failed.");
    expect(shape & SHAPE_PLACE).toBe(SHAPE_PLACE);
    expect(shape & SHAPE_REASON).toBe(SHAPE_REASON);
    expect(shape & SHAPE_NUMBER).toBe(0);
  });

  it("tells a new answer from the question's own", () => {
    const question = "How many of the 850 jobs at Orla Foods will go?";
    expect(holdsNewAnswer("Orla Foods employs 850 people.", SHAPE_NUMBER, question)).toBe(false);
    expect(holdsNewAnswer("About 120 of them will go.", SHAPE_NUMBER, question)).toBe(true);
    const who = "Who is Riona Castell?";
    expect(holdsNewAnswer("Riona Castell will step down.", SHAPE_NAME, who)).toBe(false);
    expect(holdsNewAnswer("Castell co-founded Quenlow Software.", SHAPE_NAME, who)).toBe(true);
  });

  it("reads clock times as times, and 'what time' wants one", () => {
    for (const text of [
      "It happened at 6.10am.",
      "at around 6am",
      "by 10.45 p.m.",
      "at 09:10",
      "at noon",
    ]) {
      expect(factShape(text) & SHAPE_DATE, text).toBe(SHAPE_DATE);
    }
    const time = "What time did the tram crash happen?";
    expect(askedShape(time)).toBe(SHAPE_DATE);
    expect(holdsNewAnswer("The tram crashed at 6.10am on Wednesday.", SHAPE_DATE, time)).toBe(true);
    expect(holdsNewAnswer("The tram crashed on Wednesday.", SHAPE_DATE, time)).toBe(false);
    // A day still answers "when".
    expect(holdsNewAnswer("The tram crashed on Wednesday.", SHAPE_DATE, "When did it crash?")).toBe(
      true,
    );
    // "amid", "pm2" and "7 amps" are not times.
    expect(factShape("Trams ran amid protests.") & SHAPE_DATE).toBe(0);
    expect(factShape("The tram drew 7 amps.") & SHAPE_DATE).toBe(0);
  });

  it("reads the kind a 'which <kind>' question asks the name of, and names beside it", () => {
    expect(askedKind("At which beach did the fireworks barge catch fire?")).toBe("beach");
    expect(askedKind("Which star receiver did the Steelers play without?")).toBe("receiver");
    // No auxiliary: the first lower-case word after "which", past the names that modify it.
    expect(askedKind("Which NASA astronaut identified the microbes?")).toBe("astronaut");
    // The head of the phrase after "which", before its verb, its owner, or a comma.
    const heads: Array<[question: string, kind: string]> = [
      ["Which aid organization runs the tent for women?", "organization"],
      ["Which German police union boss spoke out against it?", "boss"],
      ["Which architecture firm designed the store?", "firm"],
      ["Which airline's plane went down in Guanacaste?", "airline"],
      ["In which northeastern Nigerian town, near Cameroon, were they freed?", "town"],
      ["Along which seafront boulevard in Nice did the truck drive?", "boulevard"],
      ["Which New York Times columnist conducted the interview in which she spoke?", "columnist"],
    ];
    for (const [question, kind] of heads) expect(askedKind(question), question).toBe(kind);
    // Not a name question, or no noun before the verb.
    expect(askedKind("What pay rise are the strikers asking for?")).toBeUndefined();
    expect(askedKind("Which is the largest?")).toBeUndefined();
    const termOf = (word: string) => textTerms(word)[0];
    const question = "Which NASA astronaut was aboard the station?";
    const kind = termOf(askedKind(question) ?? "");
    expect(kind).toBeDefined();
    expect(
      namesBesideKind("NASA astronaut Peggy Whitson ran the test.", kind!, question, termOf),
    ).toBe(true);
    // The question's own names do not answer it, nor do names far from the kind noun.
    expect(namesBesideKind("A NASA astronaut ran the test.", kind!, question, termOf)).toBe(false);
    expect(
      namesBesideKind(
        "An astronaut ran the test while the crew slept and Houston watched.",
        kind!,
        question,
        termOf,
      ),
    ).toBe(false);
  });

  it("asks for money only when the question speaks of money", () => {
    for (const money of [
      "How much is Granvik paying for Orla Foods?",
      "How much funding did Israel approve?",
      "What transfer fee did Northgate City pay?",
    ]) {
      expect(askedShape(money), money).toBe(SHAPE_NUMBER);
      expect(holdsNewAnswer("It paid $310 million.", SHAPE_NUMBER, money), money).toBe(true);
      expect(holdsNewAnswer("It rose 56 percent.", SHAPE_NUMBER, money), money).toBe(false);
    }
    for (const change of [
      "How much did the cryptocurrency Ripple surge?",
      "By how much will emissions fall?",
    ]) {
      expect(askedShape(change), change).toBe(SHAPE_NUMBER);
      expect(holdsNewAnswer("It rose 56 percent.", SHAPE_NUMBER, change), change).toBe(true);
    }
  });

  it("reads change questions: the size of a change, not any figure", () => {
    for (const change of [
      "How much did the cryptocurrency Ripple surge?",
      "By how much will emissions fall?",
      "How much can rents go up under the new housing law?",
      "How much has the sea level risen?",
    ]) {
      expect(askedMeasure(change), change).toBeDefined();
      for (const size of [
        "It rose 56 percent.",
        "The index fell 300 points.",
        "The sea rose by 20 cm.",
        "Numbers have fallen by a third.",
        "The fund shrank by $3 million.",
      ]) {
        expect(holdsNewAnswer(size, SHAPE_NUMBER, change), `${change} / ${size}`).toBe(true);
      }
      for (const other of [
        "Parliament approved the law by 112 votes to 87.",
        "It has 40 members.",
      ]) {
        expect(holdsNewAnswer(other, SHAPE_NUMBER, change), `${change} / ${other}`).toBe(false);
      }
    }
    // No auxiliary: the noun after "how much" is what is measured, not a change.
    expect(askedMeasure("How much snow fell on Erie on Christmas Day?")).toBeUndefined();
    expect(askedMeasure("How much did the company lose last year?")).toBeUndefined();
  });

  it("reads measure questions: the figure must be in the measure's units", () => {
    const share = "What percentage of adults still smoke?";
    expect(holdsNewAnswer("Only 14.2 percent of adults now smoke.", SHAPE_NUMBER, share)).toBe(
      true,
    );
    expect(holdsNewAnswer("Smoking fell for 12 years in a row.", SHAPE_NUMBER, share)).toBe(false);
    const hot = "How hot did it get in Tessel?";
    expect(askedMeasure(hot)?.words).toContain("temperature");
    expect(holdsNewAnswer("Tessel recorded 41.3 degrees Celsius.", SHAPE_NUMBER, hot)).toBe(true);
    expect(holdsNewAnswer("Hospitals treated 112 people.", SHAPE_NUMBER, hot)).toBe(false);
  });

  it("reads quantities apart from dates, years, times and rough counts", () => {
    expect(quantitiesIn("Officials said 6,000 people and seven children took part.")).toEqual([
      "6,000",
      "seven",
    ]);
    expect(quantitiesIn("Ripple reached a record $2.23 on Friday.")).toEqual(["2.23"]);
    for (const text of [
      "The law goes to parliament on October 14.",
      "The UN passed a resolution on Dec. 22, 2017.",
      "It reopens on 14 June.",
      "The ship was seized in 2017 and again in 2018-19.",
      "Trains stopped at 09:10 and again at 6.10pm.",
      "It was the 21st time.",
      "Filed 12/25/2017.",
      "Thousands of people and dozens of police were there.",
    ]) {
      expect(quantitiesIn(text), text).toEqual([]);
    }
    // "By how much" is not answered by the day a law goes to parliament.
    const date = factShape("The law goes to parliament on October 14.");
    expect(date & SHAPE_NUMBER).toBe(0);
    expect(date & SHAPE_DATE).toBe(SHAPE_DATE);
    expect(
      holdsNewAnswer("It cuts emissions by 55 percent by 2035.", SHAPE_NUMBER, "By how much?"),
    ).toBe(true);
    expect(holdsNewAnswer("It cuts emissions by 2035.", SHAPE_NUMBER, "By how much?")).toBe(false);
  });

  it("finds counts of the counted thing", () => {
    expect(countedWords("How many homes will the housing act build?")).toEqual(["homes"]);
    // No auxiliary: the word after "how many" is what is counted, unless a function word.
    expect(countedWords("How many people protested against the closure?")).toEqual(["people"]);
    expect(countedWords("How many of the jobs go?")).toEqual([]);
    expect(countedWords("how many Telvara customers were affected")).toEqual([
      "telvara",
      "customers",
    ]);
    const counted = new Set(textTerms("customers"));
    const termOf = (word: string) => textTerms(word)[0];
    const words = (text: string) => text.toLowerCase().split(/[\s,.]+/);
    expect(countsOneOf(words("data of 1.8 million Telvara customers"), counted, termOf)).toBe(true);
    expect(countsOneOf(words("12 months of free monitoring for customers"), counted, termOf)).toBe(
      false,
    );
    // A rough count is not the figure asked for.
    const people = new Set(textTerms("people"));
    expect(countsOneOf(words("thousands of people marched"), people, termOf)).toBe(false);
    expect(countsOneOf(words("around 6,000 people marched"), people, termOf)).toBe(true);
  });
});

describe("searchFacts re-ranking", () => {
  const index = buildFactIndex([
    story("housing-act", "Housing act passes", [
      "The housing act will build homes in 12 regions.",
      "The housing act calls for 40,000 homes over five years.",
    ]),
    story("quenlow", "Riona Castell to step down at Quenlow", [
      "Riona Castell will step down as chief executive of Quenlow at the end of the year.",
      "Riona Castell is to step down as the chief executive of Quenlow at the end of the year.",
      "Riona Castell will leave her role as chief executive of Quenlow at the end of the year.",
      "Castell said she would focus on teaching coding in rural schools.",
    ]),
    story(
      "quake",
      "Earthquake near Brenholt",
      [
        "The earthquake near Brenholt injured 14 people.",
        "Officials said 12 people were injured in the earthquake.",
        "The earthquake struck at 03:12.",
      ],
      ['Sources differ: 14 people according to A ("…"); 12 people according to B ("…").'],
    ),
  ]);
  const ask = (query: string) => searchFacts(index, { query, days: 7, limit: 5, now: NOW });

  it("puts the fact that counts the counted thing first", () => {
    expect(ask("How many homes will the housing act build?")[0]?.description).toBe(
      "The housing act calls for 40,000 homes over five years.",
    );
  });

  it("does not show one claim three times before a different one", () => {
    const results = ask("What will Riona Castell do after Quenlow?").map((r) => r.description);
    expect(
      results.indexOf("Castell said she would focus on teaching coding in rural schools."),
    ).toBeLessThan(2);
    const scores = ask("What will Riona Castell do after Quenlow?").map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("searches a measure's words: a record temperature answers 'how hot'", () => {
    const heat = buildFactIndex([
      story("heatwave", "A national record in Tessel", [
        "Tessel recorded a temperature of 41.3 degrees on Wednesday.",
      ]),
      story("bees", "Wild bees decline", ["Hot summers are driving the fall in wild bees."]),
    ]);
    const [first] = searchFacts(heat, { query: "how hot did it get", days: 7, limit: 5, now: NOW });
    expect(first?.description).toBe("Tessel recorded a temperature of 41.3 degrees on Wednesday.");
  });

  it("puts the fact that names a thing of the asked kind first", () => {
    const beach = buildFactIndex([
      story("barge", "Fireworks barge catches fire in Australia", [
        "A New Year celebration in Australia ended in chaos after a fireworks barge caught fire.",
        "The barge caught fire a few minutes into the show at Terrigal Beach.",
      ]),
    ]);
    const query = "At which beach did the fireworks barge catch fire?";
    const [first] = searchFacts(beach, { query, days: 7, limit: 5, now: NOW });
    expect(first?.description).toBe(
      "The barge caught fire a few minutes into the show at Terrigal Beach.",
    );
  });

  it("puts a figure in the asked measure's units first", () => {
    const transfer = buildFactIndex([
      story("rennard", "Northgate City sign Kalle Rennard", [
        "City broke the Kestrian transfer record to sign Rennard from FC Ostvik on Thursday.",
        "Northgate City's $15 million signing of Kalle Rennard has divided opinion.",
      ]),
    ]);
    const query = "What transfer fee did Northgate City pay for Kalle Rennard?";
    const [first] = searchFacts(transfer, { query, days: 7, limit: 5, now: NOW });
    expect(first?.description).toBe(
      "Northgate City's $15 million signing of Kalle Rennard has divided opinion.",
    );
  });

  it("puts the size of a change first for 'how much can rents go up'", () => {
    const housing = buildFactIndex([
      story("housing", "Parliament passes the housing law", [
        "Parliament approved the housing law, which lets rents go up for new tenants, by 112 votes to 87.",
        "The housing law caps yearly rent rises at 4 percent.",
      ]),
    ]);
    const query = "How much can rents go up under the new housing law?";
    const [first] = searchFacts(housing, { query, days: 7, limit: 5, now: NOW });
    expect(first?.description).toBe("The housing law caps yearly rent rises at 4 percent.");
  });

  it("flags facts stating a disputed figure, with the story's line", () => {
    const results = ask("How many people were injured in the earthquake?");
    const disputed = results.filter((result) => result.disputed);
    expect(disputed.map((r) => r.description).sort()).toEqual([
      "Officials said 12 people were injured in the earthquake.",
      "The earthquake near Brenholt injured 14 people.",
    ]);
    for (const result of disputed) expect(result.unresolved).toMatch(/^Sources differ: 14 people/);
    const calm = results.find((r) => r.description === "The earthquake struck at 03:12.");
    expect(calm?.disputed).toBe(false);
    expect(calm && "unresolved" in calm).toBe(false);
  });
});
