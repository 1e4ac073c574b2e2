// Publishes a built edition: every file of the spec's static paths, written as a new tree
// beside the live one and switched to in one step (src/tree/write-tree.ts). Story files of the archive
// that did not change are hard-linked from the live tree, so a re-publish costs little.
import { citesDemo } from "../demo/demo-ids.js";
import { createHash } from "node:crypto";
import { openApiDocument } from "../api/openapi.js";
import type { Roundups } from "../api/roundups.js";
import type { ListedStory, Story } from "../api/story.js";
import { summarizeStory } from "../tree/story-summary.js";
import { packageVersion } from "../config/package-root.js";
import { reuseTerms } from "../config/reuse-terms.js";
import { SvcError } from "../errors.js";
import type { PublishedStory, StoryArchiveReader } from "../store/story-archive.js";
import { storySha256 } from "../store/story-rows.js";
import { renderAtomFeed, renderJsonFeed, renderRssFeed } from "./feeds/index.js";
import {
  renderDevelopersPage,
  renderHomePage,
  renderNotFoundPage,
  renderRoundupsPage,
  renderTopicPage,
  SITE_CSS,
} from "./html/index.js";
import {
  jsonFileText,
  type NewsroomEntry,
  renderLatest,
  renderRoundups,
  renderTopicList,
  type TreeStory,
} from "./render-lists.js";
import { renderLlmsTxt } from "./render-llms-txt.js";
import { mcpCatalog, serverCard } from "./server-card.js";
import { siteLinks, topicIndexPath, topicPagePath, TREE_PATHS } from "../tree/site-links.js";
import { STORY_FILES_VERSION, type StoryFilesStats, writeStoryFiles } from "./story-files.js";
import { treePaths } from "../tree/tree-paths.js";
import { pruneTrees, TreeWriter } from "../tree/write-tree.js";
import { DAY_MS } from "../time/cut-time.js";

export interface PublishSettings {
  dataDir: string;
  baseUrl: string;
  serviceName: string;
  providerName: string;
  listWindowDays: number;
  archiveDays: number;
  keepTrees: number;
  /** When set, openapi.json announces the deprecation the server's headers carry. */
  deprecationAt?: Date | undefined;
  sunsetAt?: Date | undefined;
  deprecationLink?: string | undefined;
}

/** The deprecation openapi.json describes, from the same settings as the server's headers. */
function deprecationOf(settings: PublishSettings) {
  if (settings.deprecationAt === undefined) return {};
  return {
    deprecation: {
      deprecatedAt: settings.deprecationAt.toISOString(),
      ...(settings.sunsetAt === undefined ? {} : { sunsetAt: settings.sunsetAt.toISOString() }),
      ...(settings.deprecationLink === undefined ? {} : { link: settings.deprecationLink }),
    },
  };
}

export type PublishStep =
  "planned" | "files" | "rendering" | "stories" | "committed" | "switched" | "pruned";

export interface PublishDeps {
  /** The story archive, read only: the edition, its stories' summaries and texts. */
  store: StoryArchiveReader;
  settings: PublishSettings;
  /** Every newsroom (configured ones and topics found in Manifests), in listing order. */
  newsrooms: readonly NewsroomEntry[];
  /** Called as publishing passes each step (progress, and crash tests). */
  onStep?: (step: PublishStep) => void;
}

export interface PublishSummary {
  cut: string;
  tree: string;
  stories: number;
  archived: number;
  /** Files other than story files: written, or linked from the live tree when unchanged. */
  filesWritten: number;
  filesLinked: number;
  /** Story dates whose archive bucket was written (the others were linked as they were). */
  bucketsWritten: number;
  storiesRendered: number;
  storiesLinked: number;
  treesRemoved: number;
  bucketsRemoved: number;
  seconds: number;
}

/** Stories saved before summaries were stored get theirs from their text, once, here. */
async function completeLegacyRows(
  store: Pick<StoryArchiveReader, "getStoryTexts">,
  rows: PublishedStory[],
): Promise<Array<PublishedStory & { summaryJson: string; sha256: string }>> {
  const legacy = rows.filter((row) => row.summaryJson === null || row.sha256 === null);
  const texts = await store.getStoryTexts(legacy);
  legacy.forEach((row, index) => {
    const text = texts[index] ?? "{}";
    row.summaryJson = JSON.stringify(summarizeStory(JSON.parse(text) as Story, row.topic));
    row.sha256 = storySha256(text);
  });
  return rows as Array<PublishedStory & { summaryJson: string; sha256: string }>;
}

