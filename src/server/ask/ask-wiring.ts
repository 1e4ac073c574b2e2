// What `/ask` needs from the server (src/server/ask/register-ask.ts): a fact index rebuilt
// from each edition the live tree swaps in, the edition's topics, and the shared call budget
// (memory, the node:cluster primary, or Redis; src/server/rate-limit/).
import cluster from "node:cluster";
import type { Logger } from "pino";
import type { Config } from "../../config/config.js";
import { describeError } from "../../errors.js";
import { factIndexHolder } from "../../query/index.js";
import type { AskDeps } from "./register-ask.js";
import { indexTree } from "../../query/index-jobs.js";
import type { LiveTree } from "../static/live-tree.js";
import type { LoadedTree } from "../static/load-tree.js";
import {
  clientAddressResolver,
  createCallLimiter,
  type LimiterStoreOption,
} from "../rate-limit/index.js";
import { deprecationHeaders } from "../http/reply-headers.js";

/** /ask searches 30 days back (ASK_LIMITS); one more, as stories update a day after their date. */
const TOPIC_FILE = /^\/n\/([a-z0-9-]+)\/index\.json$/;

export type AskConfig = Pick<
  Config,
  | "baseUrl"
  | "rateLimit"
  | "redisUrl"
  | "redisKeyPrefix"
  | "trustedProxies"
  | "socket"
  | "deprecationAt"
  | "sunsetAt"
  | "deprecationLink"
  | "serveWorkers"
>;

/** A failing rate-limit store is logged at most once per this many ms, with a count. */
const FALLBACK_LOG_MS = 10_000;

export interface AskWiring {
  deps: AskDeps;
  close(): Promise<void>;
}

/** The rate-limit store: Redis when configured, else shared by the cluster's workers. */
function limiterStore(config: AskConfig): LimiterStoreOption {
  if (config.redisUrl !== undefined) return { kind: "redis", url: config.redisUrl };
  return cluster.isWorker ? { kind: "cluster" } : { kind: "memory" };
}

function topicsOf(tree: LoadedTree | undefined): ReadonlySet<string> {
  const topics = new Set<string>();
  for (const path of tree?.files.keys() ?? []) {
    const topic = TOPIC_FILE.exec(path)?.[1];
    if (topic !== undefined) topics.add(topic);
  }
  return topics;
}

export async function wireAsk(
  config: AskConfig,
  liveTree: LiveTree,
  logger: Logger,
  onFallback: () => void = () => undefined,
): Promise<AskWiring> {
  const facts = factIndexHolder();
  let topics = topicsOf(liveTree.current());
  const rebuild = async (tree: LoadedTree) => {
    const started = performance.now();
    const loaded = await indexTree({ kind: "facts", treeRoot: tree.root, cutMs: tree.cutMs });
    for (const problem of loaded.problems.slice(0, 20))
      logger.warn(problem, "story skipped by /ask");
    facts.replace(loaded.index);
    topics = topicsOf(tree);
    logger.info(
      {
        tree: tree.name,
        stories: loaded.stories,
        ms: Math.round(performance.now() - started),
      },
      "fact index built",
    );
  };
  const onSwap = (tree: LoadedTree) => {
    rebuild(tree).catch((error: unknown) => {
      logger.error(
        { tree: tree.name, error: describeError(error) },
        "fact index failed; /ask keeps the previous one",
      );
    });
  };
  const unsubscribe = liveTree.onSwap(onSwap);
  const current = liveTree.current();
  if (current !== undefined) await rebuild(current);
  // One line per interval with how many calls fell back, not one per call: a flood during an
  // outage must not flood the log.
  let failed = 0;
  let loggedAt = -Infinity;
  const limiter = await createCallLimiter({
    points: config.rateLimit,
    keyPrefix: config.redisKeyPrefix,
    store: limiterStore(config),
    sharers: cluster.isWorker ? Math.max(1, config.serveWorkers) : 1,
    onStoreError: (error, store) => {
      onFallback();
      failed += 1;
      const now = Date.now();
      if (now - loggedAt < FALLBACK_LOG_MS) return;
      logger.warn(
        {
          store,
          error: describeError(error),
          calls: failed,
          sinceMs: Math.min(now - loggedAt, now),
        },
        "rate-limit store failed; counting against this process's share in memory",
      );
      failed = 0;
      loggedAt = now;
    },
  });
  const headerList = deprecationHeaders(config);
  const versionHeaders: Record<string, string> = {};
  for (let index = 0; index < headerList.length; index += 2) {
    versionHeaders[headerList[index] as string] = headerList[index + 1] as string;
  }
  return {
    deps: {
      facts,
      topics: () => topics,
      baseUrl: config.baseUrl,
      limiter,
      clientAddress: clientAddressResolver(config.trustedProxies, {
        unixSocket: config.socket !== undefined,
      }),
      clock: () => new Date(),
      versionHeaders,
    },
    close: async () => {
      unsubscribe();
      await limiter.close();
    },
  };
}
