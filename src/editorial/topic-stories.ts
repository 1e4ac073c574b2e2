// The stories of one topic: its Manifests read once (text hygiene included), grouped into
// events, matched to the stories of earlier editions and composed. Pure and self-contained,
// so that a worker thread can build one topic while the builder's thread and other workers
// build others (topic-pool.ts); identity (slug, URL, date) is decided afterwards, in topic
// and cluster order, by the builder.
import type { ReuseTerms } from "../api/reuse-terms.js";
import type { Story } from "../api/story.js";
import type { Manifest } from "../manifests/schema.js";
import { type ClusterDocument, clusterDocuments } from "./cluster/cluster-documents.js";
import { composeStory } from "./compose/compose-story.js";
import type { StoryLimits } from "./compose/limits.js";
import { type BoilerplateSource, findBoilerplateLines } from "./hygiene/boilerplate-lines.js";
import { isAdvertisement } from "./hygiene/advertisements.js";
import { emptyHygieneCounts, type HygieneCounts } from "./hygiene/drop-reasons.js";
import { matchPreviousStories, type PreviousStory } from "./identity/continue-stories.js";
import { type ManifestReading, readManifest } from "./text/manifest-reading.js";
import { sentenceSpans } from "./text/sentences.js";
import { TermDictionary } from "./text/term-dictionary.js";
import { namedByOtherStories } from "./named-by-stories.js";
import { storyLinksOf } from "../tree/site-links.js";

/** Groups one topic's documents into events: lists of ids. */
export type ClusterFunction = (documents: readonly ClusterDocument[]) => string[][];

export interface TopicJob {
  topic: string;
  /** The topic's Manifests of the window, in publication order (publicationOrder). */
  manifests: Manifest[];
  /** Stories of the editions of the previous 24 hours in this topic. */
  previous: PreviousStory[];
  /** The cut, as an ISO string. */
  cut: string;
  reuse: ReuseTerms;
  limits: StoryLimits;
  /**
   * The events, when the caller grouped them itself (a clustering other than the shipped
   * method, which cannot be sent to a worker thread); absent: clusterDocuments.
   */
  clusters?: string[][];
  /**
   * The store's recent history for boilerplate: earlier Manifests of this topic by the
   * window's publishers (topic-job.ts, boilerplateHistory). A line a publisher wrote in one
   * Manifest of the window and in an unrelated earlier one is furniture too.
   */
  history?: BoilerplateSource[];
}

export interface TopicStory {
  /** Ids of its Manifests, in publication order. */
  memberIds: string[];
  /** Index in `TopicJob.previous` of the story it continues. */
  continues: number | undefined;
  /** Composed with a placeholder identity (PENDING_SLUG). */
  story: Story;
}

export interface TopicStories {
  /** In the order of their first Manifest's publication. */
  stories: TopicStory[];
  /** Sentences read and dropped by the hygiene stage. */
  hygiene: HygieneCounts;
  /**
   * Events not published: no title names anything and no sentence states the event
   * (composeStory). Their Manifests stay in the store.
   */
  held: number;
  /** Manifests left out as advertising (hygiene/advertisements.ts): in no story. */
  advertisements: number;
}

export const PENDING_SLUG = "pending-identity";

/** Orders Manifests by publication time, then id; each time is parsed once, not per comparison. */
export function publicationOrder(
  manifests: readonly Manifest[],
): (a: Manifest, b: Manifest) => number {
  const times = new Map(manifests.map((manifest) => [manifest, Date.parse(manifest.published_at)]));
  return (a, b) => times.get(a)! - times.get(b)! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function toDocument(
  manifest: Manifest,
  reading: ManifestReading | undefined,
): ClusterDocument {
  return {
    id: manifest.id,
    title: manifest.title,
    text: manifest.text,
    language: manifest.language,
    publishedAtMs: Date.parse(manifest.published_at),
    publisherDomain: manifest.publisher.domain,
    reading,
  };
}

/**
 * The lines each Manifest's publisher repeats across unrelated Manifests of the topic: in the
 * window, or in the window and its recent history.
 */
function topicBoilerplate(
  manifests: readonly Manifest[],
  history: readonly BoilerplateSource[] = [],
): Array<string[] | undefined> {
  return findBoilerplateLines([
    ...manifests.map((manifest) => ({
      publisherDomain: manifest.publisher.domain,
      title: manifest.title,
      text: manifest.text,
    })),
    ...history,
  ])
    .slice(0, manifests.length)
    .map((lines) => (lines.length > 0 ? lines : undefined));
}

/**
 * The topic's Manifests that are news: those its publishers label as advertising
 * (advertisements.ts) are in no story, and their sentences count as dropped.
 */
function leaveOutAdvertisements(manifests: readonly Manifest[], hygiene: HygieneCounts) {
  const news: Manifest[] = [];
  for (const manifest of manifests) {
    if (!isAdvertisement(manifest)) {
      news.push(manifest);
      continue;
    }
    const sentences = sentenceSpans(manifest.text, manifest.language).length;
    hygiene.sentences += sentences;
    hygiene.dropped.advertisement += sentences;
  }
  return news;
}

export function composeTopic(job: TopicJob): TopicStories {
  const hygiene = emptyHygieneCounts();
  const manifests = leaveOutAdvertisements(job.manifests, hygiene);
  const advertisements = job.manifests.length - manifests.length;
  const byPublication = publicationOrder(manifests);
  const boilerplate = topicBoilerplate(manifests, job.history);
  // One dictionary for the topic, so that term ids compare across its readings.
  const dictionary = new TermDictionary();
  const readings = new Map(
    manifests.map((manifest, index) => [
      manifest.id,
      readManifest(manifest, dictionary, boilerplate[index]),
    ]),
  );
  const byId = new Map(manifests.map((manifest) => [manifest.id, manifest]));
  const groups =
    job.clusters?.map((ids) => ids.filter((id) => byId.has(id))).filter((ids) => ids.length > 0) ??
    clusterDocuments(manifests.map((manifest) => toDocument(manifest, readings.get(manifest.id))));
  const clusters = groups
    .map((ids) => ids.map((id) => byId.get(id) as Manifest).sort(byPublication))
    .sort((a, b) => byPublication(a[0] as Manifest, b[0] as Manifest));
  const { continues } = matchPreviousStories(
    clusters.map((cluster) => cluster.map((manifest) => manifest.id)),
    job.previous,
  );
  const namedElsewhere = namedByOtherStories(
    dictionary,
    clusters.map((cluster) => cluster.map((manifest) => readings.get(manifest.id)!)),
  );
  const pending = `https://pending.invalid/${PENDING_SLUG}/`;
  const stories: TopicStory[] = [];
  clusters.forEach((cluster, index) => {
    // Taken out of the topic's map: a reading lives until its story is composed.
    const clusterReadings = cluster.map((manifest) => {
      const reading = readings.get(manifest.id) as ManifestReading;
      readings.delete(manifest.id);
      return reading;
    });
    const story = composeStory({
      topic: job.topic,
      manifests: cluster,
      identity: { date: "0000-00-00", slug: PENDING_SLUG, publishedAt: job.cut },
      links: storyLinksOf(pending),
      cut: new Date(job.cut),
      reuse: job.reuse,
      limits: job.limits,
      readings: clusterReadings,
      hygiene,
      namedElsewhere,
    });
    if (story === undefined) return;
    const earlier = continues[index];
    stories.push({
      memberIds: cluster.map((manifest) => manifest.id),
      continues: earlier === undefined ? undefined : job.previous.indexOf(earlier),
      story,
    });
  });
  return { stories, hygiene, held: clusters.length - stories.length, advertisements };
}
