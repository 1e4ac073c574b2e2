// Stable error codes (`error` of an Error body) and when each is sent. The spec names only
// `empty_question` and `not_found`; the rest are ours (docs/api.md).
import { ASK_LIMITS } from "./ask.js";

/** Codes of `400` replies of `/ask`, with the condition that causes each. */
export const ASK_ERROR_CODES = {
  empty_question: "The question (`query`, or `q` on GET) is empty or only blanks.",
  question_too_long: `The question is longer than ${ASK_LIMITS.queryMaxLength} characters.`,
  invalid_days: `\`days\` is not an integer from ${ASK_LIMITS.days.min} to ${ASK_LIMITS.days.max}.`,
  invalid_limit: `\`limit\` is not an integer from ${ASK_LIMITS.limit.min} to ${ASK_LIMITS.limit.max}.`,
  unknown_topic: "`topic` is not the slug of a published topic (see `newsrooms` in latest.json).",
  invalid_json: "POST only: the body is not valid JSON.",
  invalid_body: "POST only: the body is JSON but not an AskRequest (e.g. `query` is missing).",
  invalid_stream: "`stream` (GET) or `prefer.streaming` (POST) is not a boolean.",
} as const;

export type AskErrorCode = keyof typeof ASK_ERROR_CODES;

/** Every `/ask` 400 code, in a stable order. */
export const ASK_ERROR_CODE_LIST = Object.keys(ASK_ERROR_CODES) as [
  AskErrorCode,
  ...AskErrorCode[],
];

/** The codes a GET can cause (it has no body to be malformed). */
export const ASK_GET_ERROR_CODES: readonly AskErrorCode[] = ASK_ERROR_CODE_LIST.filter(
  (code) => code !== "invalid_json" && code !== "invalid_body",
);

/** The code of every 404 (spec, "Errors"). */
export const NOT_FOUND_CODE = "not_found";
