// "What each source reports" carries each source's informative sentences (what an agent may
// ask about), never a sentence shown above it, within its budget; sentences that state a
// disputed figure point to the dispute.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BASE_URL, citationProblems } from "../../../test/support/build.js";
import { manifest } from "../../../test/support/manifests.js";
import { SECTION_HEADINGS, type Story } from "../../api/story.js";
import { reuseTerms } from "../../config/reuse-terms.js";
import type { Manifest } from "../../manifests/schema.js";
import { analyzeCluster } from "./analyze.js";
import { composeStory } from "./compose-story.js";
import { DEFAULT_STORY_LIMITS, type StoryLimits } from "./limits.js";
import { keyWordHashes, ShownSentences, sourceSentences } from "./source-sentences.js";

const LEAD = "A magnitude 5.1 earthquake shook the north of Kestria early on Saturday morning.";

function report(index: number, injured: number, more: string[]): Manifest {
  const text = [
    LEAD,
    `Officials said ${injured} people were injured and dozens of homes were damaged.`,
    ...more,
  ].join(" ");
  return manifest({
    id: `q-${index}`,
    title: `Earthquake strikes northern Kestria, ${injured} hurt (report ${index + 1})`,
    text,
    publisher: { name: `Outlet ${index}`, domain: `outlet${index}.example` },
    published_at: new Date(Date.UTC(2026, 10, 21, 6, index)).toISOString(),
  });
}

/** Sentences of each source's own: more than the key facts and "What we know" can show. */
const OWN = [
  [
    "The quake was centred 14 kilometres south of Brenholt, the Kestrian Geological Survey said.",
    "Mayor Anja Lindqvist opened the town hall to families who had left their homes.",
    "Schools in Brenholt and Varrowby will stay closed on Monday.",
    "The Survey recorded 23 aftershocks by noon.",
  ],
  [
    "Rail services between Brenholt and Aldermoor were suspended for two hours.",
    "Kestria Power said 3,400 homes lost electricity.",
    "Prime Minister Tomas Brekke will visit Brenholt on Sunday.",
    "Insurers expect claims of about $20 million.",
  ],
  [
    "The Red Cross set up a shelter for 200 people at the Brenholt sports centre.",
    "The last quake of this size in the region struck in 1998.",
    "Water supplies in Varrowby were cut for six hours.",
    "Volunteers from Aldermoor brought 500 blankets.",
  ],
  [
    "Engineers will inspect the Orla dam on Monday as a precaution.",
    "The church of St Agnes in Brenholt lost its spire.",
    "Police closed Route 9 north of Brenholt because of a landslide.",
    "The Kestrian Geological Survey put the depth of the quake at 10 kilometres.",
  ],
];

const TOWNS = ["Aldermoor", "Varrowby", "Tessel", "Northgate"];
const STREETS = ["Harbour", "Mill", "Station", "Church", "Castle"];
// More than the key facts and "What we know" can show: each source keeps some of its own.
for (const [index, own] of OWN.entries())
  for (const [at, street] of STREETS.entries())
    own.push(
      `Crews from ${TOWNS[index]} checked ${40 + 7 * index + at} buildings on ${street} Street.`,
    );

const MANIFESTS = OWN.map((own, index) => report(index, index < 2 ? 12 : 14, own));

function compose(limits: StoryLimits = DEFAULT_STORY_LIMITS): Story {
  const url = `${BASE_URL}/stories/2026-11-21/quake/`;
  const story = composeStory({
    topic: "world",
    manifests: MANIFESTS,
    identity: { date: "2026-11-21", slug: "quake", publishedAt: "2026-11-21T12:00:00.000Z" },
    links: { url, json: `${url}index.json`, markdown: `${url}index.md` },
    cut: new Date("2026-11-21T12:00:00Z"),
    reuse: reuseTerms({ baseUrl: BASE_URL, serviceName: "SVC", providerName: "P" }),
    limits,
  });
  if (story === undefined) throw new Error("composeStory held the cluster back");
  return story;
}

const sources = (story: Story) =>
  story.sections.find((section) => section.heading === SECTION_HEADINGS.sources)?.paragraphs ?? [];

