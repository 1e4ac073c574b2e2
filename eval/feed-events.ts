// The real feeds as a labelled clustering set: the English items of ../shared/data/real/feeds
// (read as eval/feeds-edition.ts reads them, one minute apart in feed order, or at their own
// publication times) with the events blind judges found among them (feed-events.json, judged
// by the guidelines in feed-events.md). Most items are blog posts and news-site items about
// subjects of their own, so this is the set where unrelated short items of one writer must
// stay apart.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../src/config/package-root.js";
import { toDocument } from "../src/editorial/topic-stories.js";
import type { LabelledDataSet } from "../test/support/real-news.js";
import { realNewsDirectory } from "../test/support/real-news.js";
import { FEEDS_SET, feedManifests } from "./feeds-edition.js";

interface SamePair {
  a: string;
  b: string;
  why: string;
}

interface FeedEventsFile {
  judgedPairs: number;
  same: SamePair[];
}

function readSamePairs(): SamePair[] {
  const path = join(packageRoot(), "eval", "feed-events.json");
  return (JSON.parse(readFileSync(path, "utf8")) as FeedEventsFile).same;
}

/**
 * Event labels (item URL → event) from pairs judged the same story: connected groups of the
 * pairs; every other URL of `urls` is an event of its own. A URL a pair names that is not
 * among `urls` (the feeds changed) is an error, since the labels would then be silently wrong.
 */
export function eventsFromPairs(
  urls: readonly string[],
  pairs: readonly SamePair[],
): Map<string, string> {
  const parent = new Map(urls.map((url) => [url, url]));
  const find = (url: string): string => {
    let root = url;
    while (parent.get(root) !== root) root = parent.get(root)!;
    return root;
  };
  for (const { a, b } of pairs) {
    for (const url of [a, b]) {
      if (!parent.has(url))
        throw new Error(`feed-events.json names ${url}, which no feed item has`);
    }
    const [rootA, rootB] = [find(a), find(b)];
    if (rootA !== rootB) parent.set(rootA < rootB ? rootB : rootA, rootA < rootB ? rootA : rootB);
  }
  return new Map(urls.map((url) => [url, find(url)]));
}

/** Which times the feeds' items carry: the eval window's placement, or each item's own. */
export type FeedTimes = "window" | "own";

/** The set's name when its items carry their own times. */
export const FEEDS_OWN_TIMES_SET = "real_feeds_own_times";

/**
 * The feeds' items with their judged events; undefined when the feeds are not beside the
 * checkout. `times`: "window" places them one minute apart in one 24-hour window, as the
 * held-out edition is built; "own" keeps each item's publication time from its feed, as
 * `svc poll` would take them in over the days and months the feeds span (an item without a
 * date has the capture time, as the poller gives it).
 */
export function loadFeedEvents(times: FeedTimes = "window"): LabelledDataSet | undefined {
  const directory = join(realNewsDirectory(), "feeds");
  if (!existsSync(directory)) return undefined;
  const { manifests, ownTimes } = feedManifests(directory);
  const events = eventsFromPairs(
    manifests.map((manifest) => manifest.url),
    readSamePairs(),
  );
  const documents = manifests.map((manifest) => {
    const document = toDocument(manifest, undefined);
    return times === "own" ? { ...document, publishedAtMs: ownTimes.get(manifest.id)! } : document;
  });
  const labels = new Map(manifests.map((manifest) => [manifest.id, events.get(manifest.url)!]));
  return { name: times === "own" ? FEEDS_OWN_TIMES_SET : FEEDS_SET, documents, labels };
}
