// `npm run bench -- NAME`: runs one benchmark, or all of them without a name.
import { benchAsk } from "./ask-bench.js";
import { benchBuild } from "./build-bench.js";
import { benchCluster } from "./cluster-bench.js";
import {
  benchClustering,
  benchClusteringWithFeeds,
  benchClusteringWithSets,
} from "./clustering-bench.js";
import { benchIngest } from "./ingest-bench.js";
import { benchMcp } from "./mcp-bench.js";
import { benchPoll } from "./poll-bench.js";
import { benchPublish } from "./publish-bench.js";
import { benchQuery } from "./query-bench.js";
import { benchServe } from "./serve-bench.js";
import { benchStory } from "./story-bench.js";

const BENCHMARKS: Record<string, () => Promise<void>> = {
  ask: benchAsk,
  ingest: benchIngest,
  build: benchBuild,
  clustering: benchClustering,
  "clustering-feeds": benchClusteringWithFeeds,
  "clustering-sets": benchClusteringWithSets,
  cluster: benchCluster,
  poll: benchPoll,
  publish: benchPublish,
  query: benchQuery,
  serve: benchServe,
  story: benchStory,
  mcp: benchMcp,
};

async function main(names: string[]): Promise<void> {
  const unknown = names.filter((name) => !(name in BENCHMARKS));
  if (unknown.length > 0) {
    console.error(
      `unknown benchmark: ${unknown.join(", ")}; known: ${Object.keys(BENCHMARKS).join(", ")}`,
    );
    process.exitCode = 2;
    return;
  }
  for (const name of names.length > 0 ? names : Object.keys(BENCHMARKS)) {
    console.log(`== ${name}`);
    await BENCHMARKS[name]?.();
  }
}

await main(process.argv.slice(2));
