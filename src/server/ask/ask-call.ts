// What /ask is asked, read from a GET query string or a POST body (AskRequest, or NLWeb
// 0.54's `query: {text}` form) and checked by AskRequestSchema (check-ask-request.ts), so each
// mistake gets its own code. NLWeb's names are aliases: `num_results` for `limit`, GET
// `streaming` for `stream`; `query_id` is echoed; `prev` and `site` are accepted and ignored.
// Pure: no I/O, no clock.
import { ASK_LIMITS } from "../../api/ask.js";
import type { AskProblem } from "./ask-problem.js";
import { checkAskRequest, type SentNames } from "./check-ask-request.js";

/** A valid question and its options. */
export interface AskCall {
  /** The question as sent (echoed in the answer). */
  question: string;
  topic: string | undefined;
  days: number;
  limit: number;
  /** `stream` / `prefer.streaming`; undefined when not sent. */
  stream: boolean | undefined;
  /** NLWeb's `query_id`, echoed in the answer and in every event; undefined when not sent. */
  queryId?: string | undefined;
  /**
   * Asked in NLWeb 0.54's object form (`query: {text}`), as NLWeb's chat UI asks: its event
   * stream gives each result its own `url` and `name` (event-stream.ts).
   */
  nlweb?: boolean;
}

/** A GET without `query` and `q`: explain the call. */
export interface AskExplain {
  explain: true;
}

export type ParsedAsk = AskCall | AskProblem;

export const isProblem = (value: unknown): value is AskProblem =>
  typeof value === "object" && value !== null && "problem" in value;

/** A field as sent, with the name it was sent under (for the message). */
interface Named {
  name: string;
  value: unknown;
}

/** AskRequest's fields as sent, with the names they were sent under and NLWeb's extras. */
interface Sent {
  request: unknown;
  names: SentNames;
  queryId: string | undefined;
  nlweb: boolean;
}

/** Checks what was sent against AskRequestSchema: the call, or the first mistake. */
function checkSent(sent: Sent, topics: ReadonlySet<string>): ParsedAsk {
  const checked = checkAskRequest(sent.request, sent.names, topics);
  if (isProblem(checked)) return checked;
  const call: AskCall = {
    question: checked.query,
    topic: checked.topic,
    days: checked.days,
    limit: checked.limit,
    stream: checked.prefer?.streaming,
  };
  if (sent.queryId !== undefined) call.queryId = sent.queryId;
  if (sent.nlweb) call.nlweb = true;
  return call;
}

/**
 * `limit`, or NLWeb's `num_results`. `num_results` is "at most this many" (NLWeb's chat UI
 * sends 50), so above 20 it is read as 20; anything else is checked as `limit` is.
 */
function limitOf(limit: Named): unknown {
  const { max } = ASK_LIMITS.limit;
  if (limit.name !== "limit" && Number.isInteger(limit.value) && (limit.value as number) > max) {
    return max;
  }
  return limit.value;
}

/** The first of `names` that was sent (a value that is not undefined), or the first name. */
function aliased(
  source: Readonly<Record<string, unknown>>,
  names: readonly [string, ...string[]],
): Named {
  const name = names.find((candidate) => source[candidate] !== undefined) ?? names[0];
  return { name, value: source[name] };
}

/** NLWeb's `query_id`: a string, or a number sent in JSON, echoed as text; else none. */
function queryIdOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A query-string value: the first when a parameter is repeated. */
function first(value: unknown): unknown {
  return Array.isArray(value) ? (value as unknown[])[0] : value;
}

/** `"7"` → 7; anything else stays as sent, to be reported. */
function integerParam(value: unknown): unknown {
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : value;
}

/** `"true"` / `"false"` (any case) → a boolean; anything else stays as sent. */
function booleanParam(value: unknown): unknown {
  return typeof value === "string" && /^(?:true|false)$/i.test(value)
    ? value.toLowerCase() === "true"
    : value;
}

/**
 * Reads a GET's query string (as Fastify parses it). Without `query` and `q` the caller is
 * discovering the endpoint: `{explain: true}`. `query` wins over `q`.
 */
export function parseAskQuery(
  params: Readonly<Record<string, unknown>>,
  topics: ReadonlySet<string>,
): ParsedAsk | AskExplain {
  const question = first(params.query) ?? first(params.q);
  if (question === undefined) return { explain: true };
  const firsts = Object.fromEntries(Object.entries(params).map(([key, v]) => [key, first(v)]));
  // Our names win over NLWeb's when both are sent.
  const stream = aliased(firsts, ["stream", "streaming"]);
  const limit = aliased(firsts, ["limit", "num_results"]);
  return checkSent(
    {
      request: {
        // Fastify's parser gives strings; a custom one could give objects, which ask nothing.
        query: typeof question === "string" ? question : "",
        prefer: { streaming: booleanParam(stream.value) },
        topic: firsts.topic,
        days: integerParam(firsts.days),
        limit: limitOf({ name: limit.name, value: integerParam(limit.value) }),
      },
      names: { query: "query", streaming: stream.name, limit: limit.name },
      queryId: queryIdOf(firsts.query_id),
      nlweb: false,
    },
    topics,
  );
}

const BODY_NAMES: SentNames = { query: "query", streaming: "prefer.streaming", limit: "limit" };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a POST body (already parsed JSON): an AskRequest, or NLWeb 0.54's `query: {text}`. */
export function parseAskBody(body: unknown, topics: ReadonlySet<string>): ParsedAsk {
  if (!isObject(body)) {
    return checkSent(
      { request: body, names: BODY_NAMES, queryId: undefined, nlweb: false },
      topics,
    );
  }
  const nlweb = isObject(body.query);
  const query = nlweb ? (body.query as Record<string, unknown>) : undefined;
  const limit: Named =
    body.limit === undefined && query?.num_results !== undefined
      ? { name: "query.num_results", value: query.num_results }
      : { name: "limit", value: body.limit };
  return checkSent(
    {
      request: {
        query: query === undefined ? body.query : query.text,
        prefer: body.prefer,
        topic: body.topic,
        days: body.days,
        limit: limitOf(limit),
      },
      names: { ...BODY_NAMES, query: nlweb ? "query.text" : "query", limit: limit.name },
      queryId: queryIdOf(body.query_id),
      nlweb,
    },
    topics,
  );
}
