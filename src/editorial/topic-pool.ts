// Where topics are built: worker threads for large ones when the builder is given workers,
// the calling thread otherwise (starting a worker costs more than building a small topic).
// A worker builds a whole topic (topic-stories.ts), reading, grouping and composing it, so
// nothing is read twice and only Manifests and stories cross between threads.
import { inlinePool, type Pool, workerPool } from "../workers/worker-pool.js";
import { composeTopic, type TopicJob, type TopicStories } from "./topic-stories.js";

export type TopicBuilder = Pool<TopicJob, TopicStories>;

export function inlineTopicBuilder(): TopicBuilder {
  return inlinePool(composeTopic);
}

export function workerTopicBuilder(workers: number): TopicBuilder {
  const entry = new URL(
    import.meta.url.endsWith(".ts") ? "./topic-worker.ts" : "./topic-worker.js",
    import.meta.url,
  );
  return workerPool(entry, workers, 64);
}
