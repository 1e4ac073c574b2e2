// openapi.json path of `/ask`: a question in plain language, answered with facts copied word
// for word from recent stories (NLWeb style, no language model).
import { API_VERSION } from "./common.js";
import {
  ASK_ERROR_CODE_LIST,
  ASK_ERROR_CODES,
  ASK_GET_ERROR_CODES,
  type AskErrorCode,
} from "./error-codes.js";
import {
  bodyOf,
  errorExamples,
  type OpenApiObject,
  rateLimitHeaders,
  ref,
  textBody,
} from "./openapi-components.js";

const EVENT_STREAM = textBody(
  "Server-sent events, NLWeb style: each `data:` field holds one JSON object. The first carries `_meta` (as in AskAnswer), the next ones carry the results (AskResult objects), and the stream ends after the last one.",
);

const STREAM_RULE =
  "The reply is an event stream when the request sends `Accept: text/event-stream`";

function answerExample(baseUrl: string): OpenApiObject {
  return {
    _meta: {
      response_type: "answer",
      version: "0.54",
      protocol: "nlweb",
      uses_llm: false,
      api_version: API_VERSION,
    },
    query: "what happened to the harbour bridge",
    results: [
      {
        "@type": "Fact",
        url: `${baseUrl}/stories/2026-11-21/harbour-bridge-shut-after-cracks-found/`,
        name: "Harbour Bridge shut after cracks found",
        description: "Engineers closed the bridge on Friday after finding cracks in two girders.",
        datePublished: "2026-11-21T12:00:00Z",
        manifest_ids: ["m-1041", "m-1077"],
      },
    ],
  };
}

function explanationExample(baseUrl: string): OpenApiObject {
  return {
    _meta: { response_type: "explanation", api_version: API_VERSION, uses_llm: false },
    message:
      "Ask a question in plain language; the reply lists facts copied word for word from recent stories, each with its story and Manifest ids.",
    usage: [
      { method: "GET", example: `${baseUrl}/ask?query=harbour+bridge` },
      { method: "POST", example: `POST ${baseUrl}/ask {"query": "harbour bridge"}` },
    ],
  };
}

function pick(codes: readonly AskErrorCode[]): Record<string, string> {
  return Object.fromEntries(codes.map((code) => [code, ASK_ERROR_CODES[code]]));
}

function okResponse(baseUrl: string, withExplanation: boolean): OpenApiObject {
  const json = withExplanation
    ? {
        schema: { anyOf: [ref("schemas", "AskAnswer"), ref("schemas", "AskExplanation")] },
        examples: {
          answer: { summary: "An answer", value: answerExample(baseUrl) },
          explanation: {
            summary: "No question: how to call /ask",
            value: explanationExample(baseUrl),
          },
        },
      }
    : bodyOf("AskAnswer", { example: answerExample(baseUrl) });
  return {
    description: withExplanation
      ? "Facts that answer the question (AskAnswer, `no_match: true` when none), an event stream, or, without `query` and `q`, how to call /ask (AskExplanation)."
      : "Facts that answer the question (AskAnswer, `no_match: true` when none) or an event stream.",
    headers: {
      "SVC-API-Version": ref("headers", "SVC-API-Version"),
      ...rateLimitHeaders(),
    },
    content: { "application/json": json, "text/event-stream": EVENT_STREAM },
  };
}

function badRequest(codes: readonly AskErrorCode[]): OpenApiObject {
  const list = codes.map((code) => `\`${code}\``).join(", ");
  return {
    description: `The request is not valid. \`error\` is one of ${list}.`,
    headers: { "SVC-API-Version": ref("headers", "SVC-API-Version"), ...rateLimitHeaders() },
    content: {
      "application/json": bodyOf("AskError", {
        examples: errorExamples(
          pick(codes),
          "Fix the request as the message says, then ask again.",
        ),
      }),
    },
  };
}

const DESCRIPTION =
  "Answers a plain-language question with facts copied word for word from the stories of the last `days` days (default 7, at most 30), ranked by relevance, corroboration and recency. No language model is used (`_meta.uses_llm` is false). Each fact names its story and cites Manifest ids. Counted by the rate limit (60 calls per 60 seconds per IP address, shared with MCP tool calls).";

/** The `/ask` path: GET with query parameters, POST with an AskRequest body. */
export function askPaths(baseUrl: string): Record<string, OpenApiObject> {
  const common = { tags: ["Ask"] };
  return {
    "/ask": {
      get: {
        operationId: "askQuestion",
        summary: "Ask a question (query string)",
        description: `${DESCRIPTION} ${STREAM_RULE} or \`stream=true\`. Without \`query\` and \`q\` the reply (200) explains how to call /ask.`,
        ...common,
        parameters: ["AskQuery", "AskQ", "AskStream", "AskTopic", "AskDays", "AskLimit"].map(
          (name) => ref("parameters", name),
        ),
        responses: {
          "200": okResponse(baseUrl, true),
          "400": badRequest(ASK_GET_ERROR_CODES),
          "429": ref("responses", "RateLimited"),
        },
      },
      post: {
        operationId: "askQuestionPost",
        summary: "Ask a question (JSON body)",
        description: `${DESCRIPTION} ${STREAM_RULE} or \`prefer.streaming: true\`.`,
        ...common,
        requestBody: {
          required: true,
          content: {
            "application/json": bodyOf("AskRequest", {
              example: { query: "what happened to the harbour bridge", days: 7, limit: 5 },
            }),
          },
        },
        responses: {
          "200": okResponse(baseUrl, false),
          "400": badRequest(ASK_ERROR_CODE_LIST),
          "413": ref("responses", "BodyTooLarge"),
          "415": ref("responses", "UnsupportedMediaType"),
          "429": ref("responses", "RateLimited"),
        },
      },
    },
  };
}
