// Unresolved points on constructed cases: tolls, amounts, dates and times reported
// differently, and the figures that must never make a story "contested" (captions, years,
// quotations of earlier events, links, ages, other quantities of the same unit).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { manifest } from "../../../test/support/manifests.js";
import { disputeStatedIn, findDisagreements, findDisputesIn, mayDispute } from "./disagreements.js";

let count = 0;
const report = (publisher: string, text: string, title = "Council approves budget") =>
  manifest({
    id: `m-${++count}`,
    title,
    text,
    publisher: {
      name: publisher,
      domain: `${publisher.toLowerCase().replace(/\W+/g, "")}.example`,
    },
  });

/** The values of each dispute, by side: [[12, 14]]. */
const valuesOf = (reports: ReturnType<typeof report>[]) =>
  findDisputesIn(reports).map((sides) => sides.map((side) => side.value));

describe("findDisagreements", () => {
  it("names the sources of each side when a toll differs", () => {
    const points = findDisagreements([
      report("Gazette", "At least 12 people were injured in the blast. Police sealed the street."),
      report("Courier", "Officials said 12 people were injured."),
      report("Wire", "The blast injured 14 people, officials said."),
      report("Herald", "Fourteen were hurt; officials said 14 people were injured in all."),
      report("Post", "Police said 12 people were injured in the blast."),
    ]);
    // "At least 12" allows 14 too: the Gazette takes no side.
    expect(points).toEqual([
      'Sources differ: 12 people according to Courier, Post ("Officials said 12 people were injured."); 14 people according to Wire, Herald ("The blast injured 14 people, officials said.").',
    ]);
  });

  it("sees an amount reported differently, shown with its currency", () => {
    const points = findDisagreements([
      report("Gazette", "The company agreed to pay $310 million for the dairy group."),
      report("Courier", "It will pay $310 million for the dairy group, the filing said."),
      report("Wire", "The dairy group was sold for $340 million to the company."),
      report("Herald", "The company is paying $340 million for the dairy group."),
    ]);
    expect(points).toHaveLength(1);
    expect(points[0]).toContain("$310 million according to Gazette, Courier");
    expect(points[0]).toContain("$340 million according to Wire, Herald");
  });

  it("sees a date reported differently", () => {
    expect(
      valuesOf([
        report("Gazette", "Freight traffic will resume on June 4 at the crossing."),
        report("Courier", "Freight traffic will resume on June 4."),
        report("Wire", "Freight traffic returns to the crossing on June 14."),
        report("Herald", "Trucks will cross again on June 14, the ministry said."),
      ]),
    ).toEqual([[604, 614]]);
  });

  it("treats numbers written differently as the same value", () => {
    expect(
      findDisagreements([
        report("Gazette", "About 2,300 people were evacuated from the valley."),
        report("Courier", "About 2300 people were evacuated from the valley."),
        report("Wire", "Some 2,300 people were evacuated overnight."),
        report("Herald", "The 2.3 thousand people evacuated are in shelters."),
      ]),
    ).toEqual([]);
  });

  it("does not take two figures of one publisher (a quake and its aftershock) for a dispute", () => {
    expect(
      findDisagreements([
        report(
          "Gazette",
          "A magnitude 5.1 earthquake struck at dawn. An aftershock of magnitude 3.8 followed.",
        ),
        report("Courier", "The magnitude 5.1 quake was followed by a magnitude 3.8 aftershock."),
        report("Wire", "The quake measured magnitude 5.1."),
      ]),
    ).toEqual([]);
  });

  it("does not take an update one publisher reports for a dispute", () => {
    expect(
      findDisagreements([
        report("Gazette", "The number of sick guests rose from 37 to 43 guests on Monday."),
        report("Courier", "Officials said 37 guests fell ill after the meal."),
        report("Wire", "Officials said 37 guests fell ill at the reception."),
        report("Herald", "Officials said 43 guests fell ill after the meal."),
      ]),
    ).toEqual([]);
  });

  it("needs two publishers behind a value, or a title stating it", () => {
    // One publisher against one other: often two true figures about different things.
    expect(
      findDisagreements([
        report("Gazette", "The plant employs 210 people."),
        report("Courier", "The new site will employ 35 people."),
      ]),
    ).toEqual([]);
    // A third figure from one publisher alone is left out of a dispute between two others.
    expect(
      valuesOf([
        report("Gazette", "Tessel reached 41.8 degrees on Wednesday afternoon."),
        report("Courier", "The city centre reached 41.8 degrees on Wednesday."),
        report("Wire", "The airport thermometer reached 41.3 degrees on Wednesday."),
        report("Herald", "The official reading reached 41.3 degrees."),
        report("Post", "The north had a high that reached 31 degrees on Wednesday."),
      ]),
    ).toEqual([[41.3, 41.8]]);
    // Each report leads with its own toll: the titles make it a dispute.
    expect(
      valuesOf([
        report("Gazette", "Police say 27 people are injured.", "27 injured as ship hits bridge"),
        report("Courier", "The ship hit a bridge and 25 people were injured.", "25 hurt on ship"),
      ]),
    ).toEqual([[25, 27]]);
  });

  it("compares a count only with counts of the same thing", () => {
    const killedAndInjured = "The gunman killed 58 people and injured more than 500 people.";
    expect(
      valuesOf([
        report("Gazette", killedAndInjured),
        report("Courier", killedAndInjured),
        report("Wire", "Police said 59 people were killed and 500 injured."),
        report("Herald", "Police said 59 people were killed in the attack."),
        report("Post", "Officials said 58 people were killed in the attack."),
      ]),
    ).toEqual([[58, 59]]);
    expect(
      findDisagreements([
        report("Gazette", "The fire destroyed 40 homes and 12 shops."),
        report("Courier", "The fire destroyed 40 homes, the council said."),
        report("Wire", "Firefighters said 12 shops were destroyed by the fire."),
        report("Herald", "The fire destroyed 12 shops on the high street."),
      ]),
    ).toEqual([]);
  });

  it("does not take figures of two things described alike for a dispute", () => {
    // The same source and the same words around them, but deaths are not injuries.
    expect(
      findDisagreements([
        report("Gazette", "Police said 3 people died in the crash on the motorway."),
        report("Courier", "Police said 3 people died in the crash on the motorway on Monday."),
        report("Wire", "Police said 5 people were injured in the crash on the motorway."),
        report("Herald", "Police said 5 people were injured in the crash on the motorway."),
      ]),
    ).toEqual([]);
    // Two places.
    expect(
      findDisagreements([
        report("Gazette", "In Tessel, 12 schools closed on Monday because of the storm."),
        report("Courier", "In Tessel, 12 schools closed because of the storm."),
        report("Wire", "In Varrowby, 7 schools closed on Monday because of the storm."),
        report("Herald", "In Varrowby, 7 schools closed because of the storm."),
      ]),
    ).toEqual([]);
  });

  it("reads a time of day with its qualifier", () => {
    const collided = (time: string) => `The ferries collided ${time} near the harbour mouth.`;
    expect(
      findDisagreements([
        report("Gazette", collided("at about 07:40")),
        report("Courier", collided("at 07:40")),
        report("Wire", collided("shortly before 07:45")),
        report("Herald", collided("shortly before 07:45")),
      ]),
    ).toEqual([]);
    expect(
      valuesOf([
        report("Gazette", collided("at 07:40")),
        report("Courier", collided("at 07:40")),
        report("Wire", collided("at 09:10")),
        report("Herald", collided("at 9:10 a.m.")),
      ]),
    ).toEqual([[460, 550]]);
  });

  it("ends a quotation left open at the end of its paragraph when the next does not reopen it", () => {
    // The mayor's quotation is never closed (an extractor dropped its end); the next
    // paragraph is the reporter's own, so its figure is the report's, not the mayor's.
    const open = (publisher: string) =>
      report(
        publisher,
        'The mayor spoke on Monday: "We will rebuild.\n\nOfficials said 14 people were injured in the storm.',
      );
    const today = (publisher: string) =>
      report(publisher, "Officials said 12 people were injured in the storm on Monday.");
    expect(valuesOf([today("Gazette"), today("Courier"), open("Wire"), open("Herald")])).toEqual([
      [12, 14],
    ]);
    // In one paragraph the quotation goes on (up to its reach): the figure is the mayor's.
    const within = (publisher: string) =>
      report(
        publisher,
        'The mayor spoke on Monday: "We will rebuild. Officials said 14 people were injured in the storm.',
      );
    expect(
      valuesOf([today("Gazette"), today("Courier"), within("Wire"), within("Herald")]),
    ).toEqual([]);
  });

  it("finds no dispute in captions, years, quotations, links, ages or earlier events", () => {
    const today = (publisher: string) =>
      report(publisher, "Officials said 12 people were injured in the storm on Monday.");
    const cases = [
      // A file photo's date and year.
      "FILE - In this Sept. 30, 2016, file photo, officials said 14 people were injured.",
      // A year alone is not a quantity of the event.
      "The storm was the worst since 2016, officials said on Monday.",
      // A quotation about earlier storms.
      '"We saw 14 people injured in the storms of 2001 and 2004," the mayor said.',
      // A link to another story.
      "Related: Storm leaves 14 people injured in the valley",
      // An age is not a count.
      "One of the 14-year-old injured people was taken to hospital.",
      // An earlier event of the same kind.
      "Two years ago, a storm injured 14 people in the same town.",
      "The previous storm injured 14 people, officials said.",
    ];
    for (const text of cases) {
      expect(
        findDisagreements([
          today("Gazette"),
          today("Courier"),
          report("Wire", text),
          report("Herald", text),
        ]),
        text,
      ).toEqual([]);
    }
  });

  it("finds nothing in agreeing or number-free reports", () => {
    expect(
      findDisagreements([
        report("Gazette", "The bridge closed."),
        report("Wire", "The bridge is shut."),
      ]),
    ).toEqual([]);
    expect(findDisagreements([])).toEqual([]);
  });
});

