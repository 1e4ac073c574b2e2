// The 400 replies of /ask: one documented code each (src/api/error-codes.ts), a message that
// says what was wrong, and a next step that says how to ask instead (docs/api.md).
import type { AskErrorBody } from "../../api/error-body.js";
import type { AskErrorCode } from "../../api/error-codes.js";
import { FALLBACK_EXAMPLE_QUERY } from "../../query/index.js";
import { queryParameter } from "./explain-ask.js";

/** A request /ask cannot answer, as a value (never thrown). */
export interface AskProblem {
  problem: AskErrorCode;
  message: string;
}

/** How a value the caller sent is shown in a message: short, quoted, never a whole body. */
export function shown(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? "");
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function nextStep(problem: AskErrorCode, baseUrl: string, query: string): string {
  const example = `GET ${baseUrl}/ask?query=${queryParameter(query)} or POST ${baseUrl}/ask {"query": ${JSON.stringify(query)}}`;
  switch (problem) {
    case "empty_question":
      return `Put the question in \`query\`, e.g. ${example}. GET ${baseUrl}/ask explains every parameter.`;
    case "question_too_long":
      return "Shorten the question to its key words (at most 500 characters) and ask again.";
    case "invalid_days":
      return "Send `days` as an integer from 1 to 30, or leave it out to search the last 7 days.";
    case "invalid_limit":
      return "Send `limit` as an integer from 1 to 20, or leave it out to get 5 facts.";
    case "unknown_topic":
      return `Use the \`id\` of a topic listed in \`newsrooms\` of ${baseUrl}/editions/latest.json, or leave \`topic\` out to search every topic.`;
    case "invalid_json":
    case "invalid_body":
      return `Send a JSON object with Content-Type: application/json, e.g. {"query": ${JSON.stringify(query)}, "days": 7, "limit": 5}. GET ${baseUrl}/ask explains every field.`;
    case "invalid_stream":
      return "Send `stream=true` or `stream=false` (GET), `prefer.streaming` as true or false (POST), or `Accept: text/event-stream`.";
  }
}

/** The Error body of a 400 reply of /ask; `example` is a query that finds facts now. */
export function askErrorBody(
  problem: AskProblem,
  baseUrl: string,
  example = FALLBACK_EXAMPLE_QUERY,
): AskErrorBody {
  return {
    error: problem.problem,
    message: problem.message,
    next_step: nextStep(problem.problem, baseUrl, example),
  };
}
