// Slugs and story continuity.
import { slugify } from "transliteration";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../shared/seeded-random.js";
import { matchPreviousStories } from "./continue-stories.js";
import { slugBase, slugFromHeadline, uniqueSlug } from "./slug.js";

describe("slugs", () => {
  it("comes from the headline, transliterated, within the spec's pattern", () => {
    expect(slugFromHeadline("Harbour Bridge shut after cracks found!", "x")).toBe(
      "harbour-bridge-shut-after-cracks-found",
    );
    expect(slugFromHeadline("Москва выиграла кубок", "x")).toBe("moskva-vyigrala-kubok");
    expect(slugFromHeadline("Zürich: Café öffnet wieder", "x")).toBe("zurich-cafe-offnet-wieder");
    expect(slugFromHeadline("東京で新しい望遠鏡が完成", "x")).toMatch(/^[a-z0-9-]{3,80}$/);
    const long = slugFromHeadline("word ".repeat(40), "x");
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^[a-z0-9-]+[a-z0-9]$/);
  });

  it("makes of an ASCII headline, without the library, what the library makes of it", () => {
    // Letters, digits and every other ASCII character, in runs.
    const others = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code))
      .filter((char) => !/[a-z0-9]/i.test(char))
      .join("");
    const alphabet = ["aZ", "09", others];
    const next = seededRandom(14);
    for (let draw = 0; draw < 20_000; draw++) {
      let headline = "";
      const length = Math.floor(next() * 24);
      for (let i = 0; i < length; i++) {
        const group = alphabet[Math.floor(next() * alphabet.length)] as string;
        headline +=
          group === "aZ"
            ? String.fromCharCode((next() < 0.5 ? 65 : 97) + Math.floor(next() * 26))
            : group === "09"
              ? String(Math.floor(next() * 10))
              : group.charAt(Math.floor(next() * group.length));
      }
      const library = slugify(headline, { lowercase: true, separator: "-", trim: true })
        .replace(/[^a-z0-9-]+/g, "-")
        .replace(/-+/g, "-")
        .replace(/^-|-$/g, "");
      expect(slugBase(headline), JSON.stringify(headline)).toBe(library);
    }
  });

  it("falls back to a stable name when no letter or digit survives", () => {
    const slug = slugFromHeadline("!!! — ???", "ids a b");
    expect(slug).toMatch(/^story-[0-9a-f]{10}$/);
    expect(slugFromHeadline("!!! — ???", "ids a b")).toBe(slug);
  });

  it("stays unique within a date and within 80 characters", () => {
    expect(uniqueSlug("vote", new Set())).toBe("vote");
    expect(uniqueSlug("vote", new Set(["vote", "vote-2"]))).toBe("vote-3");
    const long = "a".repeat(39) + "-" + "b".repeat(40);
    const next = uniqueSlug(long, new Set([long]));
    expect(next.length).toBeLessThanOrEqual(80);
    expect(next).toMatch(/-2$/);
  });
});

describe("matchPreviousStories", () => {
  const previous = [
    {
      date: "2026-11-20",
      slug: "bridge",
      publishedAt: "2026-11-20T12:00:00.000Z",
      memberIds: ["a", "b"],
    },
    { date: "2026-11-21", slug: "vote", publishedAt: "2026-11-21T00:00:00.000Z", memberIds: ["c"] },
  ];

  it("continues the story a cluster shares Manifests with, once", () => {
    const { continues } = matchPreviousStories(
      [["x"], ["b", "z"], ["a", "b", "y"], ["c"]],
      previous,
    );
    expect(continues.map((story) => story?.slug)).toEqual([undefined, undefined, "bridge", "vote"]);
  });

  it("starts new stories when nothing is shared", () => {
    expect(matchPreviousStories([["q"]], previous).continues).toEqual([undefined]);
    expect(matchPreviousStories([["a"]], []).continues).toEqual([undefined]);
  });
});
