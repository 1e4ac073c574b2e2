// One story from one cluster of Manifests: headline, dek, key facts, sections, unresolved
// points, trust, beat and sources. Pure: the same cluster, identity and cut give the same
// story, byte for byte. Every paragraph and fact is a sentence copied from a Manifest it
// cites (docs/stories.md).
import type { ReuseTerms } from "../../api/reuse-terms.js";
import type { CitedText, Section, Story, Trust } from "../../api/story.js";
import type { Manifest } from "../../manifests/schema.js";
import type { HygieneCounts } from "../hygiene/drop-reasons.js";
import type { ManifestReading } from "../text/manifest-reading.js";
import { type AnalyzedManifest, analyzeCluster } from "./analyze.js";
import { buildCentroid, type Centroid, centrality } from "./centroid.js";
import { chooseCitations } from "./citations.js";
import { findDisagreements } from "./disagreements.js";
import { collectFacts, type Fact } from "./facts.js";
import type { StoryLimits } from "./limits.js";

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
}

/** The most central Manifest (its title is the headline): earliest on ties. */
function leadManifest(
  manifests: readonly Manifest[],
  analyses: readonly AnalyzedManifest[],
  centroid: Centroid,
): Manifest {
  let best = 0;
  let bestScore = -1;
  analyses.forEach(({ words }, index) => {
    const score = centrality(words, centroid);
    if (score > bestScore) [best, bestScore] = [index, score];
  });
  return manifests[best] as Manifest;
}

function trustOf(facts: readonly Fact[], unresolved: readonly string[]): Trust {
  if (unresolved.length > 0) return "contested";
  return (facts[0]?.publishers.length ?? 0) >= 2 ? "corroborated" : "single-source";
}

/** The commonest tag of the cluster (alphabetical on ties), or null. */
function beatOf(manifests: readonly Manifest[]): string | null {
  const counts = new Map<string, number>();
  for (const manifest of manifests) {
    for (const tag of new Set(manifest.tags ?? [])) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  let beat: string | null = null;
  let most = 0;
  for (const [tag, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (count > most) [beat, most] = [tag, count];
  }
  return beat;
}

/** Most central, then most widely stated. */
function isBetterDek(fact: Fact, than: Fact): boolean {
  return (fact.centrality - than.centrality || fact.publishers.length - than.publishers.length) > 0;
}

/** The dek: the most central fact of at least six words (else the top fact); earliest on ties. */
function chooseDek(facts: readonly Fact[]): Fact | undefined {
  const long = facts.filter((fact) => fact.wordCount >= 6);
  let dek: Fact | undefined;
  for (const fact of long.length > 0 ? long : facts) if (!dek || isBetterDek(fact, dek)) dek = fact;
  return dek;
}

function firstSentence(manifest: Manifest, analysis: AnalyzedManifest | undefined): string {
  return analysis?.sentences.find((sentence) => sentence.wordCount >= 3)?.text ?? manifest.title;
}

export function composeStory(input: ComposeInput): Story {
  const { manifests, limits } = input;
  const byId = new Map(manifests.map((manifest, index) => [manifest.id, { manifest, index }]));
  const analyses = analyzeCluster(manifests, input.readings, input.boilerplate, input.hygiene);
  const centroid = buildCentroid(analyses.map((analysis) => analysis.words));
  const facts = collectFacts(manifests, analyses, centroid);
  // A disagreement needs two publishers; one publisher's reports are never "contested".
  const publishers = new Set(manifests.map((manifest) => manifest.publisher.domain));
  const unresolved =
    publishers.size >= 2
      ? findDisagreements(
          manifests,
          analyses.map((analysis) => analysis.sentences.map((sentence) => sentence.text)),
        )
      : [];
  const lead = leadManifest(manifests, analyses, centroid);
  const dek = chooseDek(facts);
  const cite = (ids: readonly string[]) => chooseCitations(ids, byId, limits.citationsPerFact);
  const cited = (fact: Fact): CitedText => ({
    text: fact.text,
    manifest_ids: cite(fact.manifestIds),
  });

  const keyFacts = facts
    .slice(0, limits.keyFacts)
    .map((fact) => ({ ...cited(fact), stated_by: fact.manifestIds.length }));
  const seenPublishers = new Set<string>();
  const firstPerPublisher = [...manifests.keys()].filter(
    (index) =>
      !seenPublishers.has(manifests[index]!.publisher.domain) &&
      seenPublishers.add(manifests[index]!.publisher.domain),
  );
  const sections: Section[] = [
    { heading: "What we know", paragraphs: facts.slice(0, limits.factsShown).map(cited) },
    {
      heading: "What each source reports",
      paragraphs: firstPerPublisher.slice(0, limits.sourcesShown).map((index) => {
        const manifest = manifests[index]!;
        return {
          text: firstSentence(manifest, analyses[index]),
          manifest_ids: [manifest.id],
          publisher: manifest.publisher.name,
          source_url: manifest.url,
          published_at: manifest.published_at,
        };
      }),
    },
    {
      heading: "Timeline",
      paragraphs: manifests.slice(0, limits.timelineShown).map((manifest) => ({
        text: manifest.title,
        manifest_ids: [manifest.id],
        publisher: manifest.publisher.name,
        published_at: manifest.published_at,
      })),
    },
  ];
  const dekIds = dek ? cite(dek.manifestIds) : [lead.id];
  const citedIds = new Set<string>([lead.id, ...dekIds]);
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
    headline: lead.title,
    headline_manifest_id: lead.id,
    dek: dek?.text ?? lead.title,
    dek_manifest_ids: dekIds,
    published_at: input.identity.publishedAt,
    updated_at: input.cut.toISOString(),
    topic: input.topic,
    beat: beatOf(manifests),
    trust: trustOf(facts, unresolved),
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
