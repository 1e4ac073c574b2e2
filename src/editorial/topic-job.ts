// The first step of a topic: its Manifests of the window become the job the topic is built
// from (topic-stories.ts): only the current revision of each source, in publication order,
// grouped into events here when the caller brings its own clustering. Pure.
import type { ReuseTerms } from "../api/reuse-terms.js";
import type { Manifest } from "../manifests/schema.js";
import type { StoryLimits } from "./compose/limits.js";
import { currentRevisions } from "./current-revisions.js";
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

/** The job of one topic, from its Manifests of the window and its stories of the previous 24 hours. */
export function topicJob(
  topic: string,
  windowManifests: readonly Manifest[],
  previous: PreviousStory[],
  settings: TopicJobSettings,
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
  if (settings.cluster && manifests.length > 0)
    job.clusters = settings.cluster(manifests.map((manifest) => toDocument(manifest, undefined)));
  return job;
}
