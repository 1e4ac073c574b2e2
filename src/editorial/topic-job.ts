// The first step of a topic: its Manifests of the window become the job the topic is built
// from (topic-stories.ts): only the current revision of each source, in publication order,
// grouped into events here when the caller brings its own clustering. Pure.
import type { ReuseTerms } from "../api/reuse-terms.js";
import type { Manifest } from "../manifests/schema.js";
import type { StoryLimits } from "./compose/limits.js";
import { currentRevisions } from "./current-revisions.js";
import type { BoilerplateSource } from "./hygiene/boilerplate-lines.js";
import type { PreviousStory } from "./identity/continue-stories.js";
import {
  type ClusterFunction,
  publicationOrder,
  type TopicJob,
  toDocument,
} from "./topic-stories.js";

export interface TopicJobSettings {
  cut: Date;
  reuse: ReuseTerms;
  limits: StoryLimits;
  /** A clustering run on this thread; absent: the shipped one, run where the topic is built. */
  cluster?: ClusterFunction | undefined;
}

/** Earlier Manifests kept per publisher for boilerplate: the most recent ones. */
export const HISTORY_PER_PUBLISHER = 20;

/**
 * The store's recent history as boilerplate evidence (boilerplate-lines.ts): of the earlier
 * Manifests, those by a publisher of the window whose text has lines (a text without line
 * breaks has none to repeat), at most HISTORY_PER_PUBLISHER per publisher, the most recent.
 * Only titles and texts travel (to a worker thread too), not whole Manifests.
 */
export function boilerplateHistory(
  manifests: readonly Manifest[],
  earlier: readonly Manifest[],
): BoilerplateSource[] {
  const wanted = new Map<string, number>(
    manifests.map((manifest) => [manifest.publisher.domain, 0]),
  );
  const history: BoilerplateSource[] = [];
  // Oldest first from the store: read from the end for the most recent.
  for (let index = earlier.length - 1; index >= 0; index--) {
    const manifest = earlier[index]!;
    const domain = manifest.publisher.domain;
    const taken = wanted.get(domain);
    if (taken === undefined || taken >= HISTORY_PER_PUBLISHER || !manifest.text.includes("\n"))
      continue;
    wanted.set(domain, taken + 1);
    history.push({ publisherDomain: domain, title: manifest.title, text: manifest.text });
  }
  return history;
}

/**
 * The job of one topic, from its Manifests of the window, its stories of the previous 24
 * hours and, for boilerplate, its Manifests of before the window (`earlier`, oldest first).
 */
export function topicJob(
  topic: string,
  windowManifests: readonly Manifest[],
  previous: PreviousStory[],
  settings: TopicJobSettings,
  earlier: readonly Manifest[] = [],
): TopicJob {
  const manifests = currentRevisions(windowManifests);
  manifests.sort(publicationOrder(manifests));
  const job: TopicJob = {
    topic,
    manifests,
    previous,
    cut: settings.cut.toISOString(),
    reuse: settings.reuse,
    limits: settings.limits,
  };
  const history = boilerplateHistory(manifests, earlier);
  if (history.length > 0) job.history = history;
  if (settings.cluster && manifests.length > 0)
    job.clusters = settings.cluster(manifests.map((manifest) => toDocument(manifest, undefined)));
  return job;
}
