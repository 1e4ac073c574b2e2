// Builds the edition of one cut: reads each topic's Manifests of (T-24h, T], groups them into
// events, gives every event a story identity (continuing stories of the previous 24 hours)
// and composes the stories. Everything but reading the store is pure, and the cut is the only
// clock: the same store and cut give the same edition, byte for byte.
import type { ReuseTerms } from "../api/reuse-terms.js";
import type { Story } from "../api/story.js";
import type { Manifest } from "../manifests/schema.js";
import type { ArchivedStory, ManifestStore } from "../store/manifest-store.js";
import type { ClusterDocument } from "./cluster/cluster-documents.js";
import type { ComposedStory } from "./compose/compose-jobs.js";
import { type Composer, inlineComposer, workerComposer } from "./compose/compose-pool.js";
import type { StoryIdentity } from "./compose/compose-story.js";
import type { StoryLimits } from "./compose/limits.js";
import { EDITION_WINDOW_MS, editionWindow, utcDate } from "./cut-time.js";
import { matchPreviousStories, type PreviousStory } from "./identity/continue-stories.js";
import { slugFromHeadline, uniqueSlug } from "./identity/slug.js";
import { buildRoundups, type Roundup } from "./roundups.js";
import { findBoilerplateLines } from "./hygiene/boilerplate-lines.js";
import {
  addHygieneCounts,
  emptyHygieneCounts,
  type HygieneCounts,
} from "./hygiene/drop-reasons.js";
import { type ManifestReading, readManifest } from "./text/manifest-reading.js";
import { TermDictionary } from "./text/term-dictionary.js";
import { summarizeStory } from "./story-summary.js";

