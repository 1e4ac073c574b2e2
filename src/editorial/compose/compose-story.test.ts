// Story composition on generated corpora (fast-check) and the checks themselves.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BASE_URL, citationProblems, expectValidStory } from "../../../test/support/build.js";
import { manifest } from "../../../test/support/manifests.js";
import { SECTION_HEADINGS } from "../../api/story.js";
import { reuseTerms } from "../../config/reuse-terms.js";
import type { Manifest } from "../../manifests/schema.js";
import { type ComposeInput, composeStory } from "./compose-story.js";
import { DEFAULT_STORY_LIMITS, type StoryLimits } from "./limits.js";
import { namesAndNumbers } from "./select-facts.js";

const WORDS = [
  "bridge",
  "council",
  "storm",
  "river",
  "harbour",
  "minister",
  "vote",
  "budget",
  "rail",
  "station",
  "closed",
  "opened",
  "approved",
  "rejected",
  "flooded",
  "reported",
  "twelve",
  "engineers",
  "residents",
  "police",
];

const sentenceArb = fc
  .tuple(
    fc.array(fc.constantFrom(...WORDS), { minLength: 3, maxLength: 12 }),
    fc.integer({ min: 0, max: 50 }),
    fc.constantFrom(".", "!", "?"),
  )
  .map(([words, number, end]) => {
    // "was": a statement, so the hygiene stage keeps it whatever the words (no-verb rule).
    const text = `${words.join(" ")} was ${number}`;
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}${end}`;
  });

const clusterArb = fc
  .array(
    fc.record({
      sentences: fc.array(sentenceArb, { minLength: 1, maxLength: 6 }),
      shared: fc.array(fc.nat(4), { maxLength: 3 }),
      publisher: fc.nat(5),
      title: sentenceArb,
      language: fc.constantFrom("en", "en-GB", "fr", "de"),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .chain((reports) =>
    fc.array(sentenceArb, { minLength: 5, maxLength: 5 }).map((pool) =>
      reports.map((report, index): Manifest =>
        manifest({
          id: `g-${index}`,
          title: report.title.slice(0, -1),
          text: [...report.shared.map((n) => pool[n] as string), ...report.sentences].join(" "),
          language: report.language,
          publisher: {
            name: `Publisher ${report.publisher}`,
            domain: `p${report.publisher}.example`,
          },
          published_at: new Date(Date.UTC(2026, 10, 21, 0, index)).toISOString(),
        }),
      ),
    ),
  );

/** The texts of a story's "What we know". */
/** The texts read alone: the dek and the key facts. */
function dekAndKeyFacts(story: ReturnType<typeof compose>): (string | undefined)[] {
  return [story.dek, ...(story.key_facts ?? []).map((fact) => fact.text)];
}

function knownTexts(story: ReturnType<typeof compose>): string[] {
  return story.sections
    .filter((section) => section.heading === SECTION_HEADINGS.facts)
    .flatMap((section) => section.paragraphs.map((paragraph) => paragraph.text));
}

/**
 * The shipped limits with the lead limits off (keyFactLead, keyFactLeadMany): a key fact may
 * come from any sentence of a report, so that a test of another rule sees that rule alone,
 * wherever its sentence stands. The lead limits have tests of their own.
 */
const ANY_POSITION: StoryLimits = { ...DEFAULT_STORY_LIMITS, keyFactLead: 0, keyFactLeadMany: 0 };

/**
 * The story of a generated cluster, or undefined when composeStory holds it back; `more`:
 * further input (what the window's other stories name).
 */
function composeOrHold(
  manifests: readonly Manifest[],
  limits = ANY_POSITION,
  more: Pick<ComposeInput, "namedElsewhere"> = {},
) {
  return composeStory({
    topic: "world",
    manifests,
    identity: {
      date: "2026-11-21",
      slug: "generated-story",
      publishedAt: "2026-11-21T12:00:00.000Z",
    },
    links: {
      url: `${BASE_URL}/stories/2026-11-21/generated-story/`,
      json: `${BASE_URL}/stories/2026-11-21/generated-story/index.json`,
      markdown: `${BASE_URL}/stories/2026-11-21/generated-story/index.md`,
    },
    cut: new Date("2026-11-21T12:00:00Z"),
    reuse: reuseTerms({ baseUrl: BASE_URL, serviceName: "SVC", providerName: "P" }),
    limits,
    ...more,
  });
}

function compose(
  manifests: readonly Manifest[],
  limits = ANY_POSITION,
  more: Pick<ComposeInput, "namedElsewhere"> = {},
) {
  const story = composeOrHold(manifests, limits, more);
  if (story === undefined) throw new Error("composeStory held the cluster back");
  return story;
}

describe("composeStory on headline-only items", () => {
  it("states their headlines as key facts, never the story's own headline, and has no dek", () => {
    const items = [
      ["a", "Highland Park gunman indicted on 117 felony charges", "Tribune"],
      ["b", "Grand jury indicts Highland Park parade gunman on 117 counts | Opinion", "Courier"],
      ["c", "Highland Park suspect indicted on 117 counts by a grand jury", "Herald"],
    ].map(([id, title, name]) =>
      manifest({
        id: id!,
        title: title!,
        text: title!,
        publisher: { name: name!, domain: `${name!.toLowerCase()}.example` },
      }),
    );
    const story = compose(items);
    const facts = (story.key_facts ?? []).map((fact) => fact.text);
    expect(facts.length).toBeGreaterThan(0);
    expect(facts).not.toContain(story.headline);
    // The " | Opinion" part is not part of any fact, and no title with it heads the story.
    expect(facts.some((fact) => fact.includes("|"))).toBe(false);
    expect(story.headline).not.toContain("|");
    expect(story.dek).toBeUndefined();
    expect(citationProblems(story)).toEqual([]);
  });
});

describe("composeStory's dek in a cluster of two events", () => {
  it("holds a word of the headline: no dek rather than one stating the other event", () => {
    const crash = manifest({
      id: "crash",
      title: "Tessel ferry captain Ottar Halvard dies in harbour crash aged 61",
      // Sentences too short for a dek (eight words at least): none of them can be one.
      text: [
        "Ottar Halvard died on Monday aged 61.",
        "Police closed the Tessel harbour road.",
      ].join(" "),
      publisher: { name: "Courier", domain: "courier.example" },
    });
    const budget = manifest({
      id: "budget",
      title: "Varrowby council cuts 13 posts from its budget",
      text: [
        "Varrowby's budget office said on Monday that 13 posts would go by 2027, saving 40 million euros over four years in the city's accounts.",
        "The council votes on the plan next month.",
      ].join(" "),
      publisher: { name: "Herald", domain: "herald.example" },
    });
    const story = compose([crash, budget]);
    expect(story.headline).toBe(crash.title);
    // No sentence of the crash report can be a dek, and the budget's is another event: none.
    expect(story.dek).toBeUndefined();
    expect(story.key_facts?.length).toBeGreaterThan(0);
  });
});

describe("composeStory's headline", () => {
  it("is the dek when every title names nothing (a site's front page), said once", () => {
    const rt = { name: "rt.example", domain: "rt.example" };
    const text = [
      "South Korea and North Korea held their first talks in two years on Tuesday at Panmunjom.",
      "Seoul proposed military talks to ease tension along the border.",
    ].join(" ");
    const story = compose([
      manifest({ id: "front", title: "World news - RT International", text, publisher: rt }),
    ]);
    expect(story.headline).toBe(
      "South Korea and North Korea held their first talks in two years on Tuesday at Panmunjom.",
    );
    expect(story.headline_manifest_id).toBe("front");
    expect(story.dek).toBeUndefined();
    expect((story.key_facts ?? []).map((fact) => fact.text)).not.toContain(story.headline);
    expect(citationProblems(story)).toEqual([]);
  });

  it("holds the cluster back when no title names anything and no sentence states the event", () => {
    const held = composeOrHold([
      manifest({
        id: "legal",
        title: "ABC News",
        text: "External links are provided for reference purposes. Copyright © 2026 ABC News Internet Ventures.",
        publisher: { name: "abcnews.example", domain: "abcnews.example" },
      }),
    ]);
    expect(held).toBeUndefined();
  });

  it('keeps a short title that says something ("Storm Ciara") rather than heading with a sentence', () => {
    const story = compose([
      manifest({
        id: "short",
        title: "Storm Ciara",
        text: "Storm Ciara closed the coast road at Port Ellis on Sunday. Ferries stayed in port.",
      }),
    ]);
    expect(story.headline).toBe("Storm Ciara");
  });

  it("is the lead title without its site suffix, still copied word for word from it", () => {
    const items = [
      manifest({
        id: "only",
        title: "Harbour bridge reopens after storm repairs | Port Ellis Gazette - gazette.example",
        text: "The harbour bridge reopened on Tuesday after six weeks of storm repairs. Engineers checked every cable.",
        publisher: { name: "Port Ellis Gazette", domain: "gazette.example" },
      }),
    ];
    const story = compose(items);
    expect(story.headline).toBe("Harbour bridge reopens after storm repairs");
    expect(citationProblems(story)).toEqual([]);
  });
});

describe("composeStory on a one-report story", () => {
  it("centres it on its own title, not on what most of its text is about", () => {
    // A live blog: the titled event in two sentences, another event in four.
    const blog = manifest({
      title: "Harbour bridge reopens after storm repairs",
      text: [
        "The harbour bridge reopened to traffic on Monday after three weeks of storm repairs.",
        "Engineers replaced four damaged cables on the harbour bridge.",
        "Separately, the city council voted on the new school budget on Monday evening.",
        "The school budget adds 40 teachers and two school buses next year.",
        "Council members said the school budget was the largest in a decade.",
        "Parents welcomed the school budget at the council meeting.",
      ].join(" "),
    });
    const story = compose([blog]);
    expect(story.dek).toMatch(/harbour bridge/i);
    // Both of the titled event's sentences rank above every sentence of the other event.
    const first = (story.key_facts ?? []).slice(0, 2).map((fact) => fact.text);
    expect(first).toHaveLength(2);
    for (const text of first) expect(text).toMatch(/harbour bridge/i);
  });
});

describe("composeStory: one report's key facts come from its lead", () => {
  it("keeps sentences past the lead out of the key facts, not out of the story", () => {
    const lead = [
      "The harbour bridge in Tessel reopened on Monday after three weeks of storm repairs.",
      "Engineers replaced four damaged cables on the Tessel bridge.",
      "Traffic across the Tessel bridge was back to 20,000 cars a day by the evening.",
    ];
    // Later sentences name and count as much as the lead, about other things.
    const later = Array.from(
      { length: 12 },
      (_, index) =>
        `Varrowby council approved ${index + 2} new harbour ferries for the Tessel route.`,
    );
    const report = manifest({
      title: "Tessel harbour bridge reopens after storm repairs",
      text: [...lead, ...later].join(" "),
    });
    const position = (text: string) => [...lead, ...later].indexOf(text);
    const shown = (story: ReturnType<typeof compose>) =>
      [story.dek ?? "", ...(story.key_facts ?? []).map((fact) => fact.text)].filter(Boolean);
    const held = compose([report], { ...DEFAULT_STORY_LIMITS, keyFactLead: 4 });
    expect(shown(held).length).toBeGreaterThan(0);
    for (const text of shown(held)) expect(position(text)).toBeLessThan(4);
    const open = compose([report], { ...DEFAULT_STORY_LIMITS, keyFactLead: 0 });
    expect(shown(open).some((text) => position(text) >= 4)).toBe(true);
    const known = knownTexts(held);
    expect(known.some((text) => position(text) >= 4)).toBe(true);
  });
  it("takes the dek from the sentences after a short lead when the lead holds none", () => {
    const question = "Will the Tessel harbour bridge ever carry lorries again?";
    const quote = "“We have waited three weeks for this,” a ferry captain in Tessel said.";
    const statement =
      "The harbour bridge in Tessel reopened on Monday after three weeks of storm repairs.";
    const detail = "Engineers replaced four damaged cables on the Tessel bridge on Sunday.";
    const text = (opening: readonly string[]) =>
      manifest({ title: "Tessel harbour bridge reopens", text: [...opening, detail].join(" ") });
    const limits = { ...DEFAULT_STORY_LIMITS, keyFactLead: 2 };
    // The first two sentences are no dek (a question, a quotation); the third states the event.
    const story = compose([text([question, quote, statement])], limits);
    expect(story.dek).toBe(statement);
    for (const fact of story.key_facts ?? [])
      expect([statement, question, quote]).toContain(fact.text);
    expect(knownTexts(story)).toContain(detail);
    // Past the six sentences that earn lead credit, there is no dek rather than a late one.
    const filler = Array.from({ length: 5 }, (_, index) => `Is ferry ${index + 1} running today?`);
    const late = compose([text([question, quote, ...filler, statement])], limits);
    expect(late.dek).toBeUndefined();
  });
});

describe("composeStory: several reports' key facts come from their leads", () => {
  const lead = [
    "The harbour bridge in Tessel reopened on Monday after three weeks of storm repairs.",
    "Engineers replaced four damaged cables on the Tessel bridge on Sunday.",
    "Traffic across the Tessel bridge was back to 20,000 cars a day by Monday evening.",
    "Varrowby ferries to Tessel returned to their summer timetable on Monday.",
  ];
  const later = [
    "Tessel council spent 2.4 million euros on the harbour bridge repairs in Tessel.",
    "Harbour master Ilse Varga counted 300 boats waiting at the Tessel bridge.",
    "Divers from Varrowby checked the bridge piers in Tessel for 12 hours.",
    "Tessel police escorted 40 lorries over the harbour bridge on Monday night.",
    "Shops near the Tessel bridge reported 30 percent more customers on Monday.",
  ];
  const report = (id: string, name: string, order: readonly string[]) =>
    manifest({
      id,
      title: "Tessel harbour bridge reopens after storm repairs",
      text: order.join(" "),
      publisher: { name, domain: `${name.toLowerCase()}.example` },
    });
  const reports = [
    report("a", "Courier", [...lead, ...later]),
    report("b", "Herald", [lead[1]!, lead[0]!, lead[3]!, lead[2]!, ...later]),
  ];
  const keyFacts = (story: ReturnType<typeof compose>) =>
    (story.key_facts ?? []).map((fact) => fact.text);

  it("keeps a sentence no report states among its first sentences out of the key facts", () => {
    const held = compose(reports, { ...DEFAULT_STORY_LIMITS, keyFactLeadMany: 4 });
    expect(keyFacts(held).length).toBeGreaterThan(0);
    for (const text of later) {
      expect(keyFacts(held)).not.toContain(text);
      expect(knownTexts(held)).toContain(text);
    }
    const open = compose(reports, { ...DEFAULT_STORY_LIMITS, keyFactLeadMany: 0 });
    expect(keyFacts(open).some((text) => later.includes(text))).toBe(true);
  });

  it("gives What we know the room the key facts leave", () => {
    const limits = { ...DEFAULT_STORY_LIMITS, keyFacts: 5, factsShown: 2, keyFactLeadMany: 1 };
    const story = compose(reports, limits);
    const shown = keyFacts(story).length;
    expect(shown).toBeLessThan(limits.keyFacts);
    expect(knownTexts(story)).toHaveLength(limits.factsShown + limits.keyFacts - shown);
  });
});

describe("composeStory: a quotation is never a key fact", () => {
  it("shows a sentence opening on a quote in What we know, not among the key facts", () => {
    const quote = "“We will rebuild the Tessel harbour wall before winter,” Mayor Anna Roe said.";
    const report = manifest({
      title: "Storm wrecks Tessel harbour wall",
      text: [
        "A storm wrecked 200 metres of the harbour wall in Tessel on Monday.",
        quote,
        "Repairs to the Tessel wall will cost 4 million euros, the council said.",
      ].join(" "),
    });
    const story = compose([report]);
    expect((story.key_facts ?? []).map((fact) => fact.text)).not.toContain(quote);
    expect(story.dek).not.toBe(quote);
    const known = knownTexts(story);
    expect(known).toContain(quote);
  });
});

describe("composeStory: a quotation over several paragraphs", () => {
  it("states its opening sentence, whose open mark the next paragraph carries on", () => {
    // Each paragraph of the harbour master's quotation opens with a mark; the last closes it.
    const opening =
      "The harbour master of Port Ellis wrote on Monday: “The east pier will reopen to ferries in May.";
    const continued = "“Repairs to the east pier cost far less than the council had feared.";
    const scraps = [
      // Open in the middle of its paragraph, and at the end of one the next does not carry on.
      'Council leader Anja Lindqvist said: "The west pier of Port Ellis will close in June.',
      'Ferry captain Tomas Brekke said: "The summer timetable for Port Ellis will change in July.',
    ];
    const report = manifest({
      title: "East pier in Port Ellis to reopen to ferries in May",
      text: [
        opening,
        continued,
        "“Thank you all for your patience this winter.”",
        `${scraps[0]} Work on the west pier will take six weeks."`,
        scraps[1],
        "The ferry company has not yet published its summer timetable for Port Ellis.",
      ].join("\n"),
    });
    const story = compose([report]);
    const shown = [
      story.dek,
      ...(story.key_facts ?? []).map((fact) => fact.text),
      ...story.sections.flatMap((section) => section.paragraphs.map((paragraph) => paragraph.text)),
    ];
    expect((story.key_facts ?? []).map((fact) => fact.text)).toContain(opening);
    for (const text of [continued, ...scraps]) expect(shown).not.toContain(text);
    expect(citationProblems(story)).toEqual([]);
  });
});

