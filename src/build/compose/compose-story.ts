// One story from one cluster of Manifests: headline, dek, key facts, sections, unresolved
// points, trust, beat and sources. Pure: the same cluster, identity and cut give the same
// story, byte for byte. Every paragraph and fact is a sentence copied from a Manifest it
// cites (docs/stories.md).
import type { ReuseTerms } from "../../api/reuse-terms.js";
import type { CitedText, Section, Story, Trust } from "../../api/story.js";
import type { Manifest } from "../../manifests/schema.js";
import { analyze, forgetAnalyses } from "./analyze.js";
import { buildCentroid, type Centroid, centrality, manifestWords } from "./centroid.js";
import { chooseCitations } from "./citations.js";
import { findDisagreements } from "./disagreements.js";
import { collectFacts, type Fact } from "./facts.js";
import type { StoryLimits } from "./limits.js";
import { exactKey } from "./sentence-keys.js";

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
}

/** The most central Manifest (its title is the headline): earliest on ties. */
export function leadManifest(manifests: readonly Manifest[], centroid?: Centroid): Manifest {
  const words = manifests.map(manifestWords);
  const shared = centroid ?? buildCentroid(words);
  let best = 0;
  let bestScore = -1;
  words.forEach((set, index) => {
    const score = centrality(set, shared);
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

/** The dek: the most central fact of at least six words (else the top fact). */
function chooseDek(facts: readonly Fact[]): Fact | undefined {
  const long = facts.filter((fact) => exactKey(fact.text).split(" ").length >= 6);
  const pool = long.length > 0 ? long : facts;
  return [...pool].sort(
    (a, b) => b.centrality - a.centrality || b.publishers.length - a.publishers.length,
  )[0];
}

function firstSentence(manifest: Manifest): string {
  return (
    analyze(manifest).sentences.find((sentence) => sentence.wordCount >= 3)?.text ?? manifest.title
  );
}

export function composeStory(input: ComposeInput): Story {
  try {
    return composeFromAnalyses(input);
  } finally {
    forgetAnalyses(input.manifests);
  }
}

function composeFromAnalyses(input: ComposeInput): Story {
  const { manifests, limits } = input;
  const byId = new Map(manifests.map((manifest, index) => [manifest.id, { manifest, index }]));
  const words = manifests.map(manifestWords);
  const centroid = buildCentroid(words);
  const facts = collectFacts(manifests, centroid);
  // A disagreement needs two publishers; one publisher's reports are never "contested".
  const publishers = new Set(manifests.map((manifest) => manifest.publisher.domain));
  const unresolved = publishers.size >= 2 ? findDisagreements(manifests) : [];
  const lead = leadManifest(manifests, centroid);
  const dek = chooseDek(facts);
  const cite = (ids: readonly string[]) => chooseCitations(ids, byId, limits.citationsPerFact);
  const cited = (fact: Fact): CitedText => ({
    text: fact.text,
    manifest_ids: cite(fact.manifestIds),
  });

  const keyFacts = facts
    .slice(0, limits.keyFacts)
    .map((fact) => ({ ...cited(fact), stated_by: fact.manifestIds.length }));
  const firstPerPublisher = manifests.filter(
    (manifest, index) =>
      manifests.findIndex((m) => m.publisher.domain === manifest.publisher.domain) === index,
  );
  const sections: Section[] = [
    { heading: "What we know", paragraphs: facts.slice(0, limits.factsShown).map(cited) },
    {
      heading: "What each source reports",
      paragraphs: firstPerPublisher.slice(0, limits.sourcesShown).map((manifest) => ({
        text: firstSentence(manifest),
        manifest_ids: [manifest.id],
        publisher: manifest.publisher.name,
        source_url: manifest.url,
        published_at: manifest.published_at,
      })),
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
