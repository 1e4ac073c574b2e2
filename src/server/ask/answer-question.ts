// The answer of /ask (AskAnswer, src/api/ask.ts): the facts the fact index finds for the
// question, copied word for word, with NLWeb 0.54's `_meta`. Pure: the index and the time are
// passed in, so the JSON reply and the event stream are built from the same answer.
import type { AskAnswer } from "../../api/ask.js";
import { API_VERSION } from "../../api/common.js";
import { type FactIndex, type FactResult, searchFacts } from "../../query/index.js";
import type { AskCall } from "./ask-call.js";
import { factId } from "./fact-id.js";

/** The NLWeb protocol version whose shapes /ask follows (LIBRARIES.md, "NLWeb"). */
export const NLWEB_VERSION = "0.54";

export const ANSWER_META = Object.freeze({
  response_type: "answer",
  version: NLWEB_VERSION,
  protocol: "nlweb",
  uses_llm: false,
  api_version: API_VERSION,
});

/** A fact result with its own address, `@id` (fact-id.ts). */
export type AskFactResult = FactResult & { "@id": string };

/** An AskAnswer whose results are fact results (the extra fields are allowed by the schema). */
export type Answer = AskAnswer & { results: AskFactResult[]; query_id?: string };

/**
 * What an answer starts with, known before the search: `_meta`, the question as sent and,
 * when the caller sent NLWeb's `query_id`, that id (as NLWeb's server echoes it).
 */
export function answerHead(call: AskCall): Pick<Answer, "_meta" | "query" | "query_id"> {
  return {
    _meta: { ...ANSWER_META },
    query: call.question,
    ...(call.queryId === undefined ? {} : { query_id: call.queryId }),
  };
}

function noMatchStep(call: AskCall, index: FactIndex | undefined, baseUrl: string): string {
  if (index === undefined || index.facts.length === 0) {
    return `No stories are published yet. Try again after the next edition (00:00 and 12:00 UTC); ${baseUrl}/editions/latest.json shows the latest one.`;
  }
  const tries = ["use other or fewer words (names and places work best)"];
  if (call.topic !== undefined) tries.push("leave `topic` out to search every topic");
  if (call.days < 30) tries.push("search further back with `days=30`");
  return `Nothing in the stories of the last ${call.days} days matches. Try again: ${tries.join("; ")}. Browse ${baseUrl}/editions/latest.json for the latest stories.`;
}

function foundStep(baseUrl: string): string {
  return `Each description is copied word for word from the story at \`url\` (its JSON: \`url\` + index.json) and cites the Manifests in \`manifest_ids\`. When you reuse a fact, credit the service, link the story and keep the ids: ${baseUrl}/.well-known/reuse.json.`;
}

/**
 * Answers `call` from `index` (undefined before the first edition) as of `now`: up to
 * `limit` facts, best first, or `no_match` and what to try next.
 */
export function answerQuestion(
  index: FactIndex | undefined,
  call: AskCall,
  now: Date,
  baseUrl: string,
): Answer {
  const found =
    index === undefined
      ? []
      : searchFacts(index, {
          query: call.question,
          topic: call.topic,
          days: call.days,
          limit: call.limit,
          now,
        });
  const results = found.map(({ "@type": type, ...rest }) => ({
    "@type": type,
    "@id": factId(rest.url, rest.description),
    ...rest,
  }));
  const answer: Answer = { ...answerHead(call), results };
  if (results.length === 0) {
    return { ...answer, no_match: true, next_step: noMatchStep(call, index, baseUrl) };
  }
  return { ...answer, next_step: foundStep(baseUrl) };
}
