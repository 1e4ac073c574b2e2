// /ask in process (app.inject): every answer and every error, the event stream, and every
// JSON body checked against openapi.json. Stories: real files of the demo edition
// (test/fixtures/ask-stories.json), one moved 10 days back to test `days`.
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../api/openapi.js";
import { buildFactIndex, factIndexHolder, type IndexedStory } from "../../query/index.js";
import { askTestApp } from "../../../test/support/ask-app.js";
import { validateBody } from "../../../test/support/openapi-contract.js";
import { ASK_BODY_LIMIT } from "./ask-http-error.js";
import type { AskDeps } from "./register-ask.js";

const BASE_URL = "http://localhost:8080";
const NOW = new Date("2026-11-21T06:00:00Z");
const fixture = JSON.parse(
  readFileSync(new URL("../../../test/fixtures/ask-stories.json", import.meta.url), "utf8"),
) as { newsrooms: string[]; stories: (IndexedStory & { slug: string })[] };

/** The regatta story, as if published 10 days before the others. */
function movedBack(story: IndexedStory & { slug: string }): IndexedStory {
  const earlier = "2026-11-11T00:00:00.000Z";
  const url = story.url.replace("2026-11-21", "2026-11-11");
  return { ...story, url, published_at: earlier, updated_at: earlier };
}
const stories = fixture.stories.map((story) =>
  story.slug.startsWith("lake-orla-regatta") ? movedBack(story) : story,
);
const doc = openApiDocument({ baseUrl: BASE_URL, serviceName: "SVC" });

let app: FastifyInstance;
const askApp = (overrides: Partial<AskDeps> = {}) =>
  askTestApp({ stories, newsrooms: fixture.newsrooms, baseUrl: BASE_URL, now: NOW }, overrides);

function contract(method: "get" | "post", status: number, body: unknown) {
  return validateBody(doc, { path: "/ask", method, status, contentType: "application/json" }, body);
}

const get = (query: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: `/ask${query}`, headers });
const post = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/ask",
    headers: { "content-type": "application/json", ...headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });

/** The `data:` frames of an event stream, parsed. */
function frames(body: string): Record<string, unknown>[] {
  expect(body.endsWith("\n\n")).toBe(true);
  return body
    .split("\n\n")
    .filter((event) => event !== "")
    .map((event) => {
      const lines = event.split("\n");
      expect(lines.every((line) => line.startsWith("data: "))).toBe(true);
      return JSON.parse(lines.map((line) => line.slice(6)).join("\n")) as Record<string, unknown>;
    });
}

const END = { message_type: "complete", type: "complete" };

/**
 * Merges frames as an NLWeb client does: results concatenated, other fields assigned; the
 * end event ends the answer.
 */
function merged(list: Record<string, unknown>[]): Record<string, unknown> {
  const answer: Record<string, unknown> = { results: [] };
  for (const frame of list) {
    if (frame.message_type === "complete") break;
    const { results, ...rest } = frame;
    Object.assign(answer, rest);
    if (Array.isArray(results)) (answer.results as unknown[]).push(...results);
  }
  return answer;
}

beforeAll(async () => {
  app = await askApp();
});
afterAll(() => app.close());

