// Paraphrases count as corroboration; different numbers never do; a longer sentence that adds
// a claim is not a restatement of the shorter one.
import { describe, expect, it } from "vitest";
import { manifest } from "../../../test/support/manifests.js";
import { analyzeCluster } from "./analyze.js";
import { buildCentroid } from "./centroid.js";
import { anchorsOf, isParaphrase, paraphraseSupport, restates } from "./corroboration.js";
import { collectFacts, type Fact } from "./facts.js";

function factsOf(texts: string[]): Fact[] {
  const manifests = texts.map((text, index) =>
    manifest({
      id: `m${index}`,
      text,
      publisher: { name: `P${index}`, domain: `p${index}.example` },
    }),
  );
  const analyses = analyzeCluster(manifests);
  return collectFacts(manifests, analyses, buildCentroid(analyses.map((a) => a.words)));
}

function find(facts: Fact[], start: string): Fact {
  return facts.find((fact) => fact.text.startsWith(start))!;
}

const paraphrase = (a: Fact, b: Fact) => isParaphrase(a, b, anchorsOf(a.text), anchorsOf(b.text));

describe("corroboration over paraphrases", () => {
  const facts = factsOf([
    "Port Ellis handled a record 312,000 containers in the first quarter of the year.",
    "The Kestrian port handled 312,000 containers between January and March, figures showed.",
    "Port Ellis handled 298,000 containers in the first quarter of the year.",
    "Four new cranes have been ordered for $48 million.",
  ]);
  const [record, kestrian, other, cranes] = [
    find(facts, "Port Ellis handled a record"),
    find(facts, "The Kestrian port"),
    find(facts, "Port Ellis handled 298,000"),
    find(facts, "Four new cranes"),
  ];

  it("links two wordings of one figure, never two figures", () => {
    expect(paraphrase(record, kestrian)).toBe(true);
    expect(paraphrase(record, other)).toBe(false);
    expect(paraphrase(record, cranes)).toBe(false);
  });

  it("counts every publisher stating the claim in any wording", () => {
    const support = paraphraseSupport(facts);
    expect([...support.get(record)!].sort()).toEqual(["p0.example", "p1.example"]);
    expect([...support.get(other)!]).toEqual(["p2.example"]);
  });

  it("does not take a sentence that adds a claim for a restatement", () => {
    const pair = factsOf([
      "The Mariners won 3-1 at Quayside Park on Saturday.",
      "Teo Brandt scored twice as the Mariners won 3-1 at Quayside Park on Saturday.",
    ]);
    const [short, long] = [find(pair, "The Mariners"), find(pair, "Teo Brandt")];
    expect(restates(short, long)).toBe(true);
    expect(restates(long, short)).toBe(false);
  });
});

describe("anchorsOf", () => {
  /** The definition: the two Unicode patterns the ASCII scanner writes out by hand. */
  function byPatterns(text: string): string[] {
    const names = (text.match(/(?<=[\s,;(-])[\p{Lu}][\p{L}'’-]+/gu) ?? []).map((name) =>
      name.toLowerCase(),
    );
    const numbers = (text.match(/\p{N}[\p{N},.:]*/gu) ?? []).map((number) =>
      number.replace(/[.,:]$/u, ""),
    );
    return [...new Set([...names, ...numbers])];
  }

  it("reads names after the first word and numbers without a closing mark", () => {
    expect([
      ...anchorsOf("Police in Port Ellis said 2,300 (Reuters) fled; Jean-Pierre O'Neill."),
    ]).toEqual(["port", "ellis", "reuters", "jean-pierre", "o'neill", "2,300"]);
    expect([...anchorsOf("It cost $4.5m at 10:30, up from 3.")]).toEqual(["4.5", "10:30", "3"]);
    expect([...anchorsOf("Zürich und Genf meldeten 12 Fälle.")]).toEqual(["genf", "fälle", "12"]);
  });

  it("gives exactly what the patterns give, in their order, on any ASCII text", () => {
    // Random texts over the characters the rules turn on: letters of both cases, digits,
    // the marks that open a name or join a number, apostrophes, hyphens and spaces.
    const alphabet = "AaZzQq09 5,.;:(-'\t\nxY";
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let round = 0; round < 5000; round++) {
      let text = "";
      const length = next() % 40;
      for (let i = 0; i < length; i++) text += alphabet[next() % alphabet.length];
      expect([...anchorsOf(text)], JSON.stringify(text)).toEqual(byPatterns(text));
    }
  });
});
