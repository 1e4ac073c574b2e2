// Everything the eval reports about one real set: B-cubed of our clustering and of the
// baseline, junk shares of the stories, and the hygiene stage's drop counts.
import type { Edition } from "../src/editorial/build-edition.js";
import { bcubed, type BCubedScore } from "../src/editorial/cluster/bcubed.js";
import { bcubedInterval, type F1Interval } from "../src/editorial/cluster/bcubed-interval.js";
import { withBuilderReadings } from "../src/editorial/cluster/builder-readings.js";
import { clusterDocuments } from "../src/editorial/cluster/cluster-documents.js";
import type { HygieneCounts } from "../src/editorial/hygiene/drop-reasons.js";
import type { LabelledDataSet } from "../test/support/real-news.js";
import {
  factLists,
  readPairVerdicts,
  type RestatedShare,
  restatedShare,
} from "./audit/restatements.js";
import { type StoryPartRow, storyParts } from "./audit/story-parts.js";
import { type AnyVerdict, auditSet, readVerdicts, type SetAudit } from "./audit/verdicts.js";
import { buildSet } from "./build-set.js";
import { FEEDS_SET, type FeedsEdition } from "./feeds-edition.js";
import { editionJunk, type EditionJunk } from "./junk-shares.js";
import { BASELINE_THRESHOLD, tfidfAverageLinkClusters } from "./tfidf-baseline.js";

/** B-cubed of a grouping, with its F1's bootstrap interval over the set's events. */
export type GroupingScore = BCubedScore & { interval: F1Interval | undefined };

function groupingScore(
  groups: readonly (readonly string[])[],
  labels: ReadonlyMap<string, string>,
): GroupingScore {
  return { ...bcubed(groups, labels), interval: bcubedInterval(groups, labels) };
}

export interface SetEvaluation {
  name: string;
  documents: number;
  events: number;
  stories: number;
  ours: GroupingScore;
  baseline: GroupingScore;
  junk: EditionJunk;
  /** The blind audit's verdicts on today's output (eval/audit/README.md). */
  audit: SetAudit;
  /** Key facts restating an earlier one of their story, by the pair verdicts (restatements.ts). */
  restated: RestatedShare;
  /** The rows of today's output a reader judges (eval/audit/story-parts.ts). */
  parts: StoryPartRow[];
  /** Undefined when the builder does not report hygiene counts. */
  hygiene: HygieneCounts | undefined;
  buildMs: number;
}

/**
 * The stories' groups, and each document of no story (its event held back: composeStory) as a
 * group of its own, so that a held document still counts against the grouping.
 */
function withHeldItems(edition: Edition, ids: readonly string[]): string[][] {
  const groups = edition.stories.map((story) => story.memberIds);
  const grouped = new Set(groups.flat());
  for (const id of ids) if (!grouped.has(id)) groups.push([id]);
  return groups;
}

/**
 * Builds a set's edition and measures it; the blind audit reads eval/audit/verdicts.json and
 * `verdicts` (an outside set's, given with `npm run eval -- --verdicts FILE`).
 */
export async function evaluateSet(
  set: LabelledDataSet,
  verdicts: readonly AnyVerdict[] = [],
): Promise<SetEvaluation> {
  const started = performance.now();
  const { edition } = await buildSet(set);
  const buildMs = performance.now() - started;
  const parts = storyParts(edition);
  return {
    name: set.name,
    documents: set.documents.length,
    events: new Set(set.labels.values()).size,
    stories: edition.stories.length,
    ours: groupingScore(
      withHeldItems(
        edition,
        set.documents.map((document) => document.id),
      ),
      set.labels,
    ),
    baseline: groupingScore(
      tfidfAverageLinkClusters(set.documents, BASELINE_THRESHOLD),
      set.labels,
    ),
    junk: editionJunk(edition),
    audit: auditSet(set.name, parts, [...readVerdicts().verdicts, ...verdicts]),
    restated: restatedShare(factLists(set.name, edition), readPairVerdicts()),
    parts,
    hygiene: edition.hygiene,
    buildMs,
  };
}

/**
 * Our clustering of a labelled set's documents at their own times, each read as the builder
 * reads a topic (builder-readings.ts), scored against the set's events.
 */
export function builderGrouping(set: LabelledDataSet): GroupingScore {
  return groupingScore(clusterDocuments(withBuilderReadings(set).documents), set.labels);
}

/** B-cubed of our grouping and the baseline's against events judged blind (feed-events.ts). */
export interface FeedsGrouping {
  events: number;
  ours: GroupingScore;
  baseline: GroupingScore;
  /** Every item a story of its own: what grouping has to beat where most items stand alone. */
  alone: GroupingScore;
  /**
   * Ours on the items at their own publication times (loadFeedEvents("own")), read as the
   * builder reads them: what the feeds give `svc poll` over the days and months they span,
   * where the edition squeezes them into one window. Undefined without that set.
   */
  oursOwnTimes: GroupingScore | undefined;
}

/** What the eval reads off the held-out feeds edition (feeds-edition.ts). */
export interface FeedsEvaluation {
  feeds: number;
  items: number;
  stories: number;
  /** Undefined without judged events for the feeds. */
  grouping: FeedsGrouping | undefined;
  junk: EditionJunk;
  audit: SetAudit;
  restated: RestatedShare;
  hygiene: HygieneCounts | undefined;
}

export function evaluateFeeds(
  { feeds, manifests, edition }: FeedsEdition,
  events: LabelledDataSet | undefined,
  eventsAtOwnTimes?: LabelledDataSet,
): FeedsEvaluation {
  return {
    feeds,
    items: manifests.length,
    stories: edition.stories.length,
    grouping: events && {
      events: new Set(events.labels.values()).size,
      ours: groupingScore(
        withHeldItems(
          edition,
          manifests.map((manifest) => manifest.id),
        ),
        events.labels,
      ),
      baseline: groupingScore(
        tfidfAverageLinkClusters(events.documents, BASELINE_THRESHOLD),
        events.labels,
      ),
      alone: groupingScore(
        events.documents.map((document) => [document.id]),
        events.labels,
      ),
      oursOwnTimes: eventsAtOwnTimes && builderGrouping(eventsAtOwnTimes),
    },
    junk: editionJunk(edition),
    audit: auditSet(FEEDS_SET, storyParts(edition), readVerdicts().verdicts),
    restated: restatedShare(factLists(FEEDS_SET, edition), readPairVerdicts()),
    hygiene: edition.hygiene,
  };
}

export interface DemoScore {
  name: string;
  score: BCubedScore;
}

/** B-cubed of the real clustering on each demo topic. */
export function evaluateDemo(topics: readonly LabelledDataSet[]): DemoScore[] {
  return topics.map((topic) => ({
    name: topic.name,
    score: bcubed(clusterDocuments(topic.documents), topic.labels),
  }));
}
