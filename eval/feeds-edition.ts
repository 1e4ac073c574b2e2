// The feeds edition: every English item of the real feeds in ../shared/data/real/feeds, read
// by the poller's own item reader (itemToManifest) as `svc poll` reads them, placed in one
// 24-hour window and built like a real set. No story rule is chosen on it: the blind audit
// judges its stories to say how the editorial stage does on text it was not tuned on
// (docs/stories.md, "Independent audit"). The events blind judges found among its items
// (feed-events.ts) measure its grouping, and, at the items' own times, are one of the four
// sets the clustering's constants are chosen on (src/editorial/cluster/README.md).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildEdition, type Edition } from "../src/editorial/build-edition.js";
import { DEFAULT_STORY_LIMITS, type StoryLimits } from "../src/editorial/compose/limits.js";
import type { Manifest } from "../src/manifests/schema.js";
import {
  decodeFeedBytes,
  detectFeedLanguage,
  itemToManifest,
  parseFeedText,
} from "../src/poll/items/index.js";
import { SqliteManifestStore } from "../src/store/sqlite/sqlite-store.js";
import { DAY_MS } from "../src/time/cut-time.js";
import { realNewsDirectory } from "../test/support/real-news.js";
import { evalDeps, ingest } from "./build-set.js";
import { EVAL_PROVIDER, EVAL_TOPIC } from "./manifests-from-set.js";

/** The set name its verdicts are filed under (eval/audit/verdicts.json). */
export const FEEDS_SET = "real_feeds";
/** The window the items are placed in, one minute apart in feed order, and its cut. */
const WINDOW_START_MS = Date.UTC(2026, 10, 20, 12, 0, 0);
const CUT = new Date(WINDOW_START_MS + DAY_MS);
const MINUTE_MS = 60_000;

export interface FeedsEdition {
  feeds: number;
  manifests: Manifest[];
  edition: Edition;
}

function feedFiles(directory: string): string[] {
  return readdirSync(directory)
    .filter((name) => /\.(?:xml|json)$/u.test(name) && name !== "MANIFEST.json")
    .sort();
}

/**
 * The English feeds' items as Manifests of one topic, in the window before CUT, and each
 * item's own publication time (by Manifest id) as `svc poll` reads it from its feed: the
 * items of one feed span days to months, which one 24-hour window squeezes together.
 */
export function feedManifests(directory = feedsDirectory()): {
  feeds: number;
  manifests: Manifest[];
  ownTimes: Map<string, number>;
} {
  const manifests: Manifest[] = [];
  const ownTimes = new Map<string, number>();
  let feeds = 0;
  for (const name of feedFiles(directory)) {
    const feedUrl = `https://feeds.eval/${encodeURIComponent(name)}`;
    const feed = parseFeedText(
      decodeFeedBytes(readFileSync(join(directory, name)), undefined),
      feedUrl,
    );
    // As the poller does: a feed that declares no language is judged on its items together.
    const language = feed.language ?? detectFeedLanguage(feed) ?? "";
    if (!language.toLowerCase().startsWith("en")) continue;
    feeds++;
    const context = {
      ...(feed.language === undefined ? { language } : {}),
      feedUrl,
      feedKey: name.replace(/[^a-z0-9]+/giu, "-"),
      topic: EVAL_TOPIC,
      provider: EVAL_PROVIDER,
      capturedAt: CUT,
    };
    for (const item of feed.items) {
      const outcome = itemToManifest(item, feed, context);
      if (!outcome.ok) continue;
      // A day holds 1,440 minutes: more items than that would share minutes, not leave it.
      const minute = manifests.length % (DAY_MS / MINUTE_MS - 1);
      ownTimes.set(outcome.manifest.id, Date.parse(outcome.manifest.published_at));
      manifests.push({
        ...outcome.manifest,
        published_at: new Date(WINDOW_START_MS + minute * MINUTE_MS).toISOString(),
      });
    }
  }
  return { feeds, manifests, ownTimes };
}

function feedsDirectory(): string {
  return join(realNewsDirectory(), "feeds");
}

/** Whether the real feeds are beside the checkout (../shared/data/real/feeds). */
export function feedsPresent(): boolean {
  return existsSync(feedsDirectory());
}

/**
 * The held-out edition, or undefined when the feeds are not beside the checkout; `limits`:
 * the story limits to build with (the shipped ones unless a comparison tries others).
 */
export async function buildFeedsEdition(
  limits: StoryLimits = DEFAULT_STORY_LIMITS,
): Promise<FeedsEdition | undefined> {
  if (!feedsPresent()) return undefined;
  const directory = feedsDirectory();
  const { feeds, manifests } = feedManifests(directory);
  const work = mkdtempSync(join(tmpdir(), "svc-eval-feeds-"));
  const store = new SqliteManifestStore({ path: join(work, "svc.sqlite") });
  try {
    await ingest(store, FEEDS_SET, manifests);
    return { feeds, manifests, edition: await buildEdition(CUT, evalDeps(store, limits)) };
  } finally {
    await store.close();
    rmSync(work, { recursive: true, force: true });
  }
}
