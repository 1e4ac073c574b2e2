import { describe, expect, it } from "vitest";
import { manifest } from "../../test/support/manifests.js";
import { currentRevisions } from "./current-revisions.js";

describe("currentRevisions", () => {
  it("leaves out every revision that a later one in the window supersedes", () => {
    const first = manifest({ id: "feed:a" });
    const second = manifest({ id: "feed:a.r2", supersedes: "feed:a", text: "Edited text." });
    const third = manifest({ id: "feed:a.r3", supersedes: "feed:a.r2", text: "Edited again." });
    const other = manifest({ id: "feed:b" });
    expect(currentRevisions([first, other, second, third]).map((m) => m.id)).toEqual([
      "feed:b",
      "feed:a.r3",
    ]);
  });

  it("keeps a revision whose predecessor is outside the window, and lists without revisions", () => {
    const second = manifest({ id: "feed:a.r2", supersedes: "feed:a" });
    const other = manifest({ id: "feed:b" });
    expect(currentRevisions([second, other]).map((m) => m.id)).toEqual(["feed:a.r2", "feed:b"]);
  });
});
