// Builds the edition of one cut: reads each topic's Manifests of (T-24h, T], groups them into
// events, gives every event a story identity (continuing stories of the previous 24 hours)
// and composes the stories. Everything but reading the store is pure, and the cut is the only
// clock: the same store and cut give the same edition, byte for byte, whichever thread built
// each topic (topic-stories.ts, topic-pool.ts).
import type { ReuseTerms } from "../api/reuse-terms.js";
import type { Story } from "../api/story.js";
import type { Manifest } from "../manifests/schema.js";
import type { ManifestWindowReader } from "../store/manifest-store.js";
import type { ArchivedStory, StoryArchiveWriter } from "../store/story-archive.js";
import type { StoryIdentity } from "./compose/compose-story.js";
import type { StoryLimits } from "./compose/limits.js";
import { currentRevisions } from "./current-revisions.js";
import { EDITION_WINDOW_MS, editionWindow, utcDate } from "../time/cut-time.js";
import type { PreviousStory } from "./identity/continue-stories.js";
import { slugFromHeadline, uniqueSlug } from "./identity/slug.js";
import { buildRoundups, type Roundup } from "./roundups.js";
import {
  addHygieneCounts,
  emptyHygieneCounts,
  type HygieneCounts,
} from "./hygiene/drop-reasons.js";
import { inlineTopicBuilder, type TopicBuilder, workerTopicBuilder } from "./topic-pool.js";
import {
  type ClusterFunction,
  publicationOrder,
  type TopicJob,
  type TopicStories,
  toDocument,
} from "./topic-stories.js";
import { storyLinks } from "../tree/site-links.js";
import { summarizeStory } from "../tree/story-summary.js";

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

export interface BuiltStory {
  topic: string;
  identity: StoryIdentity;
  memberIds: string[];
  story: Story;
  /** True when the story continues one of an earlier edition. */
  continued: boolean;
}

export interface Edition {
  cut: Date;
  /** Manifests in the window. */
  manifestCount: number;
  stories: BuiltStory[];
  roundups: Roundup[];
  /** Sentences read and dropped by the hygiene stage (docs/stories.md). */
  hygiene: HygieneCounts;
}

/** Stories of the editions of the previous 24 hours, one per (date, slug), by topic. */
function previousByTopic(rows: ReadonlyArray<ArchivedStory>): Map<string, PreviousStory[]> {
  const merged = new Map<string, PreviousStory & { topic: string; members: Set<string> }>();
  for (const row of rows) {
    const key = `${row.date}/${row.slug}`;
    const known = merged.get(key);
    if (known) {
      for (const id of row.memberIds) known.members.add(id);
      continue;
    }
    const members = new Set(row.memberIds);
    merged.set(key, {
      date: row.date,
      slug: row.slug,
      publishedAt: row.publishedAt,
      topic: row.topic,
      members,
      memberIds: [],
    });
  }
  const byTopic = new Map<string, PreviousStory[]>();
  for (const story of merged.values()) {
    const list = byTopic.get(story.topic) ?? [];
    list.push({
      date: story.date,
      slug: story.slug,
      publishedAt: story.publishedAt,
      memberIds: [...story.members],
    });
    byTopic.set(story.topic, list);
  }
  return byTopic;
}

/** A topic being built: its stories arrive from whichever thread builds it. */
interface TopicInFlight {
  topic: string;
  manifests: Manifest[];
  previous: PreviousStory[];
  built: Promise<TopicStories>;
}

/** Topics whose windows hold at least this many Manifests are built in worker threads. */
const WORKER_THRESHOLD = 500;

