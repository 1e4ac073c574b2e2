// The two indexes built from each tree a server loads: /ask's fact index (load-facts.ts) and
// the MCP tools' story index (story-index.ts); the server only starts them
// (src/server/ask/ask-wiring.ts, src/server/mcp/edition-catalog.ts). Each reads 30 days of story files;
// for a large archive that reading is done in a worker thread that ends with the job, so
// that its garbage (JSON of every story, 300 MB for 14,000 stories) never grows the server's
// heap: only the index, copied back, stays (about 80 MB). The same answer comes back
// either way. A small tree is indexed on the calling thread, where starting a worker would
// cost more than the reading.
import { storyFilePaths } from "../tree/read-story-files.js";
import { workerPool } from "../workers/worker-pool.js";
import { firstReachableDate, type LoadedFacts, loadFacts } from "./load-facts.js";
import { readStoryDigests } from "./read-story-digests.js";
import { buildStoryIndex, type StoryIndex } from "./story-index.js";

/** Stories within reach from which indexing moves to a worker thread. */
export const OFF_THREAD_STORIES = 2_000;

export type IndexJob =
  | { kind: "facts"; treeRoot: string; cutMs: number }
  | { kind: "stories"; treeRoot: string; sinceDate: string };

export interface IndexJobResults {
  facts: LoadedFacts;
  stories: StoryIndex;
}

/** Runs a job on this thread (the worker runs this too). */
export async function runIndexJob(job: IndexJob): Promise<LoadedFacts | StoryIndex> {
  if (job.kind === "facts") return loadFacts(job.treeRoot, job.cutMs);
  return buildStoryIndex((await readStoryDigests(job.treeRoot, job.sinceDate)).digests);
}

function sinceDateOf(job: IndexJob): string {
  return job.kind === "stories" ? job.sinceDate : firstReachableDate(job.cutMs);
}

/**
 * Runs `job` in a worker thread of its own when at least `offThreadFrom` stories are within
 * its reach, on this thread otherwise.
 */
export async function indexTree<Job extends IndexJob>(
  job: Job,
  offThreadFrom = OFF_THREAD_STORIES,
): Promise<IndexJobResults[Job["kind"]]> {
  const stories = (await storyFilePaths(job.treeRoot, sinceDateOf(job))).length;
  if (stories < offThreadFrom) return (await runIndexJob(job)) as IndexJobResults[Job["kind"]];
  const entry = new URL(
    import.meta.url.endsWith(".ts") ? "./index-worker.ts" : "./index-worker.js",
    import.meta.url,
  );
  const worker = workerPool<IndexJob, IndexJobResults[Job["kind"]]>(entry, 1, 64);
  try {
    return await worker.run(job);
  } finally {
    await worker.close();
  }
}
