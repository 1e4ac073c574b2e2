// Where story files are rendered and written: worker threads when many stories change (a first
// publish renders every story of the archive: about 8 s of one core for 20,000 stories), the
// calling thread otherwise (starting workers costs more than rendering an edition's few
// hundred). Each thread writes what it renders: sending 30 KB per story back to the main thread
// and writing it there through libuv's pool cost more than the rendering (781,000 futex calls
// for one first publish), and a thread writing synchronously overlaps its disk time with the
// other thread's rendering.
import { writeStoryDirectory } from "../tree/archive-buckets.js";
import { inlinePool, type Pool, workerCount, workerPool } from "../workers/worker-pool.js";
import { renderStoryFiles } from "./story-files.js";

/** Stories to render into `directory`, one sub-directory per slug. */
export interface RenderJob {
  directory: string;
  stories: Array<{ slug: string; json: string }>;
}

/** Answers with the number of story directories written. */
export type StoryRenderer = Pool<RenderJob, number>;

/** Stories to render before workers pay for themselves. */
export const WORKER_THRESHOLD = 2_000;
/** Stories per batch sent to a worker. */
export const RENDER_BATCH = 32;

export function renderAndWrite(job: RenderJob): number {
  for (const story of job.stories) {
    writeStoryDirectory(job.directory, story.slug, renderStoryFiles(story.json));
  }
  return job.stories.length;
}

export function storyRenderer(storiesToRender: number): StoryRenderer {
  const workers = workerCount(0);
  if (storiesToRender < WORKER_THRESHOLD || workers < 2) return inlinePool(renderAndWrite);
  const entry = new URL(
    import.meta.url.endsWith(".ts") ? "./render-worker.ts" : "./render-worker.js",
    import.meta.url,
  );
  return workerPool(entry, workers);
}