export interface BuildDeps {
  store: ManifestStore;
  /** Groups one topic's documents into events (src/build/cluster). */
  cluster: (documents: readonly ClusterDocument[]) => string[][];
  /** Topics to build besides those found in the store (configured newsrooms). */
  topics: readonly string[];
  baseUrl: string;
  reuse: ReuseTerms;
  limits: StoryLimits;
  /** Worker threads composing stories of large topics; 0 or absent: the calling thread. */
  workers?: number;
  /** Topics with at least this many Manifests in the window use the workers (default 500). */
  workerThreshold?: number;
  /** Called with each story as soon as it is complete (to write it while others are built). */
  onStory?: (story: BuiltStory) => void;
  /** Called as each topic has been clustered and its stories handed to the composers. */
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

export function storyLinks(baseUrl: string, identity: Pick<StoryIdentity, "date" | "slug">) {
  const url = `${baseUrl}/stories/${identity.date}/${identity.slug}/`;
  return { url, json: `${url}index.json`, markdown: `${url}index.md` };
}

/** Orders Manifests by publication time, then id; each time is parsed once, not per comparison. */
function publicationOrder(manifests: readonly Manifest[]): (a: Manifest, b: Manifest) => number {
  const times = new Map(manifests.map((manifest) => [manifest, Date.parse(manifest.published_at)]));
  return (a, b) => times.get(a)! - times.get(b)! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function toDocument(manifest: Manifest, reading: ManifestReading | undefined): ClusterDocument {
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
 * Each Manifest of a topic read once, for clustering and composition alike (one dictionary,
 * so that term ids compare across the topic), with the lines its publisher repeats. Each
 * reading is taken out as its cluster is queued for composition.
 */
function readTopic(
  manifests: readonly Manifest[],
  boilerplate: ReadonlyMap<Manifest, string[]>,
): Map<Manifest, ManifestReading> {
  const dictionary = new TermDictionary();
  return new Map(
    manifests.map((manifest) => [
      manifest,
      readManifest(manifest, dictionary, boilerplate.get(manifest)),
    ]),
  );
}

/** The lines each Manifest's publisher repeats across unrelated Manifests of the topic. */
function topicBoilerplate(manifests: readonly Manifest[]): Map<Manifest, string[]> {
  const lines = findBoilerplateLines(
    manifests.map((manifest) => ({
      publisherDomain: manifest.publisher.domain,
      title: manifest.title,
      text: manifest.text,
    })),
  );
  const byManifest = new Map<Manifest, string[]>();
  manifests.forEach((manifest, index) => {
    if ((lines[index] ?? []).length > 0) byManifest.set(manifest, lines[index]!);
  });
  return byManifest;
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

function takeReading(readings: Map<Manifest, ManifestReading>, manifest: Manifest) {
  const reading = readings.get(manifest) as ManifestReading;
  readings.delete(manifest);
  return reading;
}

/** A cluster waiting for its composed story and its identity. */
interface PendingStory {
  topic: string;
  cluster: Manifest[];
  continues: PreviousStory | undefined;
  /** Readings of the cluster's Manifests, when composed on this thread. */
  readings: ManifestReading[] | undefined;
  /** Lines each Manifest's publisher repeats, for a worker that reads the cluster itself. */
  boilerplate: string[][] | undefined;
}

/** Topics whose windows hold at least this many Manifests are composed in worker threads. */
const WORKER_THRESHOLD = 500;
/** Manifests per batch sent to a composing worker. */
const BATCH_MANIFESTS = 400;

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
  /** Gives a composed story its identity: in cluster order, so slugs are deterministic. */
  const settle = async (pending: PendingStory, composed: Story) => {
    const { cluster, continues: earlier } = pending;
    let identity: StoryIdentity;
    if (earlier) {
      identity = { date: earlier.date, slug: earlier.slug, publishedAt: earlier.publishedAt };
      (await taken(earlier.date)).add(earlier.slug);
    } else {
      const date = utcDate(cut);
      const slugs = await taken(date);
      const seed = cluster.map((manifest) => manifest.id).join(" ");
      identity = {
        date,
        slug: uniqueSlug(slugFromHeadline(composed.headline, seed), slugs),
        publishedAt: cut.toISOString(),
      };
      slugs.add(identity.slug);
    }
    // A story composed in a worker carries copies of its Manifests: point to the originals.
    const byId = new Map(cluster.map((manifest) => [manifest.id, manifest]));
    const story: Story = {
      ...composed,
      slug: identity.slug,
      ...storyLinks(deps.baseUrl, identity),
      published_at: identity.publishedAt,
      manifests: (composed.manifests ?? []).map((manifest) => byId.get(manifest.id) ?? manifest),
    };
    const built: BuiltStory = {
      topic: pending.topic,
      identity,
      memberIds: cluster.map((manifest) => manifest.id),
      story,
      continued: earlier !== undefined,
    };
    stories.push(built);
    deps.onStory?.(built);
  };

  let composer: Composer | undefined;
  const inline = inlineComposer();
  const hygiene = emptyHygieneCounts();
  const inFlight: Array<{ pending: PendingStory[]; stories: Promise<ComposedStory[]> }> = [];
  const drainOne = async () => {
    const batch = inFlight.shift();
    if (!batch) return;
    const composed = await batch.stories;
    for (const [index, pending] of batch.pending.entries()) {
      const { story, hygiene: counts } = composed[index] as ComposedStory;
      addHygieneCounts(hygiene, counts);
      await settle(pending, story);
    }
  };
  const submit = async (pool: Composer, pending: PendingStory[]) => {
    const jobs = pending.map((item) => ({
      topic: item.topic,
      manifests: item.cluster,
      cut: cut.toISOString(),
      reuse: deps.reuse,
      limits: deps.limits,
      readings: item.readings,
      boilerplate: item.boilerplate,
    }));
    const composed = pool.run(jobs);
    composed.catch(() => undefined); // awaited in order by drainOne
    inFlight.push({ pending, stories: composed });
    while (inFlight.length > pool.parallelism) await drainOne();
  };

  let manifestCount = 0;
  try {
    for (const [topicIndex, topic] of topics.entries()) {
      const manifests = await deps.store.listManifests({ ...window, topic });
      const byPublication = publicationOrder(manifests);
      manifests.sort(byPublication);
      manifestCount += manifests.length;
      const progress = { topic, done: topicIndex + 1, total: topics.length };
      if (manifests.length === 0) {
        deps.onTopic?.({ ...progress, manifests: 0 });
        continue;
      }
      const useWorkers =
        (deps.workers ?? 0) > 0 && manifests.length >= (deps.workerThreshold ?? WORKER_THRESHOLD);
      // Worker threads read their clusters themselves (a reading's ids need its dictionary).
      const boilerplate = topicBoilerplate(manifests);
      const readings = useWorkers ? undefined : readTopic(manifests, boilerplate);
      const byId = new Map(manifests.map((manifest) => [manifest.id, manifest]));
      const clusters = deps
        .cluster(manifests.map((manifest) => toDocument(manifest, readings?.get(manifest))))
        .map((ids) => ids.map((id) => byId.get(id) as Manifest).sort(byPublication))
        .sort((a, b) => byPublication(a[0] as Manifest, b[0] as Manifest));
      const { continues } = matchPreviousStories(
        clusters.map((cluster) => cluster.map((manifest) => manifest.id)),
        previous.get(topic) ?? [],
      );
      if (useWorkers) composer ??= workerComposer(deps.workers ?? 1);
      const pool = useWorkers && composer ? composer : inline;
      let batch: PendingStory[] = [];
      let batchSize = 0;
      for (const [index, cluster] of clusters.entries()) {
        // Taken out of the topic's map: a reading lives until its story is composed.
        const clusterReadings =
          readings && cluster.map((manifest) => takeReading(readings, manifest));
        const clusterBoilerplate =
          useWorkers && cluster.some((manifest) => boilerplate.has(manifest))
            ? cluster.map((manifest) => boilerplate.get(manifest) ?? [])
            : undefined;
        batch.push({
          topic,
          cluster,
          continues: continues[index],
          readings: clusterReadings,
          boilerplate: clusterBoilerplate,
        });
        batchSize += cluster.length;
        if (batchSize >= BATCH_MANIFESTS) {
          await submit(pool, batch);
          [batch, batchSize] = [[], 0];
        }
      }
      if (batch.length > 0) await submit(pool, batch);
      deps.onTopic?.({ ...progress, manifests: manifests.length });
    }
    while (inFlight.length > 0) await drainOne();
  } finally {
    await composer?.close();
  }
  return { cut, manifestCount, stories, roundups: buildRoundups(stories), hygiene };
}

/** Stores an edition in the story archive (replacing an earlier build of the same cut). */
export async function saveEdition(store: ManifestStore, edition: Edition): Promise<void> {
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
