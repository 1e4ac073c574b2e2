// The files of each story of the archive, `index.json` (the Story), `index.md` and the story
// page `index.html` (src/publish/html/story-page.ts), placed in
// one archive bucket per story date (src/tree/archive-buckets.ts). Only stories whose stored version
// changed since the live tree are read from the store and rendered.
import type { Story } from "../api/story.js";
import type { PublishedStory, StoryArchiveReader } from "../store/story-archive.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { bucketKey, bucketName, ensureBucket } from "../tree/archive-buckets.js";
import { RENDER_BATCH, type StoryRenderer, storyRenderer } from "./render-pool.js";
import { renderStoryPage } from "./html/story-page.js";
import { renderStoryMarkdown } from "./render-markdown.js";
import { runConcurrently } from "../shared/run-concurrently.js";
import { STORY_PAGE_FILE } from "../tree/site-links.js";
import type { TreeWriter } from "../tree/write-tree.js";

/**
 * Bump when the rendering of story files changes: every story file is then rendered again
 * instead of being linked from the live tree.
 */
export const STORY_FILES_VERSION = "3";

/**
 * The files of one story, by name, from the story's JSON text as stored. The JSON file is
 * that text itself (compact: the archive's files are read by programs, and pretty-printing
 * 20,000 stories doubled the publishing time).
 */
export function renderStoryFiles(json: string): Record<string, string> {
  const story = JSON.parse(json) as Story;
  return {
    "index.json": `${json}\n`,
    "index.md": renderStoryMarkdown(story),
    [STORY_PAGE_FILE]: renderStoryPage(story),
  };
}

export function storyFilesSource(sha256: string): string {
  return `${sha256}/${STORY_FILES_VERSION}`;
}

/** Story dates being rendered at once. */
const DATES_IN_FLIGHT = 2;

type Row = PublishedStory & { sha256: string };

export interface StoryFilesStats {
  dates: number;
  bucketsWritten: number;
  storiesRendered: number;
  storiesLinked: number;
}

function byDate(rows: readonly Row[]): Map<string, Row[]> {
  const dates = new Map<string, Row[]>();
  for (const row of rows) {
    const list = dates.get(row.date) ?? [];
    list.push(row);
    dates.set(row.date, list);
  }
  return dates;
}

export async function writeStoryFiles(
  writer: TreeWriter,
  store: Pick<StoryArchiveReader, "getStoryTexts">,
  rows: readonly Row[],
  onRender?: () => void,
): Promise<StoryFilesStats> {
  const stats: StoryFilesStats = {
    dates: 0,
    bucketsWritten: 0,
    storiesRendered: 0,
    storiesLinked: 0,
  };
  const dates = [...byDate(rows)].sort(([a], [b]) => (a < b ? -1 : 1));
  const renderer = storyRenderer(storiesInNewBuckets(writer, dates));
  try {
    // Two dates in flight: the threads render and write one date while this thread reads the
    // stories of the next from the store.
    await runConcurrently(dates, DATES_IN_FLIGHT, ([date, stories]) =>
      writeDate(writer, store, date, stories, renderer, stats, onRender),
    );
  } finally {
    await renderer.close();
  }
  return stats;
}

/** Stories of the dates whose bucket does not exist yet: at most what must be rendered. */
function storiesInNewBuckets(writer: TreeWriter, dates: ReadonlyArray<[string, Row[]]>): number {
  let count = 0;
  for (const [date, stories] of dates) {
    const key = bucketKey(
      stories.map((row) => ({ slug: row.slug, source: storyFilesSource(row.sha256) })),
    );
    if (!existsSync(join(writer.paths.archiveDir, `${bucketName(date, key)}.json`))) {
      count += stories.length;
    }
  }
  return count;
}

/** Renders and writes the stories in batches spread over the renderer's threads. */
async function renderInto(
  renderer: StoryRenderer,
  directory: string,
  stories: Array<{ slug: string; json: string }>,
): Promise<void> {
  const batches: Array<Promise<number>> = [];
  for (let start = 0; start < stories.length; start += RENDER_BATCH) {
    batches.push(renderer.run({ directory, stories: stories.slice(start, start + RENDER_BATCH) }));
  }
  const written = (await Promise.all(batches)).reduce((sum, count) => sum + count, 0);
  if (written !== stories.length) {
    throw new Error(`wrote ${written} of ${stories.length} story directories into ${directory}`);
  }
}

async function writeDate(
  writer: TreeWriter,
  store: Pick<StoryArchiveReader, "getStoryTexts">,
  date: string,
  stories: Row[],
  renderer: StoryRenderer,
  stats: StoryFilesStats,
  onRender?: () => void,
): Promise<void> {
  const bySlug = new Map(stories.map((row) => [row.slug, row]));
  const result = await ensureBucket({
    archiveDir: writer.paths.archiveDir,
    date,
    stories: stories.map((row) => ({ slug: row.slug, source: storyFilesSource(row.sha256) })),
    previous: writer.previousBucket(date),
    write: async (directory, slugs) => {
      onRender?.();
      const wanted = slugs.map((slug) => bySlug.get(slug) as Row);
      const texts = await store.getStoryTexts(wanted);
      const stories = wanted.map((row, index) => {
        const json = texts[index];
        if (json !== undefined) return { slug: row.slug, json };
        throw new Error(`story ${row.date}/${row.slug} vanished from the archive while publishing`);
      });
      await renderInto(renderer, directory, stories);
    },
  });
  writer.linkDate(date, result.name);
  stats.dates += 1;
  stats.bucketsWritten += result.reused ? 0 : 1;
  stats.storiesRendered += result.written;
  stats.storiesLinked += result.linked;
}
