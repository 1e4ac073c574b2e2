// The reusable parts of openapi.json: headers, parameters and shared responses, plus small
// builders for the path modules. Body schemas are never written here: they come from the zod
// schemas through `componentSchemas()`.
import { ASK_LIMITS, AskRequestSchema } from "./ask.js";
import { API_VERSION, RATE_LIMIT_POLICY, StoryDate, StorySlug, TopicSlug } from "./common.js";
import { fieldJsonSchema, type ResourceName } from "./json-schema.js";
import { MCP_PROTOCOL_VERSIONS } from "./mcp-http.js";

export type OpenApiObject = Record<string, unknown>;

/** `{ $ref }` to a component of the given kind. */
export function ref(kind: "schemas" | "parameters" | "headers" | "responses", name: string) {
  return { $ref: `#/components/${kind}/${name}` };
}

/** A media type object whose schema is one of our zod-generated components. */
export function bodyOf(name: ResourceName, extra: OpenApiObject = {}): OpenApiObject {
  return { schema: ref("schemas", name), ...extra };
}

/** A plain-text body (Markdown, HTML, XML feeds, event streams): a string. */
export function textBody(description: string, extra: OpenApiObject = {}): OpenApiObject {
  return { schema: { type: "string", description }, ...extra };
}

const { name: policy, quota, windowSeconds } = RATE_LIMIT_POLICY;

export const HEADERS: Record<string, OpenApiObject> = {
  "SVC-API-Version": {
    description: `The API version, \`${API_VERSION}\`. Sent with every JSON file and every JSON reply of /ask.`,
    schema: { type: "string", const: API_VERSION },
  },
  ETag: {
    description:
      "Validator of this file; send it back in `If-None-Match` to get 304 when unchanged.",
    schema: { type: "string" },
    example: '"5d41402abc4b2a76"',
  },
  "Last-Modified": {
    description: "When this file was last published (an HTTP-date).",
    schema: { type: "string" },
    example: "Sat, 21 Nov 2026 12:00:00 GMT",
  },
  "Cache-Control": {
    description:
      "Public caching; the lifetime never runs past the next rebuild (00:00 or 12:00 UTC).",
    schema: { type: "string" },
    example: "public, max-age=3600",
  },
  "RateLimit-Policy": {
    description: `The quota (draft-ietf-httpapi-ratelimit-headers-11): ${quota} calls per ${windowSeconds} seconds per client IP address, /ask and MCP tool calls counted together.`,
    schema: { type: "string" },
    example: `"${policy}";q=${quota};w=${windowSeconds}`,
  },
  RateLimit: {
    description:
      "What is left of the quota (draft-ietf-httpapi-ratelimit-headers-11): `r` calls remain, the window resets in `t` seconds.",
    schema: { type: "string" },
    example: `"${policy}";r=${quota - 1};t=${windowSeconds}`,
  },
  "Retry-After": {
    description: "Seconds to wait before calling again; never earlier than `t` of `RateLimit`.",
    required: true,
    schema: { type: "integer", minimum: 0 },
    example: 42,
  },
};

/** The headers every static file carries; `json` adds SVC-API-Version. */
export function staticFileHeaders(json: boolean): OpenApiObject {
  return {
    ...(json ? { "SVC-API-Version": ref("headers", "SVC-API-Version") } : {}),
    ETag: ref("headers", "ETag"),
    "Last-Modified": ref("headers", "Last-Modified"),
    "Cache-Control": ref("headers", "Cache-Control"),
  };
}

/** Rate-limit headers of a metered reply. */
export function rateLimitHeaders(): OpenApiObject {
  return {
    "RateLimit-Policy": ref("headers", "RateLimit-Policy"),
    RateLimit: ref("headers", "RateLimit"),
  };
}

const askField = AskRequestSchema.shape;

