// The story limits' leave-one-set-out cross-validation: which sets it reads, and that each
// fold takes the value the other sets' verdicts favour, reporting it on the held-out set.
import { describe, expect, it } from "vitest";
import type { Edition } from "../../src/editorial/build-edition.js";
import { DEFAULT_STORY_LIMITS, type StoryLimits } from "../../src/editorial/compose/limits.js";
import type { LabelledDataSet } from "../../test/support/real-news.js";
import { FEEDS_SET } from "../feeds-edition.js";
import {
  type AuditedSet,
  candidateLimits,
  crossValidateLimit,
  limitSets,
  TUNED_LIMITS,
  type TunedLimit,
} from "./limit-cv.js";
import type { Verdict } from "./verdicts.js";

const labelled = (name: string): LabelledDataSet => ({ name, documents: [], labels: new Map() });

describe("limitSets", () => {
  it("reads the real sets, then the feeds' edition when the feeds are there, then one's own", () => {
    const real = [labelled("gold_standard"), labelled("news_cluster_dev")];
    const own = [labelled("basil")];
    expect(limitSets(real, own, true).map((set) => set.name)).toEqual([
      "gold_standard",
      "news_cluster_dev",
      FEEDS_SET,
      "basil",
    ]);
    expect(limitSets(real, [], false).map((set) => set.name)).toEqual([
      "gold_standard",
      "news_cluster_dev",
    ]);
  });
});

describe("TUNED_LIMITS", () => {
  it("tries every shipped value, so each table's shipped column is a built edition", () => {
    for (const limit of TUNED_LIMITS) {
      expect(limit.with(limit.shipped)).toEqual(DEFAULT_STORY_LIMITS);
    }
    expect(candidateLimits()).toContainEqual({ ...DEFAULT_STORY_LIMITS, keyFactLead: 1 });
  });
});

/** An edition of one story whose only key fact is `fact`. */
function edition(fact: string): Edition {
  const story = {
    headline: "Storm closes Tessel harbour",
    key_facts: [{ text: fact }],
    sections: [],
    manifests: [],
  };
  return { stories: [{ story }] } as unknown as Edition;
}

describe("crossValidateLimit", () => {
  // A limit whose value 1 keeps a set's junk key fact out, in every set but the last, where
  // it brings one in: the folds choose 1 on the others' verdicts, and the last set's held-out
  // share shows what that costs there.
  const junk = "Advertisement Continue reading the main story";
  const fine = "A storm closed the harbour in Tessel on Monday, the port said.";
  const names = ["fake_a", "fake_b", "fake_c", "fake_d"];
  const sets: AuditedSet[] = names.map((name, index) => ({
    name,
    build: async (limits: StoryLimits) => {
      const cut = limits.keyFactWords === 1;
      const last = index === names.length - 1;
      return edition(cut !== last ? fine : junk);
    },
  }));
  const limit: TunedLimit = {
    title: "a test limit",
    label: "key facts",
    part: "key_fact",
    candidates: [0, 1],
    baseline: "off",
    shipped: 0,
    with: (value) => ({ ...DEFAULT_STORY_LIMITS, keyFactWords: value }),
  };
  const verdicts: Verdict[] = names.flatMap((set) => [
    { set, part: "key_fact", text: junk, junk: true, reason: "furniture" },
    { set, part: "key_fact", text: fine, junk: false },
  ]);

  it("chooses each fold's value on the other sets and reports it on the held-out one", async () => {
    const folds = await crossValidateLimit(limit, sets, verdicts);
    expect(folds.map((fold) => [fold.heldOut, fold.chosen])).toEqual([
      ["fake_a", 1],
      ["fake_b", 1],
      ["fake_c", 1],
      ["fake_d", 1],
    ]);
    expect(folds[0]!.chosenShare).toEqual({ junk: 0, judged: 1, unjudged: 0 });
    expect(folds[0]!.shipped).toEqual({ junk: 1, judged: 1, unjudged: 0 });
    expect(folds[3]!.chosenShare).toEqual({ junk: 1, judged: 1, unjudged: 0 });
    expect(folds[3]!.baseline).toEqual({ junk: 0, judged: 1, unjudged: 0 });
  });

  it("counts a row no verdict covers as not judged, never as reportable", async () => {
    const folds = await crossValidateLimit(limit, sets, []);
    for (const fold of folds) expect(fold.chosenShare).toEqual({ junk: 0, judged: 0, unjudged: 1 });
  });
});