export async function buildEdition(cut: Date, deps: BuildDeps): Promise<Edition> {
  const window = editionWindow(cut);
  const topics = [...new Set([...deps.topics, ...(await deps.store.listTopics())])].sort();
  const previous = previousByTopic(
    await deps.store.listEditionStories(cut.getTime() - EDITION_WINDOW_MS, cut.getTime()),
  );
  const takenByDate = new Map<string, Set<string>>();
  const taken = async (date: string) => {
    let slugs = takenByDate.get(date);
    if (!slugs) {
      slugs = new Set(await deps.store.listStorySlugs(date, cut.getTime()));
      takenByDate.set(date, slugs);
    }
    return slugs;
  };

  const stories: BuiltStory[] = [];
  const hygiene = emptyHygieneCounts();
  /** Gives a topic's stories their identity: in topic and cluster order, so slugs are deterministic. */
  const settle = async (topic: TopicInFlight) => {
    const built = await topic.built;
    addHygieneCounts(hygiene, built.hygiene);
    // A story built in a worker carries copies of its Manifests: point to the originals.
    const byId = new Map(topic.manifests.map((manifest) => [manifest.id, manifest]));
    for (const { memberIds, continues, story: composed } of built.stories) {
      const earlier = continues === undefined ? undefined : topic.previous[continues];
      let identity: StoryIdentity;
      if (earlier) {
        identity = { date: earlier.date, slug: earlier.slug, publishedAt: earlier.publishedAt };
        (await taken(earlier.date)).add(earlier.slug);
      } else {
        const date = utcDate(cut);
        const slugs = await taken(date);
        identity = {
          date,
          slug: uniqueSlug(slugFromHeadline(composed.headline, memberIds.join(" ")), slugs),
          publishedAt: cut.toISOString(),
        };
        slugs.add(identity.slug);
      }
      const story: Story = {
        ...composed,
        slug: identity.slug,
        ...storyLinks(deps.baseUrl, identity),
        published_at: identity.publishedAt,
        manifests: (composed.manifests ?? []).map((manifest) => byId.get(manifest.id) ?? manifest),
      };
      const result: BuiltStory = {
        topic: topic.topic,
        identity,
        memberIds,
        story,
        continued: earlier !== undefined,
      };
      stories.push(result);
      deps.onStory?.(result);
    }
  };

  const inline = inlineTopicBuilder();
  let workers: TopicBuilder | undefined;
  const inFlight: TopicInFlight[] = [];
  let manifestCount = 0;
  let done = 0;
  const settleFirst = async () => {
    const topic = inFlight.shift();
    if (!topic) return;
    await settle(topic);
    done += 1;
    deps.onTopic?.({
      topic: topic.topic,
      done,
      total: topics.length,
      manifests: topic.manifests.length,
    });
  };
  try {
    for (const topic of topics) {
      const manifests = currentRevisions(await deps.store.listManifests({ ...window, topic }));
      manifests.sort(publicationOrder(manifests));
      manifestCount += manifests.length;
      const topicPrevious = previous.get(topic) ?? [];
      const job: TopicJob = {
        topic,
        manifests,
        previous: topicPrevious,
        cut: cut.toISOString(),
        reuse: deps.reuse,
        limits: deps.limits,
      };
      if (deps.cluster && manifests.length > 0)
        job.clusters = deps.cluster(manifests.map((manifest) => toDocument(manifest, undefined)));
      const large =
        (deps.workers ?? 0) > 0 && manifests.length >= (deps.workerThreshold ?? WORKER_THRESHOLD);
      if (large) workers ??= workerTopicBuilder(deps.workers ?? 1);
      const built = (large && workers ? workers : inline).run(job);
      built.catch(() => undefined); // awaited in order by settleFirst
      inFlight.push({ topic, manifests, previous: topicPrevious, built });
      // One topic waiting per worker besides those being built: memory stays bounded.
      while (inFlight.length > 2 * (deps.workers ?? 0)) await settleFirst();
    }
    while (inFlight.length > 0) await settleFirst();
  } finally {
    await workers?.close();
  }
  return { cut, manifestCount, stories, roundups: buildRoundups(stories), hygiene };
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
