// The @id of an /ask result: deterministic, unique per sentence of a story, fragment-safe.
import { describe, expect, it } from "vitest";
import { factId } from "./fact-id.js";

const STORY = "https://svc.test/stories/2026-11-21/harlow-furnace/";

describe("factId", () => {
  it("is the story url plus #fact- and 12 hex digits of the text's SHA-256", () => {
    // `printf 'One.' | sha256sum` begins 70277bfc409b.
    expect(factId(STORY, "One.")).toBe(`${STORY}#fact-70277bfc409b`);
  });

  it("is the same for the same sentence, different for another, whatever the url's fragment", () => {
    expect(factId(STORY, "One.")).toBe(factId(STORY, "One."));
    expect(factId(`${STORY}#old`, "One.")).toBe(factId(STORY, "One."));
    expect(factId(STORY, "One.")).not.toBe(factId(STORY, "Two."));
    expect(factId(STORY, "One.")).not.toBe(factId(STORY.replace("harlow", "tokyo"), "One."));
  });
});
