// The `/ask` endpoint (spec, "Endpoints"; docs/api.md and docs/ask.md): GET with a query
// string, POST with an AskRequest; a JSON answer or an event stream; every call counted by the
// shared rate limit. An encapsulated Fastify plugin: its body parsers and error replies apply
// to /ask only.
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_VERSION } from "../../api/common.js";
import { exampleQuery, type FactIndexHolder } from "../../query/index.js";
import type { CallLimiter, ClientAddressResolver } from "../rate-limit/index.js";
import { meterRequest } from "../rate-limit/index.js";
import { type AskCall, isProblem, parseAskBody, parseAskQuery } from "./ask-call.js";
import {
  ASK_BODY_LIMIT,
  AskHttpError,
  bodyTooLarge,
  unsupportedMediaType,
} from "./ask-http-error.js";
import { askErrorBody, type AskProblem } from "./ask-problem.js";
import { answerHead, answerQuestion } from "./answer-question.js";
import { acceptsEventStream, answerEvents, EVENT_STREAM_TYPE } from "./event-stream.js";
import { explainAsk } from "./explain-ask.js";

export interface AskDeps {
  /** The fact index serving now; the server swaps it when a new edition is published. */
  facts: FactIndexHolder;
  /** The topic slugs (newsroom ids) of the live edition; read on every call. */
  topics: () => ReadonlySet<string>;
  /** The public base address (no trailing slash needed). */
  baseUrl: string;
  /** The call budget shared with MCP tool calls. */
  limiter: CallLimiter;
  clientAddress: ClientAddressResolver;
  clock: () => Date;
  /**
   * Headers of every reply: `SVC-API-Version` (added when missing) and, when a deprecation
   * is configured, `Deprecation`, `Sunset` and `Link`.
   */
  versionHeaders?: Readonly<Record<string, string>>;
}

/** `application/json`, `application/ld+json`, … with any parameters. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** A query that finds facts in the edition served now, for examples and next steps. */
function example(deps: AskDeps): string {
  return exampleQuery(deps.facts.current(), deps.clock());
}

function sendProblem(reply: FastifyReply, problem: AskProblem, baseUrl: string, deps: AskDeps) {
  return reply.code(400).send(askErrorBody(problem, baseUrl, example(deps)));
}

function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AskDeps,
  call: AskCall,
  baseUrl: string,
) {
  const answer = () => answerQuestion(deps.facts.current(), call, deps.clock(), baseUrl);
  if (call.stream === true || acceptsEventStream(request.headers.accept)) {
    // The first event goes out before the search; a failure after it is a Failure event.
    return reply
      .type(EVENT_STREAM_TYPE)
      .header("X-Accel-Buffering", "no")
      .send(Readable.from(answerEvents(call, answerHead(call), answer), { objectMode: false }));
  }
  return reply.send(answer());
}

/** Maps what stopped a request (a body parser, Fastify itself) to an Error reply. */
function errorReply(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
  baseUrl: string,
) {
  if (error instanceof AskHttpError) return error;
  const status = error.statusCode ?? 500;
  if (status === 413) return bodyTooLarge();
  if (status === 415) return unsupportedMediaType(request.headers["content-type"]);
  if (status === 400 && request.method === "POST") {
    const problem = {
      problem: "invalid_body" as const,
      message: `The body is not an AskRequest: ${error.message}`,
    };
    return new AskHttpError(400, askErrorBody(problem, baseUrl));
  }
  return undefined;
}

async function askPlugin(app: FastifyInstance, deps: AskDeps): Promise<void> {
  const baseUrl = deps.baseUrl.replace(/\/+$/, "");
  const headers = { "SVC-API-Version": API_VERSION, ...deps.versionHeaders };
  const metering = {
    limiter: deps.limiter,
    clientAddress: deps.clientAddress,
    jsonHeaders: headers,
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: "string" }, (_request, text, done) => {
    try {
      done(null, JSON.parse(text as string));
    } catch (error) {
      const message =
        text === ""
          ? "The body is empty."
          : `The body is not valid JSON: ${(error as Error).message}.`;
      done(
        new AskHttpError(
          400,
          askErrorBody({ problem: "invalid_json", message }, baseUrl, example(deps)),
        ),
      );
    }
  });
  app.addContentTypeParser("*", (request, _payload, done) => {
    done(unsupportedMediaType(request.headers["content-type"]));
  });

  app.setErrorHandler((error, request, reply) => {
    const known = errorReply(error as Error & { statusCode?: number }, request, baseUrl);
    if (known === undefined) throw error;
    return reply.code(known.statusCode).headers(headers).send(known.body);
  });

  // Every /ask call is counted, a bad one too; the headers go on every reply.
  app.addHook("onRequest", async (request, reply) => {
    reply.headers({ ...headers, "Cache-Control": "no-store", Vary: "Accept" });
    if (!(await meterRequest(request, reply, metering))) return reply;
  });

  app.get("/ask", async (request, reply) => {
    const parsed = parseAskQuery(request.query as Record<string, unknown>, deps.topics());
    if ("explain" in parsed) return reply.send(explainAsk(baseUrl, example(deps)));
    if (isProblem(parsed)) return sendProblem(reply, parsed, baseUrl, deps);
    return sendAnswer(request, reply, deps, parsed, baseUrl);
  });

  // /ask is a query: it takes GET (and HEAD) and POST; any other method is a 405, not a 404.
  app.route({
    method: ["PUT", "DELETE", "PATCH"],
    url: "/ask",
    handler: async (request, reply) =>
      reply
        .code(405)
        .header("Allow", "GET, HEAD, POST, OPTIONS")
        .send({
          error: "method_not_allowed",
          message: `/ask does not take ${request.method}: it answers questions, it stores nothing.`,
          next_step: `GET ${baseUrl}/ask?query=… or POST ${baseUrl}/ask with {"query": "…"}.`,
        }),
  });

  app.post("/ask", { bodyLimit: ASK_BODY_LIMIT }, async (request, reply) => {
    const type = request.headers["content-type"];
    if (type === undefined || !JSON_MEDIA_TYPE.test(type)) throw unsupportedMediaType(type);
    if (request.body === undefined) {
      return sendProblem(
        reply,
        { problem: "invalid_json", message: "The body is empty." },
        baseUrl,
        deps,
      );
    }
    const parsed = parseAskBody(request.body, deps.topics());
    if (isProblem(parsed)) return sendProblem(reply, parsed, baseUrl, deps);
    return sendAnswer(request, reply, deps, parsed, baseUrl);
  });
}

/**
 * Adds GET and POST `/ask` to `app` in their own encapsulated context. Await it (or
 * `app.ready()`) before serving.
 */
export async function registerAsk(app: FastifyInstance, deps: AskDeps): Promise<void> {
  await app.register(askPlugin, deps);
}