export const PARAMETERS: Record<string, OpenApiObject> = {
  Topic: {
    name: "topic",
    in: "path",
    required: true,
    description: "Topic slug: the `id` of an element of `newsrooms` in latest.json.",
    schema: fieldJsonSchema(TopicSlug),
    example: "world",
  },
  StoryDate: {
    name: "date",
    in: "path",
    required: true,
    description: "The story's date in UTC (`YYYY-MM-DD`), as in the story's `url`.",
    schema: fieldJsonSchema(StoryDate),
    example: "2026-11-21",
  },
  StorySlug: {
    name: "slug",
    in: "path",
    required: true,
    description: "The story's slug, as in the story's `url` in a story list.",
    schema: fieldJsonSchema(StorySlug),
    example: "harbour-bridge-shut-after-cracks-found",
  },
  IfNoneMatch: {
    name: "If-None-Match",
    in: "header",
    required: false,
    description:
      "An `ETag` from an earlier reply: the server answers 304 if the file is unchanged.",
    schema: { type: "string" },
  },
  AskQuery: {
    name: "query",
    in: "query",
    required: false,
    description: `The question in plain language, 1 to ${ASK_LIMITS.queryMaxLength} characters. Without \`query\` and \`q\` the reply explains the call (AskExplanation).`,
    schema: fieldJsonSchema(askField.query),
    example: "what happened to the harbour bridge",
  },
  AskQ: {
    name: "q",
    in: "query",
    required: false,
    description: "Same as `query` (`query` wins when both are sent).",
    schema: fieldJsonSchema(askField.query),
  },
  AskStream: {
    name: "stream",
    in: "query",
    required: false,
    description: "`true` replies with an event stream, like `Accept: text/event-stream`.",
    schema: { type: "boolean", default: false },
  },
  AskTopic: {
    name: "topic",
    in: "query",
    required: false,
    description: "Topic slug; restricts the search to that topic (as `topic` of AskRequest).",
    schema: fieldJsonSchema(askField.topic),
  },
  AskDays: {
    name: "days",
    in: "query",
    required: false,
    description: "How many days back to search (as `days` of AskRequest).",
    schema: fieldJsonSchema(askField.days),
  },
  AskLimit: {
    name: "limit",
    in: "query",
    required: false,
    description: "How many facts to return at most (as `limit` of AskRequest).",
    schema: fieldJsonSchema(askField.limit),
  },
  McpProtocolVersion: {
    name: "MCP-Protocol-Version",
    in: "header",
    required: false,
    description: "The MCP protocol version in use (Streamable HTTP transport).",
    schema: { type: "string", enum: [...MCP_PROTOCOL_VERSIONS] },
  },
  McpMethod: {
    name: "Mcp-Method",
    in: "header",
    required: false,
    description: "MCP 2026-07-28: the JSON-RPC `method` of the body, e.g. `tools/call`.",
    schema: { type: "string" },
  },
  McpName: {
    name: "Mcp-Name",
    in: "header",
    required: false,
    description: "MCP 2026-07-28: the tool name of a `tools/call`, e.g. `svc_ask`.",
    schema: { type: "string" },
  },
};

/** Named examples of Error bodies, one per code. */
export function errorExamples(
  codes: Readonly<Record<string, string>>,
  nextStep: string,
): OpenApiObject {
  return Object.fromEntries(
    Object.entries(codes).map(([code, message]) => [
      code,
      { summary: message, value: { error: code, message, next_step: nextStep } },
    ]),
  );
}

/** The shared responses; `baseUrl` fills the examples. */
export function sharedResponses(baseUrl: string): Record<string, OpenApiObject> {
  const notFoundNextStep = `See ${baseUrl}/editions/latest.json for every story and topic, and ${baseUrl}/llms.txt for the developer guide.`;
  return {
    NotModified: {
      description: "The file is unchanged since the `ETag` sent in `If-None-Match`; no body.",
      headers: { ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", "Cache-Control") },
    },
    NotFound: {
      description:
        "No such file. The body follows `Accept`: JSON (the default), Markdown or HTML; each form gives the code `not_found`, what is missing and where to look next.",
      headers: { "SVC-API-Version": ref("headers", "SVC-API-Version") },
      content: {
        "application/json": bodyOf("NotFoundError", {
          example: {
            error: "not_found",
            message: "There is no file at /stories/2026-11-21/no-such-story/index.json.",
            next_step: notFoundNextStep,
          },
        }),
        "text/markdown": textBody("The same error as a Markdown page."),
        "text/html": textBody("The same error as an HTML page."),
      },
    },
    RateLimited: {
      description: `Rate limit exceeded: more than ${quota} calls in ${windowSeconds} seconds from this IP address (/ask and MCP tool calls counted together). Wait \`Retry-After\` seconds.`,
      headers: {
        "Retry-After": ref("headers", "Retry-After"),
        ...rateLimitHeaders(),
        "SVC-API-Version": ref("headers", "SVC-API-Version"),
      },
      content: {
        "application/json": bodyOf("RateLimitedError", {
          example: {
            error: "rate_limited",
            message: `More than ${quota} calls in ${windowSeconds} seconds from this address.`,
            next_step: "Wait retry_after seconds, then call again.",
            retry_after: 42,
          },
        }),
      },
    },
    BodyTooLarge: {
      description: "The request body is larger than the server accepts.",
      content: {
        "application/json": bodyOf("Error", {
          example: {
            error: "body_too_large",
            message: "The request body is larger than the server accepts.",
            next_step: "Send a smaller body: a question has at most 500 characters.",
          },
        }),
      },
    },
    UnsupportedMediaType: {
      description: "The request body is not JSON (`Content-Type` must be `application/json`).",
      content: {
        "application/json": bodyOf("Error", {
          example: {
            error: "unsupported_media_type",
            message: "Expected Content-Type: application/json.",
            next_step: "Send the body as JSON with Content-Type: application/json.",
          },
        }),
      },
    },
  };
}
