// The store's recent history that a topic's job carries for boilerplate.
import { describe, expect, it } from "vitest";
import { manifest } from "../../test/support/manifests.js";
import { boilerplateHistory, HISTORY_PER_PUBLISHER } from "./topic-job.js";

const publisher = (domain: string) => ({ name: domain, domain });

describe("boilerplateHistory", () => {
  it("keeps the window's publishers' earlier texts with lines, the most recent first, capped", () => {
    const window = [manifest({ id: "w", publisher: publisher("a.example") })];
    const earlier = [
      ...Array.from({ length: HISTORY_PER_PUBLISHER + 5 }, (_, index) =>
        manifest({
          id: `a-${index}`,
          publisher: publisher("a.example"),
          title: `Report ${index}`,
          text: `Line one of report ${index}.\nA standing line.`,
        }),
      ),
      manifest({ id: "b", publisher: publisher("b.example"), text: "Other.\nPublisher." }),
      manifest({ id: "a-flat", publisher: publisher("a.example"), text: "No line breaks here." }),
    ];
    const history = boilerplateHistory(window, earlier);
    expect(history).toHaveLength(HISTORY_PER_PUBLISHER);
    expect(history.every((source) => source.publisherDomain === "a.example")).toBe(true);
    expect(history[0]?.title).toBe(`Report ${HISTORY_PER_PUBLISHER + 4}`);
    expect(history.some((source) => source.text === "No line breaks here.")).toBe(false);
  });

  it("is empty when no earlier Manifest is by a publisher of the window", () => {
    const window = [manifest({ id: "w", publisher: publisher("a.example") })];
    const earlier = [manifest({ id: "b", publisher: publisher("b.example"), text: "X.\nY." })];
    expect(boilerplateHistory(window, earlier)).toEqual([]);
  });
});
