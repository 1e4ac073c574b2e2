// The held-out feeds edition: the English items of the real feeds, read as the poller reads
// them, in one window before the cut, built into stories that quote their items word for word.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { realNewsDirectory } from "../test/support/real-news.js";
import { buildFeedsEdition, feedManifests } from "./feeds-edition.js";

const feeds = join(realNewsDirectory(), "feeds");

describe.skipIf(!existsSync(feeds))("the held-out feeds edition", () => {
  it("reads only English feeds' items, each placed inside the window", () => {
    const { feeds: count, manifests } = feedManifests(feeds);
    expect(count).toBeGreaterThanOrEqual(5);
    expect(manifests.length).toBeGreaterThan(100);
    for (const manifest of manifests) {
      expect(manifest.language.toLowerCase()).toMatch(/^en/u);
      const at = Date.parse(manifest.published_at);
      expect(at).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 20, 12));
      expect(at).toBeLessThan(Date.UTC(2026, 10, 21, 12));
    }
    expect(new Set(manifests.map((manifest) => manifest.id)).size).toBe(manifests.length);
  });

  it("builds stories whose key facts are sentences of a Manifest they cite", async () => {
    const built = await buildFeedsEdition();
    expect(built).toBeDefined();
    const { manifests, edition } = built!;
    const texts = new Map(manifests.map((manifest) => [manifest.id, manifest.text]));
    expect(edition.stories.length).toBeGreaterThan(50);
    for (const { story } of edition.stories) {
      for (const fact of story.key_facts ?? []) {
        expect(
          fact.manifest_ids.some((id) => texts.get(id)?.includes(fact.text)),
          fact.text,
        ).toBe(true);
      }
    }
  });
});
