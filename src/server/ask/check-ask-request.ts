// An AskRequest checked by its schema (AskRequestSchema, src/api/ask.ts), each zod issue mapped
// by its path to one of /ask's codes (src/api/error-codes.ts) with a message naming the field
// as it was sent. The body's shape (an object; `query` a string; `prefer` an object) is
// reported first, then the first field at fault in the schema's order: query, prefer.streaming,
// topic, days, limit. Pure: no I/O, no clock.
import { z } from "zod";
import { ASK_LIMITS, AskRequestSchema } from "../../api/ask.js";
import type { AskErrorCode } from "../../api/error-codes.js";
import { type AskProblem, shown } from "./ask-problem.js";

/** Characters as a person counts them (code points), as JSON Schema's maxLength does. */
const characters = (text: string) => [...text].length;

const { minLength, maxLength } = AskRequestSchema.shape.query;
const QUESTION_MAX = maxLength ?? Infinity;

/** A refinement that fails with one of our codes (the mapping below reads it back). */
const faultOf = (code: AskErrorCode) => ({ params: { code }, abort: true });

/**
 * AskRequest's `query` with its bounds, as /ask counts them: zod's `max` counts UTF-16 units
 * where JSON Schema's `maxLength` (what the API document promises) counts characters, and a
 * question of blanks asks nothing.
 */
const Question = z
  .string()
  .refine((text) => text.trim().length >= (minLength ?? 1), faultOf("empty_question"))
  .refine((text) => characters(text) <= QUESTION_MAX, faultOf("question_too_long"));

/** AskRequestSchema as /ask checks it: its own `query`, and only the topics published now. */
function requestSchema(topics: ReadonlySet<string>) {
  return AskRequestSchema.extend({
    query: Question,
    topic: AskRequestSchema.shape.topic.refine((topic) => topic === undefined || topics.has(topic)),
  });
}

/** One schema per set of topics: the server hands out the same set until the next edition. */
const schemas = new WeakMap<ReadonlySet<string>, ReturnType<typeof requestSchema>>();

function schemaFor(topics: ReadonlySet<string>): ReturnType<typeof requestSchema> {
  let schema = schemas.get(topics);
  if (schema === undefined) {
    schema = requestSchema(topics);
    schemas.set(topics, schema);
  }
  return schema;
}

/** The names fields were sent under, for messages (`q`, `num_results`, `stream`, ...). */
export interface SentNames {
  /** `query`, or `query.text` for NLWeb's object form. */
  query: string;
  /** `prefer.streaming` (POST), `stream` or `streaming` (GET). */
  streaming: string;
  /** `limit`, `num_results` (GET) or `query.num_results` (NLWeb's object form). */
  limit: string;
}

export type CheckedAskRequest = z.output<typeof AskRequestSchema>;

const problem = (code: AskErrorCode, message: string): AskProblem => ({ problem: code, message });

const notARequest = (why: string) =>
  problem("invalid_body", `The body is not an AskRequest: ${why}.`);

function valueAt(request: unknown, path: readonly PropertyKey[]): unknown {
  let value = request;
  for (const key of path) {
    value =
      typeof value === "object" && value !== null
        ? (value as Record<PropertyKey, unknown>)[key]
        : undefined;
  }
  return value;
}

function outOfBounds(
  code: "invalid_days" | "invalid_limit",
  name: string,
  value: unknown,
  bound: { min: number; max: number },
): AskProblem {
  return problem(
    code,
    `\`${name}\` must be an integer from ${bound.min} to ${bound.max}; got ${shown(value)}.`,
  );
}

function questionProblem(issue: z.core.$ZodIssue, names: SentNames, value: unknown): AskProblem {
  if (issue.code === "invalid_type") {
    if (names.query !== "query")
      return notARequest(`\`${names.query}\` is missing or not a string`);
    return notARequest(
      value === undefined
        ? "`query` is missing"
        : "`query` must be a string (or an object with `text`)",
    );
  }
  if (issue.code === "custom" && issue.params?.code === "question_too_long") {
    return problem(
      "question_too_long",
      `The question has ${characters(value as string)} characters; at most ${QUESTION_MAX} are allowed.`,
    );
  }
  return problem("empty_question", "The question is empty.");
}

/** The problem a zod issue of AskRequestSchema stands for. */
function problemOf(
  issue: z.core.$ZodIssue,
  request: unknown,
  names: SentNames,
  topics: ReadonlySet<string>,
): AskProblem {
  const value = valueAt(request, issue.path);
  switch (issue.path[0]) {
    case "query":
      return questionProblem(issue, names, value);
    case "prefer":
      if (issue.path.length === 1) return notARequest("`prefer` must be an object");
      return problem(
        "invalid_stream",
        `\`${names.streaming}\` must be true or false; got ${shown(value)}.`,
      );
    case "topic": {
      const list = [...topics].sort().join(", ");
      return problem(
        "unknown_topic",
        `\`topic\` ${shown(value)} is not a published topic; the topics are: ${list || "(none yet)"}.`,
      );
    }
    case "days":
      return outOfBounds("invalid_days", "days", value, ASK_LIMITS.days);
    case "limit":
      return outOfBounds("invalid_limit", names.limit, value, ASK_LIMITS.limit);
    default:
      return notARequest("expected a JSON object");
  }
}

/** An issue of the body's shape rather than of a field's value: reported before the others. */
function isShapeIssue(issue: z.core.$ZodIssue): boolean {
  if (issue.path.length === 0) return true;
  return (
    issue.path.length === 1 &&
    (issue.path[0] === "query" || issue.path[0] === "prefer") &&
    issue.code === "invalid_type"
  );
}

/**
 * Checks `request` (AskRequest's fields as sent, aliases resolved) against AskRequestSchema
 * with the published `topics`: the request with its defaults, or the one problem to report.
 */
export function checkAskRequest(
  request: unknown,
  names: SentNames,
  topics: ReadonlySet<string>,
): CheckedAskRequest | AskProblem {
  const parsed = schemaFor(topics).safeParse(request);
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  const reported = issues.find(isShapeIssue) ?? issues[0];
  if (reported === undefined) return notARequest("expected a JSON object");
  return problemOf(reported, request, names, topics);
}
