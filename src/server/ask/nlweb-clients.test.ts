// /ask as NLWeb clients see it: a replay of NLWeb's chat UI (nlweb-chat.js, NLWeb 0.54: its
// request, its `data:` line parser, its de-duplication by `url` or `name`), the React UI's
// de-duplication by `@id`, a plain SSE client (eventsource-parser, the WHATWG rules), NLWeb's
// request names as aliases, and a failure after the stream has started.
import { readFileSync } from "node:fs";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../api/openapi.js";
import {
  buildFactIndex,
  type FactIndex,
  factIndexHolder,
  type IndexedStory,
} from "../../query/index.js";
import { askTestApp } from "../../../test/support/ask-app.js";
import { validateBody } from "../../../test/support/openapi-contract.js";
import type { AskDeps } from "./register-ask.js";

const BASE_URL = "http://localhost:8080";
const NOW = new Date("2026-11-21T06:00:00Z");
const fixture = JSON.parse(
  readFileSync(new URL("../../../test/fixtures/ask-stories.json", import.meta.url), "utf8"),
) as { newsrooms: string[]; stories: IndexedStory[] };
const index = buildFactIndex(fixture.stories);
const housing = fixture.stories.find((story) => story.headline.startsWith("Housing act"))!;
/** Its five best facts all come from the housing story. */
const QUESTION = housing.headline;
const END = { message_type: "complete", type: "complete" };
const doc = openApiDocument({ baseUrl: BASE_URL, serviceName: "SVC" });

const askApp = (overrides: Partial<AskDeps> = {}) =>
  askTestApp(
    { stories: fixture.stories, newsrooms: fixture.newsrooms, baseUrl: BASE_URL, now: NOW },
    overrides,
  );

let app: FastifyInstance;
beforeAll(async () => {
  app = await askApp();
});
afterAll(() => app.close());

const get = (query: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: `/ask${query}`, headers });
const post = (payload: unknown, headers: Record<string, string> = {}, on = app) =>
  on.inject({
    method: "POST",
    url: "/ask",
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify(payload),
  });

function contract(method: "get" | "post", status: number, body: unknown) {
  return validateBody(doc, { path: "/ask", method, status, contentType: "application/json" }, body);
}

/** NLWeb's chat UI request (nlweb-chat.js `streamQuery`), its Accept header included. */
function chatRequest(text: string, numResults = 50) {
  return {
    query: { text, site: "imdb.com", num_results: numResults },
    prefer: { streaming: true, response_format: "conv_search", mode: "list" },
    meta: { api_version: "0.54" },
    context: { "@type": "ConversationalContext", prev: ["an earlier question"] },
  };
}

interface Shown {
  url?: string;
  name?: string;
  description?: string;
}

/**
 * nlweb-chat.js `handleStreamingResponse`, replayed: the body arrives in chunks; complete
 * lines that start with `data: ` are parsed as JSON; a Failure `_meta` replaces what is shown
 * and stops reading; each result is added unless one shown has the same `url` or `name`. The
 * UI shows a loading indicator for as long as nothing is shown.
 */
function nlwebChatReplay(body: string, chunk = 7): { shown: Shown[]; spinning: boolean } {
  let shown: Shown[] = [];
  let buffer = "";
  read: for (let at = 0; at < body.length; at += chunk) {
    buffer += body.slice(at, at + chunk);
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.trim() || !line.startsWith("data: ")) continue;
      const data = JSON.parse(line.slice(6)) as {
        _meta?: { response_type?: string };
        error?: { code: string; message: string };
        results?: Shown[];
      };
      if (data._meta?.response_type === "Failure" && data.error) {
        shown = [
          { name: "Error", description: `Error (${data.error.code}): ${data.error.message}` },
        ];
        break read;
      }
      for (const result of data.results ?? []) {
        const exists = shown.some(
          (item) =>
            (item.url && item.url === result.url) || (item.name && item.name === result.name),
        );
        if (!exists) shown.push(result);
      }
    }
  }
  return { shown, spinning: shown.length === 0 };
}

/** One event's JSON, as far as these tests read it. */
interface EventData {
  _meta: { response_type: string };
  query_id?: string;
}

/** The events of a whole stream, read by the WHATWG rules (eventsource-parser). */
function sseEvents(body: string): EventSourceMessage[] {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  // Fed in small pieces, as a network would deliver them.
  for (let at = 0; at < body.length; at += 5) parser.feed(body.slice(at, at + 5));
  return events;
}

