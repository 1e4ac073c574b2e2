// Runs topic jobs where they are cheapest (topic-pool.ts: worker threads for large topics,
// the calling thread for the others) and hands each topic's stories back in job order, so
// that what follows (identities) never depends on thread timing.
import { inlineTopicBuilder, type TopicBuilder, workerTopicBuilder } from "./topic-pool.js";
import type { TopicJob, TopicStories } from "./topic-stories.js";

export interface TopicRunOptions {
  /** Worker threads building large topics, several at once; 0 or absent: the calling thread. */
  workers?: number | undefined;
  /** Topics with at least this many Manifests use the workers (default 500). */
  workerThreshold?: number | undefined;
}

/** Topics whose windows hold at least this many Manifests are built in worker threads. */
const WORKER_THRESHOLD = 500;

/**
 * Builds every job of `jobs` and calls `settle` with each one's stories, in job order. Jobs
 * are taken one at a time: at most one topic waits per worker besides those being built, so
 * memory stays bounded whatever the number of topics.
 */
export async function runTopicJobs(
  jobs: AsyncIterable<TopicJob>,
  options: TopicRunOptions,
  settle: (job: TopicJob, built: TopicStories) => Promise<void>,
): Promise<void> {
  const workerCount = options.workers ?? 0;
  const inline = inlineTopicBuilder();
  let workers: TopicBuilder | undefined;
  const inFlight: Array<{ job: TopicJob; built: Promise<TopicStories> }> = [];
  const settleFirst = async () => {
    const first = inFlight.shift();
    if (first) await settle(first.job, await first.built);
  };
  try {
    for await (const job of jobs) {
      const large =
        workerCount > 0 && job.manifests.length >= (options.workerThreshold ?? WORKER_THRESHOLD);
      if (large) workers ??= workerTopicBuilder(options.workers ?? 1);
      const built = (large && workers ? workers : inline).run(job);
      built.catch(() => undefined); // awaited in order by settleFirst
      inFlight.push({ job, built });
      while (inFlight.length > 2 * workerCount) await settleFirst();
    }
    while (inFlight.length > 0) await settleFirst();
  } finally {
    await workers?.close();
  }
}