function feedFiles(settings: PublishSettings, cutMs: number, stories: readonly ListedStory[]) {
  const links = siteLinks(settings.baseUrl);
  const input = {
    title: `${settings.serviceName}: latest stories`,
    description:
      "Every story of the last days, newest first. Every claim in a story cites Manifest ids.",
    homePageUrl: links.home,
    feedUrls: { json: links.feeds.json_feed, rss: links.feeds.rss, atom: links.feeds.atom },
    generatedAt: new Date(cutMs).toISOString(),
    language: "en",
    stories: [...stories],
  };
  return {
    [TREE_PATHS.jsonFeed]: renderJsonFeed(input),
    [TREE_PATHS.rssFeed]: renderRssFeed(input),
    [TREE_PATHS.atomFeed]: renderAtomFeed(input),
  };
}

/** The HTML pages of the tree other than story pages (docs/pages.md), by path. */
function pageFiles(
  deps: PublishDeps,
  cutMs: number,
  windowStories: readonly TreeStory[],
  roundups: Roundups["roundups"],
): Record<string, string> {
  const { settings, newsrooms } = deps;
  const links = siteLinks(settings.baseUrl);
  const reuse = reuseTerms(settings);
  const credit = reuse.attribution ?? settings.serviceName;
  const siteName = settings.serviceName;
  const fictional = windowStories.some((story) => citesDemo(story.summary.cited_manifest_ids));
  const lists = { siteName, links, cutMs, newsrooms, stories: windowStories, credit, fictional };
  const files: Record<string, string> = {
    [TREE_PATHS.stylesheet]: SITE_CSS,
    [TREE_PATHS.homePage]: renderHomePage(lists),
    [TREE_PATHS.roundupsPage]: renderRoundupsPage({
      siteName,
      links,
      cutMs,
      roundups,
      credit,
      fictional,
    }),
    [TREE_PATHS.developersPage]: renderDevelopersPage({
      siteName,
      links,
      cutMs,
      newsrooms,
      sampleStory: windowStories.find((story) => story.cutMs === cutMs)?.summary,
      reuse,
      fictional,
      ...(settings.deprecationAt === undefined
        ? {}
        : {
            deprecation: {
              deprecatedAt: settings.deprecationAt,
              sunsetAt: settings.sunsetAt,
              link: settings.deprecationLink,
            },
          }),
    }),
    [TREE_PATHS.notFoundPage]: renderNotFoundPage({ siteName, links, newsrooms, fictional }),
  };
  for (const newsroom of newsrooms) {
    files[topicPagePath(newsroom.id)] = renderTopicPage(lists, newsroom);
  }
  return files;
}

/** Every file of the tree except the story files, by path. */
function listFiles(
  deps: PublishDeps,
  cutMs: number,
  windowStories: readonly TreeStory[],
  roundups: Roundups["roundups"],
): Record<string, string> {
  const { settings, newsrooms } = deps;
  const links = siteLinks(settings.baseUrl);
  const cardObject = serverCard({ baseUrl: settings.baseUrl, serviceName: settings.serviceName });
  const card = jsonFileText(cardObject);
  const files: Record<string, string> = {
    [TREE_PATHS.latest]: jsonFileText(
      renderLatest({ cutMs, stories: windowStories, newsrooms, links }),
    ),
    [TREE_PATHS.roundups]: jsonFileText(renderRoundups(cutMs, roundups)),
    [TREE_PATHS.reuse]: jsonFileText(
      reuseTerms({
        baseUrl: settings.baseUrl,
        serviceName: settings.serviceName,
        providerName: settings.providerName,
      }),
    ),
    [TREE_PATHS.openApi]: jsonFileText(
      openApiDocument({
        baseUrl: settings.baseUrl,
        serviceName: settings.serviceName,
        developerPageUrl: links.developers,
        ...deprecationOf(settings),
      }),
    ),
    [TREE_PATHS.serverCard]: card,
    [TREE_PATHS.serverCardAtMcp]: card,
    [TREE_PATHS.mcpCatalog]: jsonFileText(
      mcpCatalog(cardObject, settings.baseUrl, settings.serviceName),
    ),
    [TREE_PATHS.llmsTxt]: renderLlmsTxt({
      serviceName: settings.serviceName,
      cutMs,
      links,
      newsrooms,
      latest: windowStories.filter((story) => story.cutMs === cutMs),
    }),
    ...feedFiles(
      settings,
      cutMs,
      windowStories.map((story) => story.summary),
    ),
  };
  for (const newsroom of newsrooms) {
    files[topicIndexPath(newsroom.id)] = jsonFileText(
      renderTopicList({ cutMs, newsroom, stories: windowStories, links }),
    );
  }
  return { ...files, ...pageFiles(deps, cutMs, windowStories, roundups) };
}