describe("NLWeb's chat UI (nlweb-chat.js) shows every result", () => {
  it("shows all 5 results of one story, each linking to the story", async () => {
    const reply = await post(chatRequest(QUESTION, 5), { accept: "text/event-stream" });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("text/event-stream");
    const { shown, spinning } = nlwebChatReplay(reply.body);
    expect(spinning).toBe(false);
    expect(shown).toHaveLength(5);
    const json = (await post({ query: QUESTION })).json();
    expect(json.results.every((r: { url: string }) => r.url === housing.url)).toBe(true);
    expect(shown.map((r) => r.description)).toEqual(
      json.results.map((r: { description: string }) => r.description),
    );
    for (const result of shown) expect(result.url?.startsWith(`${housing.url}#fact-`)).toBe(true);
    expect(shown.map((r) => r.name)).toEqual([
      housing.headline,
      `${housing.headline} (2)`,
      `${housing.headline} (3)`,
      `${housing.headline} (4)`,
      `${housing.headline} (5)`,
    ]);
    // Its default, 50 results, is read as our most, 20: all 20 are shown.
    const all = await post(chatRequest(QUESTION), { accept: "text/event-stream" });
    expect(nlwebChatReplay(all.body).shown).toHaveLength(20);
  });

  it("would show 1 of them from the spec's results (same url and name): the JSON keeps them", async () => {
    const reply = await post({ query: QUESTION, prefer: { streaming: true } });
    expect(nlwebChatReplay(reply.body).shown).toHaveLength(1);
    const json = (await post({ query: QUESTION })).json();
    expect(json.results).toHaveLength(5);
    expect(contract("post", 200, json)).toEqual([]);
  });

  it("stops waiting on no match, showing what to try instead", async () => {
    const reply = await post(chatRequest("zyxwv qwerty"), { accept: "text/event-stream" });
    const { shown, spinning } = nlwebChatReplay(reply.body);
    expect(spinning).toBe(false);
    expect(shown).toEqual([
      { name: "Error", description: expect.stringContaining("Error (no_match): Nothing in") },
    ]);
  });

  it("gives the React UI (de-duplication by @id) every result: each @id is unique", async () => {
    for (const body of [
      (await post({ query: QUESTION, limit: 20, days: 30 })).json(),
      (await get(`?query=${encodeURIComponent("jobs homes trains measles")}&limit=20`)).json(),
    ]) {
      const ids = body.results.map((r: { "@id": string }) => r["@id"]);
      expect(ids.length).toBeGreaterThan(4);
      expect(new Set(ids).size).toBe(ids.length);
      for (const r of body.results) expect(r["@id"]).toMatch(/^http:\/\/.+\/#fact-[0-9a-f]{12}$/);
    }
  });
});

describe("a plain SSE client reads whole streams", () => {
  it.each([
    ["a match", `?query=${encodeURIComponent(QUESTION)}&stream=true`, 5],
    ["no match", "?query=zyxwv+qwerty&stream=true", 0],
  ])("%s: unnamed events of one JSON object each, ending with the end event", async (_n, q, n) => {
    const reply = await get(q);
    const events = sseEvents(reply.body);
    expect(events.every((event) => event.event === undefined && event.id === undefined)).toBe(true);
    const data = events.map((event) => JSON.parse(event.data) as Record<string, unknown>);
    expect(data[0]).toMatchObject({ _meta: { response_type: "answer" } });
    expect(data.filter((d) => "results" in d)).toHaveLength(n);
    expect(data.at(-2)).toHaveProperty("next_step");
    expect(data.at(-2)?.no_match).toBe(n === 0 ? true : undefined);
    expect(data.at(-1)).toEqual(END);
    expect(data.filter((d) => d.message_type === "complete")).toHaveLength(1);
  });
});

describe("NLWeb's request names are aliases", () => {
  const count = async (query: string) => (await get(query)).json().results.length as number;

  it("reads num_results as limit (GET and query.num_results), 21 and more as 20", async () => {
    expect(await count("?query=jobs+homes+trains&num_results=2")).toBe(2);
    expect(await count("?query=jobs+homes+trains&num_results=3&limit=1")).toBe(1);
    const twenty = (await get("?query=jobs+homes+trains+measles&limit=20&days=30")).json();
    const fifty = (await get("?query=jobs+homes+trains+measles&num_results=50&days=30")).json();
    expect(fifty.results).toEqual(twenty.results);
    const asObject = await post({ query: { text: "jobs homes trains", num_results: 2 } });
    expect(asObject.json().results).toHaveLength(2);
    const both = await post({ query: { text: "jobs homes trains", num_results: 2 }, limit: 3 });
    expect(both.json().results).toHaveLength(3);
  });

  it.each([
    ["GET num_results=0", "?query=x&num_results=0", "`num_results`"],
    ["GET num_results=abc", "?query=x&num_results=abc", "`num_results`"],
    ["GET num_results=2.5", "?query=x&num_results=2.5", "`num_results`"],
  ])("%s → 400 invalid_limit naming it", async (_name, query, named) => {
    const reply = await get(query);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ error: "invalid_limit" });
    expect(reply.json().message).toContain(named);
    expect(contract("get", 400, reply.json())).toEqual([]);
  });

  it.each([
    ["a string", "3"],
    ["zero", 0],
    ["a fraction", 1.5],
  ])("POST query.num_results as %s → 400 invalid_limit", async (_name, value) => {
    const reply = await post({ query: { text: "x", num_results: value } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ error: "invalid_limit" });
    expect(reply.json().message).toContain("`query.num_results`");
    expect(contract("post", 400, reply.json())).toEqual([]);
  });

  it("reads GET streaming=true/false as stream; stream wins when both are sent", async () => {
    const type = async (query: string) => (await get(query)).headers["content-type"];
    expect(await type("?query=measles&streaming=true")).toBe("text/event-stream");
    expect(await type("?query=measles&streaming=TRUE")).toBe("text/event-stream");
    expect(await type("?query=measles&streaming=false")).toMatch(/^application\/json/);
    expect(await type("?query=measles&streaming=true&stream=false")).toMatch(/^application\/json/);
    const bad = await get("?query=measles&streaming=yes");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "invalid_stream" });
    expect(bad.json().message).toContain("`streaming`");
    expect(contract("get", 400, bad.json())).toEqual([]);
  });

  it("accepts prev and site in any form and ignores them", async () => {
    const plain = (await get("?query=measles+vaccination")).json();
    const withGet = await get(
      `?query=measles+vaccination&site=imdb.com&prev=${encodeURIComponent('["a","b"]')}&prev=c`,
    );
    expect(withGet.statusCode).toBe(200);
    expect(withGet.json()).toEqual(plain);
    for (const payload of [
      { query: "measles vaccination", prev: ["a"], site: 42 },
      { query: { text: "measles vaccination", site: ["x"] }, context: { prev: "not a list" } },
      { query: { text: "measles vaccination", site: null }, prev: { odd: true }, site: "" },
    ]) {
      const reply = await post(payload);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual(plain);
    }
  });

  it("echoes query_id at the top level and in every event; invents none", async () => {
    const json = (await get("?query=measles&query_id=q-17")).json();
    expect(json.query_id).toBe("q-17");
    expect(contract("get", 200, json)).toEqual([]);
    expect((await post({ query: "measles", query_id: 42 })).json().query_id).toBe("42");
    const streamed = (await get("?query=measles&query_id=q-17&streaming=true")).body;
    const data = sseEvents(streamed).map((event) => JSON.parse(event.data) as EventData);
    expect(data.length).toBeGreaterThan(3);
    expect(data.every((d) => d.query_id === "q-17")).toBe(true);
    const none = await get("?query=measles&stream=true");
    expect(none.body).not.toContain("query_id");
    expect((await get("?query=measles")).json()).not.toHaveProperty("query_id");
  });
});

