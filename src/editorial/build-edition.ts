// Builds the edition of one cut: the pipeline runner. It does the I/O (reads each topic's
// Manifests of (T-24h, T], the stories of the previous 24 hours and the slugs they took) and
// runs the pure steps of each topic in order: the job (topic-job.ts), clustering and
// composition into pending stories (topic-stories.ts, on this thread or a worker:
// topic-runner.ts), identities (story-identities.ts); then the roundups (roundups.ts).
// saveEdition writes the result to the story archive. The cut is the only clock: the same
// store and cut give the same edition, byte for byte, whichever thread built each topic.
import type { ReuseTerms } from "../api/reuse-terms.js";
import type { ManifestWindowReader } from "../store/manifest-store.js";
import type { StoryArchiveWriter } from "../store/story-archive.js";
import { EDITION_WINDOW_MS, editionWindow } from "../time/cut-time.js";
import { summarizeStory } from "../tree/story-summary.js";
import type { StoryLimits } from "./compose/limits.js";
import {
  addHygieneCounts,
  emptyHygieneCounts,
  type HygieneCounts,
} from "./hygiene/drop-reasons.js";
import { previousByTopic } from "./previous-stories.js";
import { buildRoundups, type Roundup } from "./roundups.js";
import {
  assignIdentities,
  type BuiltStory,
  identityDates,
  type TakenSlugs,
} from "./story-identities.js";
import { topicJob } from "./topic-job.js";
import { runTopicJobs } from "./topic-runner.js";
import type { ClusterFunction, TopicJob } from "./topic-stories.js";

export type { BuiltStory } from "./story-identities.js";

/** What the builder reads: the window's Manifests, and the archive's earlier stories and slugs. */
export type BuildStore = ManifestWindowReader &
  Pick<StoryArchiveWriter, "listEditionStories" | "listStorySlugs">;

export interface BuildDeps {
  store: BuildStore;
  /**
   * Groups one topic's documents into events, on the calling thread. Absent: the shipped
   * method (src/editorial/cluster), run wherever the topic is built, worker threads included.
   */
  cluster?: ClusterFunction;
  /** Topics to build besides those found in the store (configured newsrooms). */
  topics: readonly string[];
  baseUrl: string;
  reuse: ReuseTerms;
  limits: StoryLimits;
  /** Worker threads building large topics, several at once; 0 or absent: the calling thread. */
  workers?: number;
  /** Topics with at least this many Manifests in the window use the workers (default 500). */
  workerThreshold?: number;
  /** Called with each story as soon as it has its identity (to write it while others are built). */
  onStory?: (story: BuiltStory) => void;
  /** Called as each topic's stories have been built and given their identity. */
  onTopic?: (progress: TopicProgress) => void;
}

export interface TopicProgress {
  topic: string;
  /** Topics done, this one included, of `total`. */
  done: number;
  total: number;
  manifests: number;
}

export interface Edition {
  cut: Date;
  /** Manifests in the window. */
  manifestCount: number;
  stories: BuiltStory[];
  roundups: Roundup[];
  /** Sentences read and dropped by the hygiene stage (docs/stories.md). */
  hygiene: HygieneCounts;
  /** Events not published: no title names anything and no sentence states the event. */
  held: number;
  /** Manifests left out as advertising: labelled by their publishers (docs/stories.md). */
  advertisements: number;
}

/**
 * How far before the window the store's history is read for boilerplate (topic-job.ts): one
 * more window, so a publisher with one report a day still shows its standing lines twice.
 */
export const BOILERPLATE_HISTORY_MS = EDITION_WINDOW_MS;

/**
 * Each topic's job, its Manifests of the window (and of the history before it, for
 * boilerplate) read as the job is wanted.
 */
async function* readTopicJobs(
  cut: Date,
  topics: readonly string[],
  deps: BuildDeps,
): AsyncGenerator<TopicJob> {
  const window = editionWindow(cut);
  const previous = previousByTopic(
    await deps.store.listEditionStories(cut.getTime() - EDITION_WINDOW_MS, cut.getTime()),
  );
  for (const topic of topics) {
    const manifests = await deps.store.listManifests({ ...window, topic });
    // Boilerplate is found among lines: a window without line breaks has none to drop.
    const earlier = !manifests.some((manifest) => manifest.text.includes("\n"))
      ? []
      : await deps.store.listManifests({
          after: new Date(window.after.getTime() - BOILERPLATE_HISTORY_MS),
          until: window.after,
          topic,
        });
    yield topicJob(
      topic,
      manifests,
      previous.get(topic) ?? [],
      { cut, reuse: deps.reuse, limits: deps.limits, cluster: deps.cluster },
      earlier,
    );
  }
}

/** Reads the slugs other editions took on the dates not read yet. */
async function readTakenSlugs(
  store: BuildStore,
  taken: TakenSlugs,
  dates: readonly string[],
  cut: Date,
): Promise<void> {
  for (const date of dates) {
    if (!taken.has(date)) taken.set(date, new Set(await store.listStorySlugs(date, cut.getTime())));
  }
}

/** Builds the edition of the cut `cut` from the store (nothing is written: see saveEdition). */
export async function buildEdition(cut: Date, deps: BuildDeps): Promise<Edition> {
  const topics = [...new Set([...deps.topics, ...(await deps.store.listTopics())])].sort();
  const taken: TakenSlugs = new Map();
  const stories: BuiltStory[] = [];
  const hygiene = emptyHygieneCounts();
  let manifestCount = 0;
  let held = 0;
  let advertisements = 0;
  let done = 0;
  const run = { workers: deps.workers, workerThreshold: deps.workerThreshold };
  await runTopicJobs(readTopicJobs(cut, topics, deps), run, async (job, built) => {
    await readTakenSlugs(deps.store, taken, identityDates(job, built, cut), cut);
    addHygieneCounts(hygiene, built.hygiene);
    held += built.held;
    advertisements += built.advertisements;
    for (const story of assignIdentities(job, built, { cut, baseUrl: deps.baseUrl }, taken)) {
      stories.push(story);
      deps.onStory?.(story);
    }
    manifestCount += job.manifests.length;
    done += 1;
    deps.onTopic?.({
      topic: job.topic,
      done,
      total: topics.length,
      manifests: job.manifests.length,
    });
  });
  return {
    cut,
    manifestCount,
    stories,
    roundups: buildRoundups(stories),
    hygiene,
    held,
    advertisements,
  };
}

/** Stores an edition in the story archive (replacing an earlier build of the same cut). */
export async function saveEdition(
  store: Pick<StoryArchiveWriter, "saveEdition">,
  edition: Edition,
): Promise<void> {
  await store.saveEdition({
    cutMs: edition.cut.getTime(),
    roundupsJson: JSON.stringify(edition.roundups),
    // Each story's JSON is made when the store reads it, so the texts of a large edition are
    // never all in memory at once.
    stories: edition.stories.map((built) => ({
      date: built.identity.date,
      slug: built.identity.slug,
      topic: built.topic,
      publishedAt: built.identity.publishedAt,
      memberIds: built.memberIds,
      get json() {
        return JSON.stringify(built.story);
      },
      get summaryJson() {
        return JSON.stringify(summarizeStory(built.story, built.topic));
      },
    })),
  });
}