describe("GET and POST /ask answer with facts copied word for word", () => {
  it("answers a GET question with ranked facts from the stories", async () => {
    const reply = await get("?query=how+many+homes+will+the+housing+act+build");
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toMatch(/^application\/json/);
    expect(reply.headers["svc-api-version"]).toBe("1");
    expect(reply.headers["ratelimit-policy"]).toBe('"default";q=10000;w=60');
    expect(reply.headers.ratelimit).toMatch(/^"default";r=\d+;t=\d+$/);
    const body = reply.json();
    expect(contract("get", 200, body)).toEqual([]);
    expect(body._meta).toEqual({
      response_type: "answer",
      version: "0.54",
      protocol: "nlweb",
      uses_llm: false,
      api_version: "1",
    });
    expect(body.query).toBe("how many homes will the housing act build");
    expect(body.no_match).toBeUndefined();
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(5);
    const housing = stories.find((story) => story.headline.startsWith("Housing act"))!;
    expect(body.results[0]).toMatchObject({ url: housing.url, name: housing.headline });
  });

  it("copies every fact verbatim from its story and cites the story's Manifests", async () => {
    const body = (await get("?q=signalling+failure+trains&limit=20&days=30")).json();
    expect(body.results.length).toBeGreaterThan(1);
    for (const result of body.results) {
      const story = stories.find((candidate) => candidate.url === result.url)!;
      const texts = [
        ...(story.key_facts ?? []),
        ...story.sections.flatMap((section) => section.paragraphs),
      ].map((item) => item.text);
      expect(texts).toContain(result.description);
      expect(result["@type"]).toBe("Claim");
      expect(result.datePublished).toBe(story.published_at);
      expect(result.manifest_ids.length).toBeGreaterThan(0);
      const cited = new Set(story.manifests?.map((manifest) => manifest.id));
      for (const id of result.manifest_ids) expect(cited.has(id)).toBe(true);
    }
  });

  it("answers the same question by POST, in AskRequest and NLWeb 0.54 forms", async () => {
    const viaGet = (await get("?query=measles+vaccination&limit=3")).json();
    const asString = await post({ query: "measles vaccination", limit: 3 });
    const asObject = await post({
      query: { text: "measles vaccination", site: "anything" },
      prefer: { streaming: false, mode: "list" },
      meta: { version: "0.54" },
      limit: 3,
    });
    for (const reply of [asString, asObject]) {
      expect(reply.statusCode).toBe(200);
      expect(contract("post", 200, reply.json())).toEqual([]);
      expect(reply.json()).toEqual(viaGet);
    }
  });

  it("honours topic, days and limit", async () => {
    const all = (await get("?query=regatta+winds&days=30&limit=20")).json();
    expect(all.results.some((result: { topic: string }) => result.topic === "sport")).toBe(true);
    const recent = (await get("?query=regatta+winds")).json();
    expect(recent.results.every((r: { url: string }) => !r.url.includes("lake-orla"))).toBe(true);
    const sportOnly = (await post({ query: "winds lake", topic: "sport", days: 30 })).json();
    expect(sportOnly.results.length).toBeGreaterThan(0);
    expect(sportOnly.results.every((r: { topic: string }) => r.topic === "sport")).toBe(true);
    const one = (await get("?query=the+mayor+resigns&limit=1")).json();
    expect(one.results).toHaveLength(1);
  });

  it("says no_match and what to try when nothing matches", async () => {
    const reply = await get("?query=zyxwv+qwerty&topic=sport&days=3");
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(contract("get", 200, body)).toEqual([]);
    expect(body).toMatchObject({ results: [], no_match: true });
    expect(body.next_step).toContain("leave `topic` out");
    expect(body.next_step).toContain("days=30");
  });

  it("says no edition is published yet before the first index is in place", async () => {
    const empty = await askApp({ facts: factIndexHolder() });
    const body = (await empty.inject({ url: "/ask?query=anything" })).json();
    expect(body).toMatchObject({ results: [], no_match: true });
    expect(body.next_step).toContain("No stories are published yet");
    await empty.close();
  });

  it("uses a new index as soon as the server swaps it in, without a restart", async () => {
    const holder = factIndexHolder(buildFactIndex([]));
    const swapping = await askApp({ facts: holder });
    const before = (await swapping.inject({ url: "/ask?query=measles" })).json();
    expect(before.no_match).toBe(true);
    holder.replace(buildFactIndex(stories));
    const after = (await swapping.inject({ url: "/ask?query=measles" })).json();
    expect(after.results.length).toBeGreaterThan(0);
    await swapping.close();
  });

  it("explains the call on a GET without a question (200, AskExplanation)", async () => {
    const reply = await get("");
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(contract("get", 200, body)).toEqual([]);
    expect(body._meta.response_type).toBe("explanation");
    expect(body.usage.map((usage: { method: string }) => usage.method)).toContain("POST");
    expect(reply.headers.ratelimit).toBeDefined();
  });

  it("gives examples, in the explanation and in next steps, that find facts in this edition", async () => {
    const explanation = (await get("")).json<{ usage: Array<{ example: string }> }>();
    const first = new URL(explanation.usage[0]?.example ?? "");
    const query = first.searchParams.get("query") ?? "";
    expect(query).not.toBe("harbour bridge");
    const answer = (await get(`?query=${encodeURIComponent(query)}`)).json<{
      results: unknown[];
    }>();
    expect(answer.results.length).toBeGreaterThan(0);
    const problem = (await get("?query=")).json<{ next_step: string }>();
    expect(problem.next_step).toContain(`{"query": ${JSON.stringify(query)}}`);
  });

  it("ignores credentials: no 401, nothing echoed", async () => {
    const secret = "sk-live-0123456789abcdef";
    const reply = await get(`?query=measles&api_key=${secret}`, {
      authorization: `Bearer ${secret}`,
      "x-api-key": secret,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).not.toContain(secret);
    expect(JSON.stringify(reply.headers)).not.toContain(secret);
  });
});

describe("the event stream", () => {
  it("streams the same answer on Accept, stream=true and prefer.streaming", async () => {
    const json = (await get("?query=granvik+orla+foods+jobs")).json();
    const replies = [
      await get("?query=granvik+orla+foods+jobs", { accept: "text/event-stream" }),
      await get("?query=granvik+orla+foods+jobs&stream=true"),
      await post({ query: "granvik orla foods jobs", prefer: { streaming: true } }),
      await post({ query: "granvik orla foods jobs" }, { accept: "text/event-stream" }),
    ];
    for (const reply of replies) {
      expect(reply.statusCode).toBe(200);
      expect(reply.headers["content-type"]).toBe("text/event-stream");
      expect(reply.headers["svc-api-version"]).toBe("1");
      expect(reply.headers.ratelimit).toBeDefined();
      const list = frames(reply.body);
      expect(list[0]).toEqual({ _meta: json._meta, query: json.query });
      expect(list.slice(1, -2)).toEqual(json.results.map((r: unknown) => ({ results: [r] })));
      expect(list.at(-2)).toEqual({ next_step: json.next_step });
      expect(list.at(-1)).toEqual(END);
      expect(merged(list)).toEqual(json);
      expect(contract("get", 200, merged(list))).toEqual([]);
    }
  });

  it("streams no_match as a frame before the end event", async () => {
    const list = frames((await get("?query=zyxwv&stream=true")).body);
    expect(list).toHaveLength(3);
    expect(list[1]).toMatchObject({ no_match: true });
    expect(list[2]).toEqual(END);
  });

  it("answers JSON when JSON is preferred in Accept", async () => {
    const reply = await get("?query=measles", {
      accept: "application/json, text/event-stream;q=0.5",
    });
    expect(reply.headers["content-type"]).toMatch(/^application\/json/);
  });
});

describe("bad requests", () => {
  const cases: [string, string, string][] = [
    ["empty query", "?query=", "empty_question"],
    ["blank q", "?q=%20%20", "empty_question"],
    ["501 characters", `?query=${"a".repeat(501)}`, "question_too_long"],
    ["days 0", "?query=x&days=0", "invalid_days"],
    ["days 31", "?query=x&days=31", "invalid_days"],
    ["days not a number", "?query=x&days=week", "invalid_days"],
    ["limit 21", "?query=x&limit=21", "invalid_limit"],
    ["limit 2.5", "?query=x&limit=2.5", "invalid_limit"],
    ["unknown topic", "?query=x&topic=weather", "unknown_topic"],
    ["topic not a slug", "?query=x&topic=World%20News", "unknown_topic"],
    ["stream not a boolean", "?query=x&stream=yes", "invalid_stream"],
  ];
  it.each(cases)("GET %s → 400 %s", async (_name, query, code) => {
    const reply = await get(query);
    expect(reply.statusCode).toBe(400);
    const body = reply.json();
    expect(body.error).toBe(code);
    expect(body.next_step).toEqual(expect.any(String));
    expect(contract("get", 400, body)).toEqual([]);
    expect(reply.headers["svc-api-version"]).toBe("1");
    expect(reply.headers.ratelimit).toBeDefined();
  });

  it("allows exactly 500 characters (counted as characters, not UTF-16 units)", async () => {
    expect((await get(`?query=${"a".repeat(500)}`)).statusCode).toBe(200);
    expect((await post({ query: "é🙂".repeat(250) })).statusCode).toBe(200);
  });

  const bodies: [string, unknown, string][] = [
    ["not JSON", "{query:", "invalid_json"],
    ["an empty body", "", "invalid_json"],
    ["an array", ["measles"], "invalid_body"],
    ["no query", { question: "measles" }, "invalid_body"],
    ["a numeric query", { query: 42 }, "invalid_body"],
    ["query without text", { query: { site: "x" } }, "invalid_body"],
    ["prefer not an object", { query: "x", prefer: true }, "invalid_body"],
    ["an empty query", { query: "" }, "empty_question"],
    ["an empty query.text", { query: { text: " " } }, "empty_question"],
    ["a long query", { query: "b".repeat(501) }, "question_too_long"],
    ["days as a string", { query: "x", days: "7" }, "invalid_days"],
    ["limit 0", { query: "x", limit: 0 }, "invalid_limit"],
    ["an unknown topic", { query: "x", topic: "weather" }, "unknown_topic"],
    ["streaming as a string", { query: "x", prefer: { streaming: "true" } }, "invalid_stream"],
  ];
  it.each(bodies)("POST %s → 400 %s", async (_name, payload, code) => {
    const reply = await post(payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe(code);
    expect(contract("post", 400, reply.json())).toEqual([]);
  });

  it("answers 413 to a body over 16 KB", async () => {
    const reply = await post({ query: "x", padding: "p".repeat(ASK_BODY_LIMIT) });
    expect(reply.statusCode).toBe(413);
    expect(reply.json().error).toBe("body_too_large");
    expect(
      validateBody(
        doc,
        { path: "/ask", method: "post", status: 413, contentType: "application/json" },
        reply.json(),
      ),
    ).toEqual([]);
  });

  it.each([
    ["text/plain", "measles"],
    ["application/x-www-form-urlencoded", "query=measles"],
  ])("answers 415 to a %s body", async (type, payload) => {
    const reply = await app.inject({
      method: "POST",
      url: "/ask",
      headers: { "content-type": type },
      payload,
    });
    expect(reply.statusCode).toBe(415);
    expect(reply.json().error).toBe("unsupported_media_type");
    expect(
      validateBody(
        doc,
        { path: "/ask", method: "post", status: 415, contentType: "application/json" },
        reply.json(),
      ),
    ).toEqual([]);
  });

  it("answers 415 to a POST without Content-Type", async () => {
    const reply = await app.inject({ method: "POST", url: "/ask", payload: "" });
    expect(reply.statusCode).toBe(415);
  });

  it("accepts JSON with a charset and +json types", async () => {
    for (const type of ["application/json; charset=utf-8", "application/ld+json"]) {
      const reply = await post({ query: "measles" }, { "content-type": type });
      expect(reply.statusCode).toBe(200);
    }
  });
});
