// One story from one cluster of Manifests: headline, dek, key facts, sections, unresolved
// points, trust, beat and sources. Pure: the same cluster, identity and cut give the same
// story, byte for byte. Every paragraph and fact is a sentence copied from a Manifest it
// cites (docs/stories.md).
import type { ReuseTerms } from "../../api/reuse-terms.js";
import {
  type CitedText,
  type KeyFact,
  SECTION_HEADINGS,
  type Section,
  type Story,
  type Trust,
} from "../../api/story.js";
import type { Manifest } from "../../manifests/schema.js";
import type { HygieneCounts } from "../hygiene/drop-reasons.js";
import type { ManifestReading } from "../text/manifest-reading.js";
import { type AnalyzedManifest, type AnalyzedSentence, analyzeCluster } from "./analyze.js";
import { buildCentroid, ReportWords } from "./centroid.js";
import { chooseCitations } from "./citations.js";
import { StoryAnchors } from "./corroboration.js";
import { describeDispute, disputeStatedIn, findDisputesIn, mayDispute } from "./disagreements.js";
import { collectFacts, type Fact } from "./facts.js";
import { headlineManifest, headlineOf, namesNothing } from "./headline.js";
import { selectFacts, type ShownFact } from "./select-facts.js";
import {
  introducedBefore,
  namedInFull,
  writesInLowerCase,
  shortReferences,
} from "./short-names.js";
import { floorApplies, type StoryLimits } from "./limits.js";
import { ShownSentences, sourceSentences } from "./source-sentences.js";

/** Where a story lives and since when: decided by identity.ts, kept across editions. */
export interface StoryIdentity {
  date: string;
  slug: string;
  /** When the story was first published (the cut of its first edition). */
  publishedAt: string;
}

export interface StoryLinks {
  url: string;
  json: string;
  markdown: string;
}

export interface ComposeInput {
  topic: string;
  /** The cluster, in order of publication (then id). */
  manifests: readonly Manifest[];
  identity: StoryIdentity;
  links: StoryLinks;
  /** The cut of the edition being built: the story's `updated_at`. */
  cut: Date;
  reuse: ReuseTerms;
  limits: StoryLimits;
  /** The builder's readings of the Manifests (same order), shared with clustering. */
  readings?: readonly ManifestReading[];
  /** Without readings: the lines each Manifest's publisher repeats (hygiene, same order). */
  boilerplate?: readonly (readonly string[])[];
  /** Hygiene verdicts of the Manifests read are added here when given. */
  hygiene?: HygieneCounts;
  /**
   * Whether other stories of the window name `word` too (topic-stories.ts): a surname the
   * day's news names widely is one a reader can place. Absent: none does.
   */
  namedElsewhere?: (word: string, language: string) => boolean;
}

/**
 * `single-source` when one publisher reports the event; `contested` when sources disagree on
 * a quantity of it; else `corroborated`: independent publishers report it, none disagrees.
 */
function trustOf(publishers: number, unresolved: readonly string[]): Trust {
  if (publishers < 2) return "single-source";
  return unresolved.length > 0 ? "contested" : "corroborated";
}