/**
 * Bump when what the publisher writes changes in a way the inputs below do not show (a new
 * file, a new field): the next publish then renders every list file again.
 */
const TREE_FORMAT_VERSION = "2";

/** A hash of everything a tree is made from; equal hashes make equal trees. */
function inputsHash(
  deps: PublishDeps,
  cutMs: number,
  rows: ReadonlyArray<PublishedStory & { sha256: string }>,
  roundupsJson: string,
): string {
  const { settings } = deps;
  const hash = createHash("sha256");
  hash.update(
    JSON.stringify([
      TREE_FORMAT_VERSION,
      STORY_FILES_VERSION,
      packageVersion(),
      cutMs,
      [settings.baseUrl, settings.serviceName, settings.providerName],
      [settings.listWindowDays, settings.archiveDays],
      deprecationOf(settings),
      deps.newsrooms,
      roundupsJson,
    ]),
  );
  for (const row of rows) hash.update(`${row.cutMs} ${row.date} ${row.slug} ${row.sha256}\n`);
  return hash.digest("hex");
}

/** Publishes the newest edition cut at or before `at`; throws when none has been built. */
export async function publishEdition(at: Date, deps: PublishDeps): Promise<PublishSummary> {
  const started = performance.now();
  const { store, settings } = deps;
  const edition = await store.latestEdition(at.getTime());
  if (edition === undefined) {
    throw new SvcError(
      "no_edition",
      `no edition has been built for a cut at or before ${at.toISOString()}`,
      "run `svc build` first (or `svc build --at TIME` for an earlier cut)",
    );
  }
  const cutMs = edition.cutMs;
  const archiveFrom = settings.archiveDays === 0 ? 0 : cutMs - settings.archiveDays * DAY_MS;
  const rows = await completeLegacyRows(
    store,
    await store.listPublishedStories(archiveFrom, cutMs),
  );
  const windowFrom = cutMs - settings.listWindowDays * DAY_MS;
  const windowStories: TreeStory[] = rows
    .filter((row) => row.cutMs > windowFrom)
    .map((row) => ({ cutMs: row.cutMs, summary: JSON.parse(row.summaryJson) as ListedStory }));
  const record = await store.getEdition(cutMs);
  const roundups = JSON.parse(record?.roundupsJson ?? "[]") as Roundups["roundups"];
  deps.onStep?.("planned");

  const inputs = inputsHash(deps, cutMs, rows, record?.roundupsJson ?? "[]");
  const writer = await TreeWriter.start(treePaths(settings.dataDir), cutMs, inputs);
  try {
    let storyFiles: StoryFilesStats = {
      dates: 0,
      bucketsWritten: 0,
      storiesRendered: 0,
      storiesLinked: 0,
    };
    if (writer.unchanged) {
      // Made from the same inputs as the live tree: every file would come out the same.
      writer.reuseEverything();
      deps.onStep?.("files");
    } else {
      for (const [path, text] of Object.entries(listFiles(deps, cutMs, windowStories, roundups))) {
        writer.add(path, text);
      }
      deps.onStep?.("files");
      storyFiles = await writeStoryFiles(writer, store, rows, () => deps.onStep?.("rendering"));
    }
    deps.onStep?.("stories");
    const tree = writer.commit({ beforeSwitch: () => deps.onStep?.("committed") });
    deps.onStep?.("switched");
    const pruned = pruneTrees(treePaths(settings.dataDir), settings.keepTrees);
    deps.onStep?.("pruned");
    return {
      cut: new Date(cutMs).toISOString(),
      tree,
      stories: windowStories.filter((story) => story.cutMs === cutMs).length,
      archived: rows.length,
      filesWritten: writer.stats.written,
      filesLinked: writer.stats.linked,
      bucketsWritten: storyFiles.bucketsWritten,
      storiesRendered: storyFiles.storiesRendered,
      storiesLinked: storyFiles.storiesLinked,
      treesRemoved: pruned.trees,
      bucketsRemoved: pruned.buckets,
      seconds: Math.round(performance.now() - started) / 1000,
    };
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    await writer.release();
  }
}
