// What /ask is asked, read from a GET query string or a POST body (AskRequest, or NLWeb
// 0.54's `query: {text}` form), with the spec's bounds checked one field at a time so each
// mistake gets its own code. NLWeb's names are aliases: `num_results` for `limit`, GET
// `streaming` for `stream`; `query_id` is echoed; `prev` and `site` are accepted and ignored.
// Pure: no I/O, no clock.
import { ASK_LIMITS } from "../../api/ask.js";
import { TOPIC_SLUG_PATTERN } from "../../api/common.js";
import type { AskErrorCode } from "../../api/error-codes.js";
import { type AskProblem, shown } from "./ask-problem.js";

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

const problem = (code: AskErrorCode, message: string): AskProblem => ({ problem: code, message });

/** Characters as a person counts them (code points), as JSON Schema's maxLength does. */
const characters = (text: string) => [...text].length;

function checkQuestion(question: string): AskProblem | undefined {
  if (question.trim() === "") return problem("empty_question", "The question is empty.");
  const length = characters(question);
  if (length > ASK_LIMITS.queryMaxLength) {
    return problem(
      "question_too_long",
      `The question has ${length} characters; at most ${ASK_LIMITS.queryMaxLength} are allowed.`,
    );
  }
  return undefined;
}

type Bound = { min: number; max: number; default: number };

/** A field as sent, with the name it was sent under (for the message). */
interface Named {
  name: string;
  value: unknown;
}

function checkInteger(
  code: "invalid_days" | "invalid_limit",
  { name, value }: Named,
  bound: Bound,
): number | AskProblem {
  if (value === undefined) return bound.default;
  if (Number.isInteger(value) && (value as number) >= bound.min && (value as number) <= bound.max) {
    return value as number;
  }
  return problem(
    code,
    `\`${name}\` must be an integer from ${bound.min} to ${bound.max}; got ${shown(value)}.`,
  );
}

/**
 * `limit`, or NLWeb's `num_results`. `num_results` is "at most this many" (NLWeb's chat UI
 * sends 50), so above 20 it is read as 20; anything else is checked as `limit` is.
 */
function checkLimit(limit: Named): number | AskProblem {
  const { max } = ASK_LIMITS.limit;
  if (limit.name !== "limit" && Number.isInteger(limit.value) && (limit.value as number) > max) {
    return max;
  }
  return checkInteger("invalid_limit", limit, ASK_LIMITS.limit);
}

function checkTopic(value: unknown, known: ReadonlySet<string>): string | undefined | AskProblem {
  if (value === undefined) return undefined;
  if (typeof value === "string" && TOPIC_SLUG_PATTERN.test(value) && known.has(value)) return value;
  const list = [...known].sort().join(", ");
  return problem(
    "unknown_topic",
    `\`topic\` ${shown(value)} is not a published topic; the topics are: ${list || "(none yet)"}.`,
  );
}

function checkStream(name: string, value: unknown): boolean | undefined | AskProblem {
  if (value === undefined || typeof value === "boolean") return value;
  return problem("invalid_stream", `\`${name}\` must be true or false; got ${shown(value)}.`);
}

interface Fields {
  question: string;
  stream: Named;
  topic: unknown;
  days: unknown;
  limit: Named;
  queryId: string | undefined;
  nlweb: boolean;
}

export const isProblem = (value: unknown): value is AskProblem =>
  typeof value === "object" && value !== null && "problem" in value;

/** Checks the fields in a fixed order: the first mistake is the one reported. */
function checkFields(fields: Fields, topics: ReadonlySet<string>): ParsedAsk {
  const questionProblem = checkQuestion(fields.question);
  if (questionProblem !== undefined) return questionProblem;
  const stream = checkStream(fields.stream.name, fields.stream.value);
  if (isProblem(stream)) return stream;
  const topic = checkTopic(fields.topic, topics);
  if (isProblem(topic)) return topic;
  const days = checkInteger("invalid_days", { name: "days", value: fields.days }, ASK_LIMITS.days);
  if (isProblem(days)) return days;
  const limit = checkLimit(fields.limit);
  if (isProblem(limit)) return limit;
  const call: AskCall = { question: fields.question, topic, days, limit, stream };
  if (fields.queryId !== undefined) call.queryId = fields.queryId;
  if (fields.nlweb) call.nlweb = true;
  return call;
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
  return checkFields(
    {
      // Fastify's parser gives strings; a custom one could give objects, which ask nothing.
      question: typeof question === "string" ? question : "",
      stream: { name: stream.name, value: booleanParam(stream.value) },
      topic: firsts.topic,
      days: integerParam(firsts.days),
      limit: { name: limit.name, value: integerParam(limit.value) },
      queryId: queryIdOf(firsts.query_id),
      nlweb: false,
    },
    topics,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The question of a body: AskRequest's string, or NLWeb 0.54's `{text: ...}`. */
function bodyQuestion(query: unknown): string | AskProblem {
  if (typeof query === "string") return query;
  if (isObject(query) && typeof query.text === "string") return query.text;
  const why =
    query === undefined
      ? "`query` is missing"
      : isObject(query)
        ? "`query.text` is missing or not a string"
        : "`query` must be a string (or an object with `text`)";
  return problem("invalid_body", `The body is not an AskRequest: ${why}.`);
}

/** Reads a POST body (already parsed JSON). */
export function parseAskBody(body: unknown, topics: ReadonlySet<string>): ParsedAsk {
  if (!isObject(body)) {
    return problem("invalid_body", "The body is not an AskRequest: expected a JSON object.");
  }
  const question = bodyQuestion(body.query);
  if (isProblem(question)) return question;
  const { prefer } = body;
  if (prefer !== undefined && !isObject(prefer)) {
    return problem("invalid_body", "The body is not an AskRequest: `prefer` must be an object.");
  }
  const nlweb = isObject(body.query);
  const limit =
    body.limit === undefined &&
    nlweb &&
    (body.query as Record<string, unknown>).num_results !== undefined
      ? { name: "query.num_results", value: (body.query as Record<string, unknown>).num_results }
      : { name: "limit", value: body.limit };
  return checkFields(
    {
      question,
      stream: { name: "prefer.streaming", value: prefer?.streaming },
      topic: body.topic,
      days: body.days,
      limit,
      queryId: queryIdOf(body.query_id),
      nlweb,
    },
    topics,
  );
}
