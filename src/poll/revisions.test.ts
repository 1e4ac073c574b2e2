import { describe, expect, it } from "vitest";
import { itemDigest, planRevision } from "./revisions.js";

const digest = itemDigest({ title: "T", url: "https://example.org/a", text: "Body." });

describe("planRevision", () => {
  it("stores a new item under its base id", () => {
    expect(planRevision("feed", "guid", "feed:abc", digest, undefined)).toEqual({
      kind: "new",
      revision: { feedKey: "feed", itemKey: "guid", revision: 1, digest, manifestId: "feed:abc" },
    });
  });

  it("skips an unchanged item", () => {
    const known = { feedKey: "feed", itemKey: "guid", revision: 1, digest, manifestId: "feed:abc" };
    expect(planRevision("feed", "guid", "feed:abc", digest, known)).toEqual({ kind: "unchanged" });
  });

  it("makes an edited item the next revision, superseding the newest stored one", () => {
    const known = {
      feedKey: "feed",
      itemKey: "guid",
      revision: 2,
      digest,
      manifestId: "feed:abc.r2",
    };
    const edited = itemDigest({ title: "T", url: "https://example.org/a", text: "Body, edited." });
    expect(planRevision("feed", "guid", "feed:abc", edited, known)).toEqual({
      kind: "new",
      revision: {
        feedKey: "feed",
        itemKey: "guid",
        revision: 3,
        digest: edited,
        manifestId: "feed:abc.r3",
      },
      supersedes: "feed:abc.r2",
    });
  });
});
