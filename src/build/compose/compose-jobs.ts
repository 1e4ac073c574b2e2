// Story composition as batches of independent jobs, so that worker threads can compose the
// stories of an edition in parallel. Identity (slug, URL, date) is decided afterwards, in
// order, by the builder: a job composes with a placeholder identity.
import type { ReuseTerms } from "../../api/reuse-terms.js";
import type { Story } from "../../api/story.js";
import type { Manifest } from "../../manifests/schema.js";
import { emptyHygieneCounts, type HygieneCounts } from "../hygiene/drop-reasons.js";
import type { ManifestReading } from "../text/manifest-reading.js";
import { composeStory } from "./compose-story.js";
import type { StoryLimits } from "./limits.js";

export interface ComposeJob {
  topic: string;
  manifests: Manifest[];
  /** The cut, as an ISO string. */
  cut: string;
  reuse: ReuseTerms;
  limits: StoryLimits;
  /** The builder's readings of `manifests` (same order); absent in worker threads. */
  readings?: ManifestReading[];
  /** Lines each Manifest's publisher repeats (same order), for readings made by the job. */
  boilerplate?: string[][];
}

/** A composed story and what the hygiene stage dropped from its Manifests. */
export interface ComposedStory {
  story: Story;
  hygiene: HygieneCounts;
}

export const PENDING_SLUG = "pending-identity";

export function composeJob(job: ComposeJob): ComposedStory {
  const pending = `https://pending.invalid/${PENDING_SLUG}/`;
  const hygiene = emptyHygieneCounts();
  const story = composeStory({
    topic: job.topic,
    manifests: job.manifests,
    identity: { date: "0000-00-00", slug: PENDING_SLUG, publishedAt: job.cut },
    links: { url: pending, json: `${pending}index.json`, markdown: `${pending}index.md` },
    cut: new Date(job.cut),
    reuse: job.reuse,
    limits: job.limits,
    readings: job.readings,
    boilerplate: job.boilerplate,
    hygiene,
  });
  return { story, hygiene };
}

export function composeJobs(jobs: readonly ComposeJob[]): ComposedStory[] {
  return jobs.map(composeJob);
}