describe("composeStory: key facts that name someone or something or give a number", () => {
  it("leaves a fact that names and counts nothing out of the key facts, not out of the story", () => {
    const report = manifest({
      title: "Storm closes Tessel harbour",
      text: [
        "A storm closed the harbour in Tessel on Monday, the port authority said.",
        "Waves damaged forty boats along the quay.",
        "Rescue crews from Varrowby worked through the night.",
        "Some windows along the harbour front broke during the night.",
        "Waves smashed several windows along the harbour front.",
      ].join(" "),
    });
    const bare = (text: string) => namesAndNumbers(text) === 0;
    expect(bare("Waves damaged forty boats along the quay.")).toBe(false);
    expect(bare("Police closed the road.")).toBe(false);
    const keyFacts = (story: ReturnType<typeof compose>) =>
      [story.dek ?? "", ...(story.key_facts ?? []).map((fact) => fact.text)].filter(Boolean);
    const open = compose([report], { ...ANY_POSITION, keyFactAnchors: 0 });
    expect(keyFacts(open).some(bare)).toBe(true);
    // Shipped off (cross-validated, docs/stories.md); the floor still works when set.
    const held = compose([report], { ...ANY_POSITION, keyFactAnchors: 1 });
    expect(keyFacts(held).length).toBeGreaterThan(0);
    expect(keyFacts(held).filter(bare)).toEqual([]);
    const known = knownTexts(held);
    expect(known.some(bare)).toBe(true);
  });
});