/** The commonest tag of the cluster (alphabetical on ties), or null. */
function beatOf(manifests: readonly Manifest[]): string | null {
  const counts = new Map<string, number>();
  for (const manifest of manifests) {
    for (const tag of new Set(manifest.tags ?? [])) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  // The most counted, the first in code-unit order on a tie: one pass, no sort.
  let beat: string | null = null;
  let most = 0;
  for (const [tag, count] of counts) {
    if (count > most || (count === most && beat !== null && tag < beat))
      [beat, most] = [tag, count];
  }
  return beat;
}

/**
 * supportBeyond (centroid.ts, ReportWords) in a cluster: of a fact, and of a sentence of the
 * report at `index`. The index is built on first use (most stories never ask).
 */
function supportInCluster(manifests: readonly Manifest[], analyses: readonly AnalyzedManifest[]) {
  let reports: ReportWords | undefined;
  let indexOf: ReadonlyMap<string, number> | undefined;
  const index = () => (reports ??= new ReportWords(analyses.map((analysis) => analysis.words)));
  return {
    ofFact: (fact: Fact): number => {
      indexOf ??= new Map(manifests.map((manifest, at) => [manifest.id, at]));
      const own = fact.manifestIds.map((id) => indexOf?.get(id) ?? -1);
      return index().supportBeyond(fact.shape.words, own);
    },
    ofSentence: (report: number, sentence: AnalyzedSentence): number => {
      const { terms } = analyses[report]!;
      const words = new Set(terms.subarray(sentence.first, sentence.end));
      return index().supportBeyond(words, [report]);
    },
  };
}

/**
 * Whether a sentence of the cluster calls someone by surname alone whom its reader cannot
 * place (short-names.ts): not in the headline, not named by the titles of the window's other
 * stories, and a person (a courtesy title, or the cluster names someone in full by the word
 * and never writes it in lower case: "State Police" and "police" make no surname of "Police").
 */
function unplacedIn(input: ComposeInput, headline: string, language: string) {
  const introduced = new Map<string, boolean>();
  const isIntroduced = (surname: string) => {
    let known = introduced.get(surname);
    if (known === undefined) {
      const lower = surname.toLowerCase();
      known =
        input.manifests.some(
          (manifest) => namedInFull(manifest.text, surname) || namedInFull(manifest.title, surname),
        ) && !input.manifests.some((manifest) => writesInLowerCase(manifest.text, lower));
      introduced.set(surname, known);
    }
    return known;
  };
  // A surname as the subject of any verb ("Braley apologized…") is a person's only where a
  // report stating the sentence introduced them before it (short-names.ts, introducedBefore).
  let byId: ReadonlyMap<string, Manifest> | undefined;
  const introducedBeforeIt = (fact: Fact, surname: string) =>
    fact.manifestIds.some((id) => {
      byId ??= new Map(input.manifests.map((manifest) => [manifest.id, manifest]));
      const manifest = byId.get(id);
      return (
        manifest !== undefined &&
        introducedBefore(manifest.title, manifest.text, fact.text, surname)
      );
    });
  return (fact: Fact): boolean =>
    shortReferences(fact.text, headline, language).some(
      ({ surname, titled, subject }) =>
        !input.namedElsewhere?.(surname, language) &&
        (titled || (subject ? introducedBeforeIt(fact, surname) : isIntroduced(surname))),
    );
}

/**
 * The story of a cluster, or undefined when it has nothing to publish: no title names
 * anything ("ABC News") and no sentence states the event, as when an extractor returned a
 * site's front or search page. A cluster whose titles name nothing but whose reports state
 * the event is headed by that statement, its dek (docs/stories.md, "Headline").
 */
export function composeStory(input: ComposeInput): Story | undefined {
  const { manifests, limits } = input;
  const byId = new Map(manifests.map((manifest, index) => [manifest.id, { manifest, index }]));
  const analyses = analyzeCluster(manifests, input.readings, input.boilerplate, input.hygiene);
  const centroid = buildCentroid(analyses.map((analysis) => analysis.words));
  // One report has no other to say what is central to it but its own title: a sentence of a
  // live blog or a roundup about something else shares none of its words.
  const only = manifests.length === 1 ? analyses[0] : undefined;
  const factCentroid = only ? buildCentroid([only.titleWords]) : centroid;
  const facts = collectFacts(manifests, analyses, factCentroid);
  const support = supportInCluster(manifests, analyses);
  const publishers = new Set(manifests.map((manifest) => manifest.publisher.domain));
  // A disagreement needs two publishers, and four unless a title states a figure (mayDispute):
  // one publisher's reports are never "contested".
  const disputes = mayDispute(manifests)
    ? findDisputesIn(
        manifests,
        analyses.map((analysis) => analysis.sentences.map((sentence) => sentence.text)),
      )
    : [];
  const unresolved = disputes.map(describeDispute);
  const lead = headlineManifest(manifests, analyses, centroid);
  const language = lead.language;
  const headlineWords = analyses[manifests.indexOf(lead)]?.titleWords ?? [];
  const headline = headlineOf(lead.title, lead.publisher);
  // A headline-only item's text is its title: under that title it would say nothing new.
  const title = lead.title.trim();
  // The names and numbers of the story's sentences, read once for its facts and its sources.
  const anchors = new StoryAnchors();
  const {
    dek,
    keyFacts: shownFacts,
    more,
  } = selectFacts(
    facts.filter((fact) => fact.text.trim() !== title && fact.text.trim() !== headline),
    limits,
    language,
    {
      publishers: publishers.size,
      headlineWords,
      headline,
      reports: manifests.length,
      supportBeyond: support.ofFact,
      unplaced: unplacedIn(input, headline, language),
      anchors,
    },
  );
  const cite = (ids: readonly string[]) => chooseCitations(ids, byId, limits.citationsPerFact);
  const dekIds = dek ? cite(dek.manifestIds) : [];
  // Titles that name nothing: the dek, a sentence of the reports, heads the story instead.
  const untitled = namesNothing(lead.title, lead.publisher);
  if (untitled && !dek) return undefined;
  const head = untitled && dek ? { text: dek.text, id: dekIds[0] ?? lead.id } : undefined;
  /** A shown sentence that states a value of a disputed quantity points to the dispute. */
  const disputed = (text: string) => {
    const index = disputeStatedIn(text, language, disputes);
    return index === undefined ? {} : { unresolved_index: index };
  };
  /**
   * A shown fact: its text, citations, the dispute it states a value of and the publishers
   * behind its claim. Its fields are set one by one, in their published order: copying the
   * objects by spreads was a sixth of composeStory's own time in the 10,000 build's profile.
   */
  const corroborated = ({ fact, support }: ShownFact): CitedText => {
    const shownFact: CitedText = { text: fact.text, manifest_ids: cite(fact.manifestIds) };
    const disputeIndex = disputeStatedIn(fact.text, language, disputes);
    if (disputeIndex !== undefined) shownFact.unresolved_index = disputeIndex;
    shownFact.corroborated_by = Math.max(support, fact.publishers.length);
    return shownFact;
  };
  const keyFacts = shownFacts
    .filter(({ fact }) => fact.text !== head?.text)
    .map((shownFact): KeyFact => {
      const keyFact: KeyFact = corroborated(shownFact);
      keyFact.stated_by = shownFact.fact.manifestIds.length;
      return keyFact;
    });
  const shown = new ShownSentences(
    [dek, ...[...shownFacts, ...more].map(({ fact }) => fact)].flatMap((fact) =>
      fact ? [fact.key] : [],
    ),
  );
  const budget = {
    perSource: limits.sentencesPerSource,
    chars: limits.sourceSentenceChars,
    maxWords: limits.sourceSentenceWords,
  };
  const seenPublishers = new Set<string>();
  const firstPerPublisher = [...manifests.keys()].filter(
    (index) =>
      !seenPublishers.has(manifests[index]!.publisher.domain) &&
      seenPublishers.add(manifests[index]!.publisher.domain),
  );
  const allSections: Section[] = [
    { heading: SECTION_HEADINGS.facts, paragraphs: more.map(corroborated) },
    {
      heading: SECTION_HEADINGS.sources,
      paragraphs: firstPerPublisher.slice(0, limits.sourcesShown).flatMap((index) => {
        const manifest = manifests[index]!;
        const floor = limits.sourceSupport;
        const supported = floorApplies(floor, manifests.length)
          ? (sentence: AnalyzedSentence) => support.ofSentence(index, sentence) >= floor.share
          : undefined;
        return sourceSentences(manifest, analyses[index], shown, budget, supported, anchors).map(
          (text) => ({
            text,
            manifest_ids: [manifest.id],
            ...disputed(text),
            publisher: manifest.publisher.name,
            source_url: manifest.url,
            published_at: manifest.published_at,
          }),
        );
      }),
    },
    {
      heading: SECTION_HEADINGS.timeline,
      paragraphs: manifests.slice(0, limits.timelineShown).map((manifest) => ({
        text: manifest.title,
        manifest_ids: [manifest.id],
        // A title is answered from too (/ask): one stating a disputed value says so.
        ...disputed(manifest.title),
        publisher: manifest.publisher.name,
        published_at: manifest.published_at,
      })),
    },
  ];
  // A section with nothing to add is left out (a single report's facts are all key facts).
  const sections = allSections.filter((section) => section.paragraphs.length > 0);
  const citedIds = new Set<string>([head?.id ?? lead.id, ...dekIds]);
  for (const fact of keyFacts) for (const id of fact.manifest_ids) citedIds.add(id);
  for (const section of sections)
    for (const paragraph of section.paragraphs)
      for (const id of paragraph.manifest_ids) citedIds.add(id);
  const citedInOrder = [...citedIds].sort(
    (a, b) => (byId.get(a)?.index ?? 0) - (byId.get(b)?.index ?? 0),
  );

  return {
    slug: input.identity.slug,
    url: input.links.url,
    json: input.links.json,
    markdown: input.links.markdown,
    headline: head?.text ?? headline,
    headline_manifest_id: head?.id ?? lead.id,
    // No sentence of the cluster states the event plainly (or it heads the story): no dek
    // (the spec makes it optional).
    ...(dek && !head ? { dek: dek.text, dek_manifest_ids: dekIds } : {}),
    published_at: input.identity.publishedAt,
    updated_at: input.cut.toISOString(),
    topic: input.topic,
    beat: beatOf(manifests),
    trust: trustOf(publishers.size, unresolved),
    source_count: publishers.size,
    manifest_count: manifests.length,
    key_facts: keyFacts,
    sections,
    unresolved,
    cited_manifest_ids: citedInOrder,
    manifests: citedInOrder.map((id) => byId.get(id)?.manifest as Manifest),
    reuse: input.reuse,
  };
}
