// When /ask streams (spec rule 1: `Accept: text/event-stream`), judged from Accept alone.
import { describe, expect, it } from "vitest";
import { acceptsEventStream } from "./event-stream.js";

describe("acceptsEventStream", () => {
  it.each([
    ["text/event-stream", true],
    ["application/json, text/event-stream", true],
    ["text/event-stream;q=0.9, application/json;q=0.5", true],
    ["TEXT/EVENT-STREAM", true],
    [undefined, false],
    ["*/*", false],
    ["application/json", false],
    ["application/json, text/event-stream;q=0.5", false],
    ["text/event-stream;q=0", false],
  ])("Accept %s → %s", (accept, expected) => {
    expect(acceptsEventStream(accept)).toBe(expected);
  });
});
