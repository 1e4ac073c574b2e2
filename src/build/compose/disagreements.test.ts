// Unresolved points on constructed cases: tolls, amounts and dates reported differently.
import { describe, expect, it } from "vitest";
import { manifest } from "../../../test/support/manifests.js";
import { findDisagreements } from "./disagreements.js";

const report = (id: string, publisher: string, text: string) =>
  manifest({
    id,
    text,
    publisher: {
      name: publisher,
      domain: `${publisher.toLowerCase().replace(/\W+/g, "")}.example`,
    },
  });

describe("findDisagreements", () => {
  it("names the sources of each side when a toll differs", () => {
    const points = findDisagreements([
      report(
        "a",
        "Gazette",
        "At least 12 people were injured in the blast. Police sealed off the street.",
      ),
      report("b", "Courier", "Officials said 12 people were injured."),
      report("c", "Wire", "The blast injured 14 people, officials said."),
      report("d", "Herald", "Fourteen were hurt; officials said 14 people were injured in all."),
    ]);
    expect(points).toEqual([
      'Sources differ: 12 people according to Gazette, Courier ("At least 12 people were injured in the blast."); 14 people according to Wire, Herald ("The blast injured 14 people, officials said.").',
    ]);
  });

  it("sees an amount reported differently", () => {
    const points = findDisagreements([
      report("a", "Gazette", "The company agreed to pay $310 million for the dairy group."),
      report("b", "Courier", "It will pay $310 million for the dairy group, the filing said."),
      report("c", "Wire", "The dairy group was sold for $340 million to the company."),
    ]);
    expect(points).toHaveLength(1);
    expect(points[0]).toContain("310 million according to Gazette, Courier");
    expect(points[0]).toContain("340 million according to Wire");
  });

  it("sees a date reported differently", () => {
    const points = findDisagreements([
      report("a", "Gazette", "Freight traffic will resume on June 4 at the crossing."),
      report("b", "Courier", "Freight traffic will resume on June 4."),
      report("c", "Wire", "Freight traffic returns to the crossing on June 14."),
    ]);
    expect(points).toEqual([
      'Sources differ: June 4 according to Gazette, Courier ("Freight traffic will resume on June 4 at the crossing."); June 14 according to Wire ("Freight traffic returns to the crossing on June 14.").',
    ]);
  });

  it("treats numbers written differently as the same value", () => {
    expect(
      findDisagreements([
        report("a", "Gazette", "About 2,300 people were evacuated from the valley."),
        report("b", "Courier", "About 2300 people were evacuated from the valley."),
        report("c", "Wire", "Some 2,300 people were evacuated overnight."),
      ]),
    ).toEqual([]);
  });

  it("does not take two figures of one publisher (a quake and its aftershock) for a dispute", () => {
    expect(
      findDisagreements([
        report(
          "a",
          "Gazette",
          "A magnitude 5.1 earthquake struck at dawn. An aftershock of magnitude 3.8 followed.",
        ),
        report(
          "b",
          "Courier",
          "The magnitude 5.1 quake was followed by a magnitude 3.8 aftershock.",
        ),
        report("c", "Wire", "The quake measured magnitude 5.1."),
      ]),
    ).toEqual([]);
  });

  it("does not report one publisher against one other, or unrelated figures", () => {
    expect(
      findDisagreements([
        report("a", "Gazette", "The plant employs 210 people."),
        report("b", "Courier", "The new site will employ 35 people."),
      ]),
    ).toEqual([]);
    expect(
      findDisagreements([
        report("a", "Gazette", "The epicentre was 30 kilometres north of the capital."),
        report("b", "Courier", "The epicentre was 30 kilometres north of the city."),
        report("c", "Wire", "The rupture happened at a depth of 9 kilometres."),
        report("d", "Herald", "Seismologists put the depth at 9 kilometres."),
      ]),
    ).toEqual([]);
  });

  it("finds nothing in agreeing or number-free reports", () => {
    expect(
      findDisagreements([
        report("a", "Gazette", "The bridge closed."),
        report("b", "Wire", "The bridge is shut."),
      ]),
    ).toEqual([]);
    expect(findDisagreements([])).toEqual([]);
  });
});
