// Where stories are composed: worker threads for large editions, the calling thread for small
// ones (starting workers costs more than composing a few hundred stories).
import { inlinePool, type Pool, workerPool } from "../../workers/worker-pool.js";
import { type ComposedStory, type ComposeJob, composeJobs } from "./compose-jobs.js";

export type Composer = Pool<ComposeJob[], ComposedStory[]>;

export function inlineComposer(): Composer {
  return inlinePool(composeJobs);
}

export function workerComposer(workers: number): Composer {
  const entry = new URL(
    import.meta.url.endsWith(".ts") ? "./compose-worker.ts" : "./compose-worker.js",
    import.meta.url,
  );
  return workerPool(entry, workers, 64);
}