describe("composeStory on a cluster with a roundup", () => {
  const report = (id: string, domain: string, title: string, text: string[]) =>
    manifest({ id, title, text: text.join(" "), publisher: { name: domain, domain } });
  const manifests = [
    report("a", "a.example", "Harbour bridge reopens after storm repairs", [
      "The harbour bridge reopened to traffic on Monday after three weeks of storm repairs.",
      "Engineers replaced four damaged cables on the harbour bridge during the closure.",
      "Drivers had used a ferry across the harbour while the bridge was shut.",
    ]),
    report("b", "b.example", "Traffic returns to the harbour bridge", [
      "Traffic returned to the harbour bridge on Monday when it reopened after storm repairs.",
      "Four damaged cables were replaced by engineers, the city said.",
    ]),
    report("c", "c.example", "City roundup: bridge reopens, warehouse burns", [
      "The harbour bridge reopened on Monday after storm repairs.",
      "Firefighters spent six hours fighting a blaze that destroyed a timber warehouse by the harbour in Oldport overnight.",
      "The warehouse owner, Marta Ilves, estimated her losses at 2 million euros.",
    ]),
  ];
  const aside = /warehouse/i;

  it("keeps a report's aside that no other report touches out of the key facts", () => {
    const story = compose(manifests);
    const keyFacts = (story.key_facts ?? []).map((fact) => fact.text);
    expect(keyFacts.length).toBeGreaterThan(1);
    expect(keyFacts.filter((text) => aside.test(text))).toEqual([]);
    expect(story.dek).toMatch(/bridge/);
  });

  it("shows the aside among the key facts when the floor is off (the floor is what keeps it out)", () => {
    const limits = { ...ANY_POSITION, keyFactSupport: { reports: 3, share: 0 } };
    const keyFacts = (compose(manifests, limits).key_facts ?? []).map((fact) => fact.text);
    expect(keyFacts.some((text) => aside.test(text))).toBe(true);
  });

  const sourceSentencesOf = (story: ReturnType<typeof compose>) =>
    story.sections
      .filter((section) => section.heading === SECTION_HEADINGS.sources)
      .flatMap((section) => section.paragraphs.map((paragraph) => paragraph.text));

  it("keeps the aside out of what each source reports, and shows it with that floor off", () => {
    // Two key facts and no "What we know": what each source reports is left to choose alone.
    const few = { ...ANY_POSITION, keyFacts: 2, factsShown: 0 };
    const floored = sourceSentencesOf(compose(manifests, few));
    expect(floored.filter((text) => aside.test(text))).toEqual([]);
    // The roundup's summary, its first statement, is shown whatever the floor.
    expect(floored).toContain("The harbour bridge reopened on Monday after storm repairs.");
    const open = sourceSentencesOf(
      compose(manifests, { ...few, sourceSupport: { reports: 3, share: 0 } }),
    );
    expect(open.some((text) => aside.test(text))).toBe(true);
  });
});

