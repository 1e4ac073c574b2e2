// /ask's checks come from AskRequestSchema: each zod issue maps to one code, the body's shape is
// reported first, then the first field at fault in the schema's order.
import { describe, expect, it } from "vitest";
import { checkAskRequest, type SentNames } from "./check-ask-request.js";

const NAMES: SentNames = { query: "query", streaming: "prefer.streaming", limit: "limit" };
const TOPICS = new Set(["world"]);
const check = (request: unknown, names = NAMES) => checkAskRequest(request, names, TOPICS);

describe("checkAskRequest", () => {
  it("returns the request with AskRequestSchema's defaults", () => {
    expect(check({ query: "budget" })).toEqual({ query: "budget", days: 7, limit: 5 });
  });

  it("reports the body's shape before any field's value", () => {
    expect(check({ query: " ", days: 0, prefer: true })).toMatchObject({
      problem: "invalid_body",
      message: "The body is not an AskRequest: `prefer` must be an object.",
    });
    expect(check([])).toMatchObject({ problem: "invalid_body" });
  });

  it("reports the first field at fault in the schema's order", () => {
    const wrong = { query: "x", topic: "weather", days: 0, limit: 0 };
    expect(check(wrong)).toMatchObject({ problem: "unknown_topic" });
    expect(check({ ...wrong, topic: "world" })).toMatchObject({ problem: "invalid_days" });
    expect(check({ ...wrong, topic: "world", days: 3 })).toMatchObject({
      problem: "invalid_limit",
      message: "`limit` must be an integer from 1 to 20; got 0.",
    });
  });

  it("names a field as it was sent", () => {
    const names = { ...NAMES, limit: "num_results", streaming: "stream" };
    expect(check({ query: "x", limit: 2.5 }, names)).toMatchObject({
      message: "`num_results` must be an integer from 1 to 20; got 2.5.",
    });
    expect(check({ query: "x", prefer: { streaming: "yes" } }, names)).toMatchObject({
      problem: "invalid_stream",
      message: '`stream` must be true or false; got "yes".',
    });
  });

  it("counts the question in characters and refuses one of blanks", () => {
    expect(check({ query: "😀".repeat(500) })).toMatchObject({ query: "😀".repeat(500) });
    expect(check({ query: "😀".repeat(501) })).toMatchObject({
      problem: "question_too_long",
      message: "The question has 501 characters; at most 500 are allowed.",
    });
    expect(check({ query: " \t" })).toMatchObject({ problem: "empty_question" });
  });
});