describe("disputeStatedIn", () => {
  const disputes = findDisputesIn([
    report("Gazette", "Hackers stole the data of 1.8 million Telvara customers."),
    report("Courier", "The breach exposed 1.8 million Telvara customers."),
    report("Wire", "The breach exposed 1.2 million Telvara customers, the regulator said."),
    report("Herald", "Hackers stole the data of 1.2 million Telvara customers."),
  ]);

  it("points a sentence stating a side's value of the quantity to its dispute", () => {
    expect(disputes).toHaveLength(1);
    expect(disputeStatedIn("Police warned 1.2 million Telvara customers.", "en", disputes)).toBe(0);
  });

  it("takes a distinctive value in other words, never a small one or another value", () => {
    const accounts = "The attack affected 1.8 million customer accounts.";
    expect(disputeStatedIn(accounts, "en", disputes)).toBe(0);
    expect(disputeStatedIn("Telvara has 4.6 million customers.", "en", disputes)).toBeUndefined();
    const small = findDisputesIn([
      report("Gazette", "Officials said 12 people were injured."),
      report("Courier", "Police said 12 people were injured."),
      report("Wire", "Officials said 14 people were injured."),
      report("Herald", "Police said 14 people were injured."),
    ]);
    expect(small).toHaveLength(1);
    expect(disputeStatedIn("Officials said 12 people were injured.", "en", small)).toBe(0);
    expect(disputeStatedIn("The council has 12 members.", "en", small)).toBeUndefined();
  });
});