describe("composeStory on generated clusters", () => {
  it("copies every fact and paragraph from a Manifest it cites, and cites only its Manifests", () => {
    fc.assert(
      fc.property(clusterArb, (manifests) => {
        const story = compose(manifests);
        expect(citationProblems(story)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("states a sentence shared by several publishers once, citing every Manifest that has it", () => {
    fc.assert(
      fc.property(clusterArb, (manifests) => {
        const story = compose(manifests);
        for (const fact of story.key_facts ?? []) {
          const stating = manifests.filter((m) => m.text.includes(fact.text)).map((m) => m.id);
          for (const id of stating) expect(fact.manifest_ids).toContain(id);
        }
        const texts = (story.key_facts ?? []).map((fact) => fact.text.toLowerCase());
        expect(new Set(texts).size).toBe(texts.length);
      }),
      { numRuns: 100 },
    );
  });

  it("is deterministic: the same cluster gives the same bytes", () => {
    fc.assert(
      fc.property(clusterArb, (manifests) => {
        expect(JSON.stringify(compose(manifests))).toBe(JSON.stringify(compose([...manifests])));
      }),
      { numRuns: 50 },
    );
  });

  it("produces stories that match the spec's Story schema", () => {
    fc.assert(
      fc.property(clusterArb, (manifests) => {
        expectValidStory(compose(manifests));
      }),
      { numRuns: 50 },
    );
  });
});

describe("the citation check", () => {
  const manifests = [
    manifest({
      id: "a",
      title: "Tessel river bridge closes",
      text: "The Tessel river bridge closed on Friday after inspections. Engineers found cracks in the main span of the bridge.",
    }),
    manifest({
      id: "b",
      title: "Tessel river bridge closes",
      text: "The Tessel river bridge closed on Friday after inspections. Officials said the bridge will stay shut for a month.",
      publisher: { name: "B", domain: "b.example" },
    }),
  ];

  it("catches a fact that is not copied word for word", () => {
    const story = compose(manifests);
    const fact = story.key_facts?.[0];
    if (fact) fact.text = fact.text.replace("closed", "was closed");
    expect(citationProblems(story).join("\n")).toMatch(/is not copied from a Manifest it cites/);
  });

  it("catches a citation of a Manifest the story does not carry, and a wrong union", () => {
    const story = compose(manifests);
    story.sections[0]?.paragraphs[0]?.manifest_ids.push("ghost");
    const problems = citationProblems(story).join("\n");
    expect(problems).toMatch(/cites ghost, which is not among the story's manifests/);
    expect(problems).toMatch(/cited_manifest_ids differs/);
  });
});

describe("composeStory: key facts name whom they speak of", () => {
  const report = manifest({
    title: "Storm closes Tessel harbour",
    text: [
      "A storm closed the harbour in Tessel on Monday, port manager Ottar Halvard said.",
      "Mr. Halvard said repairs to the quay would cost 40,000 euros.",
      "Waves damaged forty boats along the quay in Tessel.",
      "Rescue crews from Varrowby worked through the night in Tessel.",
    ].join(" "),
  });
  const withNames = (namedElsewhere?: (word: string) => boolean) =>
    compose([report], ANY_POSITION, namedElsewhere ? { namedElsewhere } : {});
  const surnameOnly = "Mr. Halvard said repairs to the quay would cost 40,000 euros.";
  const keyFacts = dekAndKeyFacts;

  it("shows a sentence calling someone by surname alone in What we know, not as a key fact", () => {
    const story = withNames();
    expect(keyFacts(story)).not.toContain(surnameOnly);
    expect(keyFacts(story)).toContain(
      "A storm closed the harbour in Tessel on Monday, port manager Ottar Halvard said.",
    );
    expect(knownTexts(story)).toContain(surnameOnly);
  });

  it("takes it as a key fact when the day's other stories name that person too", () => {
    const story = withNames((word) => word === "Halvard");
    expect(keyFacts(story)).toContain(surnameOnly);
  });

  it("reads no common noun as a surname, though a name holds it ('State Police', 'police')", () => {
    const police = "Police said repairs to the quay in Tessel would cost 40,000 euros.";
    const story = compose([
      manifest({
        title: "Storm closes Tessel harbour",
        text: [
          "A storm closed the harbour in Tessel on Monday, the Tessel State Police said.",
          police,
          "Waves damaged forty boats along the quay in Tessel, police officers said.",
        ].join(" "),
      }),
    ]);
    expect(keyFacts(story)).toContain(police);
  });
});

describe("composeStory: a surname as the subject of any verb, after the report introduced it", () => {
  const apologized = "Halvard apologized for the quay's repairs costing 40,000 euros in Tessel.";
  const report = (text: readonly string[]) =>
    manifest({ title: "Storm closes Tessel harbour", text: text.join(" ") });
  const introduced = report([
    "A storm closed the harbour in Tessel on Monday, port manager Ottar Halvard said.",
    apologized,
    "Waves damaged forty boats along the quay in Tessel.",
  ]);

  it("leaves it to What we know: read alone, it leans on the introduction before it", () => {
    const story = compose([introduced]);
    expect(dekAndKeyFacts(story)).not.toContain(apologized);
    expect(knownTexts(story)).toContain(apologized);
  });

  it("takes it as a key fact when the headline or the day's other stories name the person", () => {
    const story = compose([introduced], ANY_POSITION, {
      namedElsewhere: (word) => word === "Halvard",
    });
    expect(dekAndKeyFacts(story)).toContain(apologized);
  });

  it("takes it where the word is no one introduced before: a thing, or a name met only later", () => {
    const thing = "Bitcoin fell 12 percent in Tessel trading on Monday, its largest drop.";
    const coins = compose([
      report([
        "A storm closed the harbour in Tessel on Monday, port manager Ottar Halvard said.",
        "Traders in Tessel sold Cash Bitcoin and bitcoin alike on Monday.",
        thing,
      ]),
    ]);
    expect(dekAndKeyFacts(coins)).toContain(thing);
    const later = compose([
      report([
        "A storm closed the harbour in Tessel on Monday, the port said.",
        apologized,
        "Port manager Ottar Halvard spoke to reporters in Tessel on Monday.",
      ]),
    ]);
    expect(dekAndKeyFacts(later)).toContain(apologized);
  });
});

describe("composeStory: key facts name what they speak of", () => {
  const operator = "The operator said ferries to Varrowby would resume on Friday at 9 a.m.";
  const report = (title: string) =>
    manifest({
      title,
      text: [
        "A storm closed the harbour in Tessel on Monday, port manager Ottar Halvard said.",
        operator,
        "Waves damaged forty boats along the quay in Tessel.",
        "Rescue crews from Varrowby worked through the night in Tessel.",
      ].join(" "),
    });
  const keyFacts = dekAndKeyFacts;

  it("leaves a sentence opening on a bare 'The <noun>' the headline does not name to What we know", () => {
    const story = compose([report("Storm closes Tessel harbour")]);
    expect(keyFacts(story)).not.toContain(operator);
    expect(knownTexts(story)).toContain(operator);
  });

  it("takes it as a key fact when the headline names it", () => {
    const story = compose([report("Storm closes Tessel harbour; ferry operator halts sailings")]);
    expect(keyFacts(story)).toContain(operator);
  });
});

describe("composeStory: key facts tell no step after one before them", () => {
  const step = "Ottar Halvard later issued a statement on the quay's repairs in Tessel.";
  const report = manifest({
    title: "Storm closes Tessel harbour",
    text: [
      "A storm closed the harbour in Tessel on Monday, port manager Ottar Halvard said.",
      step,
      "Waves damaged forty boats along the quay in Tessel.",
    ].join(" "),
  });

  it("leaves a sentence telling what someone 'later' or 'then' did to What we know", () => {
    const story = compose([report]);
    expect(dekAndKeyFacts(story)).not.toContain(step);
    expect(knownTexts(story)).toContain(step);
  });
});

describe("composeStory: key facts speak of the story's event", () => {
  const aside = "Farmers in Varrowby lost 300 sheep to floods last spring.";
  const viaDek = "Ottar Halvard put the cost of repairs at 40,000 euros.";
  const report = manifest({
    title: "Storm closes Tessel harbour",
    text: [
      "A storm closed the harbour in Tessel on Monday, port manager Ottar Halvard said.",
      aside,
      "Waves damaged forty boats along the quay in Tessel.",
      viaDek,
    ].join(" "),
  });

  it("leaves a sentence holding no word of the headline or the dek to What we know", () => {
    const story = compose([report]);
    expect(story.dek).toBe(
      "A storm closed the harbour in Tessel on Monday, port manager Ottar Halvard said.",
    );
    expect(dekAndKeyFacts(story)).not.toContain(aside);
    expect(knownTexts(story)).toContain(aside);
  });

  it("takes a sentence holding a word of the dek alone (the dek names the event too)", () => {
    expect(dekAndKeyFacts(compose([report]))).toContain(viaDek);
  });
});

describe("composeStory's key facts", () => {
  const report = (id: string, name: string, text: string) =>
    manifest({
      id,
      title: "Tessel ferry Morna sinks off Varrowby",
      text,
      publisher: { name, domain: `${name.toLowerCase()}.example` },
    });
  // Two reports: with three, a key fact needs most of its words in a report not stating it
  // (StoryLimits.keyFactSupport), which these short texts do not give.
  const reports = [
    report(
      "courier",
      "Courier",
      "The Tessel ferry Morna sank off Varrowby on Monday with 40 passengers aboard, the coastguard said. Lifeboat crews pulled every passenger of the Morna from the water within two hours of the alarm.",
    ),
    report(
      "herald",
      "Herald",
      "The Morna, a ferry from Tessel, went down near Varrowby harbour on Monday with 40 people on board. Investigators from the maritime safety board will examine the Morna's hull and engines in a dry dock on Friday.",
    ),
  ];

  it("leave out a fact that only repeats an earlier key fact in other words; it may stand in What we know", () => {
    const story = compose(reports);
    const facts = (story.key_facts ?? []).map((fact) => fact.text);
    const claim =
      "The Tessel ferry Morna sank off Varrowby on Monday with 40 passengers aboard, the coastguard said.";
    const repeat =
      "The Morna, a ferry from Tessel, went down near Varrowby harbour on Monday with 40 people on board.";
    // One of the two tells the sinking; the other says nothing more.
    expect([claim, repeat].filter((text) => facts.includes(text))).toHaveLength(1);
    const left = facts.includes(claim) ? repeat : claim;
    // What the repeat does not say stays: the rescue and the inquiry.
    expect(facts.some((fact) => fact.startsWith("Lifeboat crews"))).toBe(true);
    expect(facts.some((fact) => fact.startsWith("Investigators"))).toBe(true);
    const known = story.sections.find((section) => section.heading === SECTION_HEADINGS.facts);
    expect(known?.paragraphs.map((paragraph) => paragraph.text)).toContain(left);
    expect(citationProblems(story)).toEqual([]);
  });

  it("keep a fact that tells an earlier one's claim and much more", () => {
    const story = compose([
      report(
        "courier",
        "Courier",
        "The Tessel ferry Morna sank off Varrowby harbour on Monday, the coastguard said.",
      ),
      report(
        "herald",
        "Herald",
        "Captain Ottar Halvard steered the Tessel ferry Morna onto the rocks of the outer breakwater minutes before it sank off Varrowby harbour on Monday, investigators from the maritime safety board said.",
      ),
    ]);
    const facts = (story.key_facts ?? []).map((fact) => fact.text);
    expect(facts).toHaveLength(2);
    expect(facts.some((fact) => fact.startsWith("Captain Ottar Halvard"))).toBe(true);
  });
});
