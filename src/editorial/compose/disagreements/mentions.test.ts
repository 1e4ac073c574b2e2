// Which figures of a sentence are read as mentions of the event, and as what: one short
// sentence of our own per rule.
import { describe, expect, it } from "vitest";
import { mentionsInSentence } from "./mentions.js";

/** "kind unit value" of each mention, with its range when qualified. */
function read(sentence: string, quoted = false): string[] {
  return mentionsInSentence(sentence, "en", quoted).map(({ kind, unit, value, low, high }) =>
    low === value && high === value
      ? `${kind} ${unit} ${value}`
      : `${kind} ${unit} ${value} [${low}, ${high}]`,
  );
}

const shown = (sentence: string) => mentionsInSentence(sentence, "en").map((m) => m.shown);

describe("mentionsInSentence: figures", () => {
  it("reads a count by the head noun after it, an amount by its currency, a share", () => {
    expect(
      read("The company cut 400 jobs and will pay $95 million, or 3 percent of sales."),
    ).toEqual(["count job 400", "money $ 95000000", "percent percent 3"]);
    expect(read("Officials said 37 wedding guests fell ill.")).toEqual(["count guest 37"]);
    expect(read("Hackers took data of 1.8 million Telvara Mobile customers.")).toEqual([
      "count custom 1800000",
    ]);
    expect(shown("Hackers took data of 1.8 million Telvara Mobile customers.")).toEqual([
      "1.8 million Telvara Mobile customers",
    ]);
  });

  it("reads dates, times of day and compound durations", () => {
    expect(read("Freight will move from June 4, and cars from 1 July.")).toEqual([
      "date date 604",
      "date date 701",
    ]);
    expect(read("It landed at 10:15 p.m. after leaving at 7 am.")).toEqual([
      "time time 1335",
      "time time 420",
    ]);
    expect(shown("It landed at 10:15 p.m. on Sunday.")).toEqual(["10:15 p.m."]);
    expect(read("She won in 2 hours, 21 minutes and 8 seconds.")).toEqual(["clock clock 8468"]);
    expect(read("She won in 2:21:08.")).toEqual(["clock clock 8468"]);
  });

  it("gives a qualified figure the values its wording allows", () => {
    expect(read("At least 12 people were injured.")).toEqual(["count peopl 12 [12, Infinity]"]);
    expect(read("About 6,000 people marched.")).toEqual(["count peopl 6000 [5400, 6600]"]);
    expect(read("The ferries met shortly before 07:45.")).toEqual(["time time 465 [435, 465]"]);
    expect(read("The meeting was to last 10 to 15 minutes.")).toEqual(["count minut 15 [10, 15]"]);
    // A change is not a range: the publisher reports both figures.
    expect(read("The count rose from 37 to 43 people.")).toEqual([
      "count peopl 43",
      "count peopl 37",
    ]);
  });
});

describe("mentionsInSentence: what is not a figure of the event", () => {
  it("skips a bare number, a score, a year and a name's number", () => {
    expect(read("The number of cases rose to 43.")).toEqual([]);
    expect(read("Mariners beat Rovers 3-1 at Quayside Park.")).toEqual([]);
    expect(read("The attack recalled the bombings of 2016.")).toEqual([]);
    expect(read("The Line 4 tram and Flight 175 were delayed.")).toEqual([]);
    expect(read("The new Chang'e 4 probe will launch in June.")).toEqual([]);
  });

  it("skips ages but keeps counts next to them", () => {
    expect(read("The 58-year-old driver was taken to hospital.")).toEqual([]);
    expect(read("Obrist, 29, pulled away after 35 kilometres.")).toEqual(["count kilometr 35"]);
    expect(read("Vaping among 16 to 24 year olds doubled.")).toEqual([]);
  });

  it("skips a caption: a file photo, its date with the year", () => {
    expect(read("FILE - In this Sept. 30, 2016, file photo, 300 fans wait outside.")).toEqual([]);
    expect(read("In this Nov. 3 photo, 300 fans wait outside the court.")).toEqual([]);
    expect(read("The singer posted on Dec. 26, 2017, to 40 million followers.")).toEqual([
      "count follow 40000000",
    ]);
  });

  it("skips a link to another page", () => {
    expect(read("Related: 12 dead as floods hit the valley")).toEqual([]);
    expect(read("READ MORE: Storm leaves 40,000 homes without power")).toEqual([]);
  });

  it("skips quotations, also one going on from an earlier sentence", () => {
    expect(read('"We saw this in 2001 and 2004, when 40 people died," the mayor said.')).toEqual(
      [],
    );
    expect(read('Two more were hurt," he said, adding that 12 people had left.')).toEqual([
      "count peopl 12",
    ]);
    expect(read("Then 30 people ran for the exits.", true)).toEqual([]);
  });

  it("skips clauses set at another time than the event", () => {
    expect(read("The previous record of 40.6 degrees was set 19 years ago.")).toEqual([]);
    expect(read("It reported sales of $410 million last year.")).toEqual([]);
    expect(read("It marks the anniversary of the crash that killed 12 people.")).toEqual([]);
    expect(read("In 2012, a tram carrying 100 passengers derailed here.")).toEqual([]);
    expect(read("A year earlier, a storm injured 14 people.")).toEqual([]);
    expect(read("Earlier on Monday, police said 12 people were injured.")).toEqual([
      "count peopl 12",
    ]);
    // Another clause of the same sentence still speaks of the event.
    expect(read("The plant, which opened 71 years ago, employs 2,100 people.")).toEqual([
      "count peopl 2100",
    ]);
    expect(read("The 2016 election drew 3,000 observers.")).toEqual(["count observ 3000"]);
  });
});