describe("mayDispute", () => {
  const twelve = "Police said 12 people were injured in the blast.";
  const alsoTwelve = "Officials said 12 people were injured in the blast.";
  const fourteen = "The blast injured 14 people, officials said.";

  it("holds for three publishers when titles state the figures, which makes a side alone", () => {
    const reports = [
      report("Gazette", twelve, "12 hurt in blast"),
      report("Courier", alsoTwelve),
      report("Wire", fourteen, "14 hurt in blast"),
    ];
    expect(valuesOf(reports)).toEqual([[12, 14]]);
    expect(mayDispute(reports)).toBe(true);
  });

  it("holds for four publishers whose titles hold no number: two sides of two", () => {
    const reports = [
      report("Gazette", twelve),
      report("Courier", alsoTwelve),
      report("Wire", fourteen),
      report("Herald", "Officials said 14 people were injured in the blast."),
    ];
    expect(valuesOf(reports)).toEqual([[12, 14]]);
    expect(mayDispute(reports)).toBe(true);
  });

  it("fails for one publisher, and for three whose titles hold no number", () => {
    const reports = [
      report("Gazette", twelve),
      report("Courier", alsoTwelve),
      report("Wire", fourteen),
    ];
    expect(mayDispute(reports)).toBe(false);
    expect(mayDispute([reports[0]!, { ...reports[2]!, publisher: reports[0]!.publisher }])).toBe(
      false,
    );
  });

  it("never fails for a cluster that holds a dispute", () => {
    const sentences = [
      twelve,
      fourteen,
      "At least 12 people were hurt in the blast.",
      "Officials said 16 people were injured.",
      "The council met on Monday.",
    ];
    const titles = ["Blast in Tessel", "12 hurt in Tessel blast", "14 hurt in Tessel blast"];
    const publishers = ["Gazette", "Courier", "Wire", "Herald", "Post"];
    const oneReport = fc.record({
      publisher: fc.constantFrom(...publishers),
      text: fc.constantFrom(...sentences),
      title: fc.constantFrom(...titles),
    });
    fc.assert(
      fc.property(fc.array(oneReport, { minLength: 1, maxLength: 7 }), (drawn) => {
        const reports = drawn.map((each) => report(each.publisher, each.text, each.title));
        if (!mayDispute(reports)) expect(findDisputesIn(reports)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});
