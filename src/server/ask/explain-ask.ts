// The reply of GET /ask without a question (docs/api.md): how to call /ask, so that an agent
// that finds the endpoint can use it without reading the documentation.
import type { AskExplanation } from "../../api/ask-explanation.js";
import { ASK_LIMITS } from "../../api/ask.js";
import { API_VERSION } from "../../api/common.js";
import { FALLBACK_EXAMPLE_QUERY } from "../../query/index.js";

/** A query as it goes in a URL's query string (`+` for spaces, as forms write it). */
export function queryParameter(query: string): string {
  return encodeURIComponent(query).replace(/%20/g, "+");
}

/** The AskExplanation body; `baseUrl` and `example` (a query that finds facts now) fill the examples. */
export function explainAsk(baseUrl: string, example = FALLBACK_EXAMPLE_QUERY): AskExplanation {
  const { days, limit, queryMaxLength } = ASK_LIMITS;
  const inUrl = queryParameter(example);
  const inJson = JSON.stringify(example);
  return {
    _meta: { response_type: "explanation", api_version: API_VERSION, uses_llm: false },
    message:
      "Ask a question in plain language; the reply lists facts copied word for word from recent stories, each with its story's url, headline, date and the Manifest ids it cites. No language model is used.",
    usage: [
      { method: "GET", example: `${baseUrl}/ask?query=${inUrl}` },
      {
        method: "GET",
        example: `${baseUrl}/ask?query=${inUrl}&days=30&limit=10`,
        description:
          "Further back, more facts; add topic=<id> for one topic (the ids are in newsrooms of /editions/latest.json).",
      },
      {
        method: "POST",
        example: `POST ${baseUrl}/ask {"query": ${inJson}, "days": 7, "limit": 5}`,
        description:
          'Content-Type: application/json. NLWeb\'s {"query": {"text": "..."}} also works.',
      },
      {
        method: "GET",
        example: `${baseUrl}/ask?query=${inUrl}&stream=true`,
        description:
          'Server-sent events (also with Accept: text/event-stream or prefer.streaming: true): _meta first, then one frame per result, then a frame with next_step, then {"message_type": "complete"}. NLWeb\'s streaming=true, num_results and query_id also work.',
      },
    ],
    parameters: {
      query: `The question, 1 to ${queryMaxLength} characters (GET also accepts q).`,
      topic: "Optional topic slug: the id of a topic in newsrooms of /editions/latest.json.",
      days: `Optional: search the stories of the last ${days.min} to ${days.max} days (default ${days.default}).`,
      limit: `Optional: at most this many facts, ${limit.min} to ${limit.max} (default ${limit.default}).`,
      stream: "Optional (GET): true for an event stream; POST uses prefer.streaming.",
    },
    next_step: `Call ${baseUrl}/ask?query=... with your question. No key is needed; calls are counted per address (see the RateLimit headers).`,
  };
}
