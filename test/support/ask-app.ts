// /ask registered on a bare Fastify instance (app.inject), over given stories, at a fixed
// time, with a budget far above what a test file calls; `overrides` replace any dependency.
import Fastify, { type FastifyInstance } from "fastify";
import { buildFactIndex, factIndexHolder, type IndexedStory } from "../../src/query/index.js";
import { clientAddressResolver, createCallLimiter } from "../../src/server/rate-limit/index.js";
import { type AskDeps, registerAsk } from "../../src/server/ask/register-ask.js";

export interface AskAppOptions {
  stories: readonly IndexedStory[];
  newsrooms: readonly string[];
  baseUrl: string;
  now: Date;
}

export async function askTestApp(
  options: AskAppOptions,
  overrides: Partial<AskDeps> = {},
): Promise<FastifyInstance> {
  const instance = Fastify();
  await registerAsk(instance, {
    facts: factIndexHolder(buildFactIndex(options.stories)),
    topics: () => new Set(options.newsrooms),
    baseUrl: options.baseUrl,
    // Far above the calls of a test file; the 60-call default is tested in rate-limit-http.test.ts.
    limiter: await createCallLimiter({ points: 10_000 }),
    clientAddress: clientAddressResolver([]),
    clock: () => options.now,
    ...overrides,
  });
  await instance.ready();
  return instance;
}
