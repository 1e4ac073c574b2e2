// Where story files are rendered: worker threads when many stories change (a first publish
// renders every story of the archive: about 8 s of one core for 20,000 stories), the calling
// thread otherwise (starting workers costs more than rendering an edition's few hundred).
import { inlinePool, type Pool, workerCount, workerPool } from "../workers/worker-pool.js";
import { renderStoryFiles } from "./story-files.js";

export type StoryRenderer = Pool<string[], Array<Record<string, string>>>;

/** Stories to render before workers pay for themselves. */
export const WORKER_THRESHOLD = 2_000;
/** Stories per batch sent to a worker. */
export const RENDER_BATCH = 64;

export function renderEach(texts: string[]): Array<Record<string, string>> {
  return texts.map(renderStoryFiles);
}

export function storyRenderer(storiesToRender: number): StoryRenderer {
  const workers = workerCount(0);
  if (storiesToRender < WORKER_THRESHOLD || workers < 2) return inlinePool(renderEach);
  const entry = new URL(
    import.meta.url.endsWith(".ts") ? "./render-worker.ts" : "./render-worker.js",
    import.meta.url,
  );
  return workerPool(entry, workers);
}