describe("a failure after the stream has started", () => {
  /** The demo index, but its postings are gone: every search throws. */
  const broken: FactIndex = new Proxy(index, {
    get(target, property, receiver): unknown {
      if (property === "postings") throw new Error("postings unreadable");
      return Reflect.get(target, property, receiver) as unknown;
    },
  });

  it("arrives as a Failure event, then the end event; the stream then ends", async () => {
    const failing = await askApp({ facts: factIndexHolder(broken) });
    try {
      for (const reply of [
        await failing.inject({ url: "/ask?query=measles&stream=true&query_id=f1" }),
        await post(chatRequest("measles"), { accept: "text/event-stream" }, failing),
      ]) {
        expect(reply.statusCode).toBe(200);
        expect(reply.headers["content-type"]).toBe("text/event-stream");
        expect(reply.body).not.toContain("postings unreadable");
        const data = sseEvents(reply.body).map((e) => JSON.parse(e.data) as EventData);
        expect(data).toHaveLength(3);
        expect(data[0]?._meta.response_type).toBe("answer");
        expect(data[1]).toMatchObject({
          _meta: { response_type: "Failure", version: "0.54", uses_llm: false },
          error: { code: "internal_error", message: expect.any(String) },
        });
        expect(data[2]).toMatchObject(END);
      }
      const replay = nlwebChatReplay(
        (await post(chatRequest("measles"), { accept: "text/event-stream" }, failing)).body,
      );
      expect(replay.shown[0]?.description).toContain("Error (internal_error)");
    } finally {
      await failing.close();
    }
  });
});