describe("What each source reports", () => {
  const story = compose();

  it("carries each source's informative sentences word for word, citing that source", () => {
    const paragraphs = sources(story);
    const shownAnywhere = new Set([
      ...(story.key_facts ?? []).map((fact) => fact.text),
      ...story.sections.flatMap((section) => section.paragraphs.map((p) => p.text)),
    ]);
    for (const own of OWN) expect(own.some((sentence) => shownAnywhere.has(sentence))).toBe(true);
    const fromSources = paragraphs.filter((paragraph) => OWN.flat().includes(paragraph.text));
    expect(fromSources.length).toBeGreaterThan(4);
    for (const paragraph of fromSources) {
      const source = OWN.findIndex((own) => own.includes(paragraph.text));
      expect(paragraph.manifest_ids).toEqual([`q-${source}`]);
    }
    expect(citationProblems(story)).toEqual([]);
  });

  it("never repeats a sentence shown above it or by another source", () => {
    const above = new Set([
      ...(story.dek ? [story.dek] : []),
      ...(story.key_facts ?? []).map((fact) => fact.text),
      ...story.sections
        .filter((section) => section.heading === SECTION_HEADINGS.facts)
        .flatMap((section) => section.paragraphs.map((paragraph) => paragraph.text)),
    ]);
    const texts = sources(story).map((paragraph) => paragraph.text);
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(above.has(text), text).toBe(false);
  });

  it("keeps to its budget: sentences per source and characters for all", () => {
    expect(sources(story).length).toBeGreaterThan(4);
    const perSource = compose({ ...DEFAULT_STORY_LIMITS, sentencesPerSource: 1 });
    expect(sources(perSource)).toHaveLength(4);
    const tight = compose({ ...DEFAULT_STORY_LIMITS, sourceSentenceChars: 100 });
    const summaries = 4;
    const further = sources(tight).slice(summaries);
    expect(further.reduce((sum, paragraph) => sum + paragraph.text.length, 0)).toBeLessThanOrEqual(
      100,
    );
  });

  it("keeps to its word caps: key facts (and so the dek and What we know) and source sentences", () => {
    const wordsOf = (text: string) => text.split(/\s+/u).length;
    const longest = (texts: readonly string[]) => Math.max(...texts.map(wordsOf));
    const facts = (built: typeof story) => [
      ...(built.dek ? [built.dek] : []),
      ...(built.key_facts ?? []).map((fact) => fact.text),
      ...built.sections
        .filter((section) => section.heading === SECTION_HEADINGS.facts)
        .flatMap((section) => section.paragraphs.map((paragraph) => paragraph.text)),
    ];
    const texts = (built: typeof story) => sources(built).map((paragraph) => paragraph.text);
    const cap = 12;
    expect(longest(facts(story))).toBeGreaterThan(cap);
    expect(longest(texts(story))).toBeGreaterThan(cap);
    const capped = compose({
      ...DEFAULT_STORY_LIMITS,
      keyFactWords: cap,
      sourceSentenceWords: cap,
    });
    expect(facts(capped).length).toBeGreaterThan(0);
    expect(longest(facts(capped))).toBeLessThanOrEqual(cap);
    // A source whose every sentence is longer shows its title instead.
    const titles = new Set((capped.manifests ?? []).map((manifest) => manifest.title));
    for (const text of texts(capped))
      if (!titles.has(text)) expect(wordsOf(text)).toBeLessThanOrEqual(cap);
  });

  it("points sentences stating a disputed figure to the dispute", () => {
    expect(story.trust).toBe("contested");
    expect(story.unresolved).toHaveLength(1);
    const cited = [
      ...(story.key_facts ?? []),
      ...story.sections.flatMap((section) => section.paragraphs),
    ];
    const injured = cited.filter((item) => / (12|14) people were injured/.test(item.text));
    expect(injured.length).toBeGreaterThan(0);
    for (const item of injured) expect(item.unresolved_index, item.text).toBe(0);
    const calm = cited.filter((item) => item.text.includes("Rail services"));
    for (const item of calm) expect(item.unresolved_index).toBeUndefined();
  });
});

describe("What each source reports: a quotation over several paragraphs", () => {
  it("shows a sentence whose open mark the next paragraph carries on, never what follows", () => {
    const opening =
      'The harbour master of Port Ellis wrote on Monday: "The east pier will reopen in May.';
    const captain =
      "Ferry captain Tomas Brekke said on Tuesday: “Crossings to Tessel will run every hour in July.";
    const text = [
      opening,
      '"Repairs to the east pier of Port Ellis cost far less than the council had feared.',
      '"Thank you all for your patience this winter."',
      // Left open in the middle of its paragraph: a scrap.
      'Council leader Anja Lindqvist said: "The west pier of Port Ellis will close in June. It will take six weeks."',
      captain,
      "“Tickets will cost no more than they did last summer.”",
      // Left open at the end of a paragraph that the next does not carry on: a scrap.
      'Mayor Ilse Varga said: "The Tessel ferry terminal will get a new roof in August.',
      "The ferry company has not yet published its summer timetable for Tessel.",
    ].join("\n");
    const report = manifest({ title: "East pier in Port Ellis to reopen in May", text });
    const [analysis] = analyzeCluster([report]);
    const budget = { perSource: 10, chars: 10_000, maxWords: 0 };
    expect(sourceSentences(report, analysis, new ShownSentences([]), budget)).toEqual([
      opening,
      captain,
      "The ferry company has not yet published its summer timetable for Tessel.",
    ]);
  });
});

describe("keyWordHashes", () => {
  /** Jaccard of two keys' words as sets of strings: what the hashes stand for. */
  const wordJaccard = (a: string, b: string) => {
    const [setA, setB] = [new Set(a.split(" ")), new Set(b.split(" "))];
    const shared = [...setA].filter((word) => setB.has(word)).length;
    return shared / (setA.size + setB.size - shared);
  };
  const key = fc
    .array(
      fc.constantFrom("the", "mayor", "said", "12", "2,300", "ünïcode", "a", "b", "ab", "ba"),
      {
        minLength: 1,
        maxLength: 30,
      },
    )
    .map((words) => words.join(" "));

  it("holds each distinct word once, sorted, so that shared words are counted as strings would be", () => {
    fc.assert(
      fc.property(key, key, (a, b) => {
        const [hashesA, hashesB] = [keyWordHashes(a), keyWordHashes(b)];
        expect(hashesA.length).toBe(new Set(a.split(" ")).size);
        expect([...hashesA]).toEqual([...hashesA].sort((x, y) => x - y));
        const shared = [...hashesA].filter((hash) => hashesB.includes(hash)).length;
        expect(shared / (hashesA.length + hashesB.length - shared)).toBeCloseTo(
          wordJaccard(a, b),
          12,
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("tells a repeat by its words whatever their order, and a different sentence apart", () => {
    const shown = new ShownSentences(["the mayor said the bridge will reopen on monday"]);
    expect(shown.repeats("on monday the bridge will reopen the mayor said")).toBe(true);
    expect(shown.repeats("the council said the tunnel will close on friday")).toBe(false);
  });
});
