// The publisher in process, on both store backends: identical trees from the same archive,
// summaries computed for stories archived before summaries were stored, and the edition
// chosen by time.
import { LATEST_DESCRIPTION } from "./render-lists.js";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LatestStories } from "../api/story-lists.js";
import type { Story } from "../api/story.js";
import { summarizeStory } from "../tree/story-summary.js";
import type { ManifestStore } from "../store/manifest-store.js";
import { type OpenedTestStore, STORE_BACKENDS } from "../../test/support/stores.js";
import { publishEdition, type PublishSettings } from "./publish-edition.js";

const CUT = Date.parse("2026-11-21T12:00:00Z");
const BASE = "https://svc.test";

function story(slug: string, date: string, cutMs: number): Story {
  const url = `${BASE}/stories/${date}/${slug}/`;
  return {
    slug,
    url,
    json: `${url}index.json`,
    markdown: `${url}index.md`,
    headline: `Headline of ${slug}`,
    dek: `The dek of ${slug}.`,
    published_at: new Date(cutMs).toISOString(),
    updated_at: new Date(cutMs).toISOString(),
    topic: "world",
    beat: null,
    trust: "single-source",
    source_count: 1,
    key_facts: [{ text: `The dek of ${slug}.`, manifest_ids: ["m-1"], stated_by: 1 }],
    sections: [
      { heading: "What we know", paragraphs: [{ text: "A fact.", manifest_ids: ["m-1"] }] },
    ],
    cited_manifest_ids: ["m-1"],
    manifests: [],
  };
}

async function saveStories(
  store: ManifestStore,
  cutMs: number,
  slugs: string[],
  withSummaries: boolean,
): Promise<void> {
  const date = new Date(cutMs).toISOString().slice(0, 10);
  await store.saveEdition({
    cutMs,
    roundupsJson: "[]",
    stories: slugs.map((slug) => {
      const built = story(slug, date, cutMs);
      return {
        date,
        slug,
        topic: "world",
        publishedAt: built.published_at,
        memberIds: ["m-1"],
        json: JSON.stringify(built),
        ...(withSummaries ? { summaryJson: JSON.stringify(summarizeStory(built, "world")) } : {}),
      };
    }),
  });
}

function treeFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path), readFileSync(path, "utf8"));
    }
  };
  walk(root);
  return files;
}

for (const backend of STORE_BACKENDS) {
  describe.skipIf(backend.skipReason !== undefined)(`publishEdition on ${backend.name}`, () => {
    let opened: OpenedTestStore;
    const dirs: string[] = [];
    const settings = (): PublishSettings => {
      const dataDir = mkdtempSync(join(tmpdir(), "svc-publish-"));
      dirs.push(dataDir);
      return {
        dataDir,
        baseUrl: BASE,
        serviceName: "SVC",
        providerName: "a test provider",
        listWindowDays: 7,
        archiveDays: 365,
        keepTrees: 3,
      };
    };
    const newsrooms = [{ id: "world", title: "World", description: "World news." }];

    beforeEach(async () => {
      opened = await backend.open();
    });
    afterEach(async () => {
      await opened.cleanup();
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    });

    it("makes the same tree, byte for byte, from the same archive", async () => {
      const { store } = opened;
      await saveStories(store, CUT - 12 * 3600 * 1000, ["earlier-story"], true);
      await saveStories(store, CUT, ["bridge-closed", "vote-held"], true);
      const first = settings();
      const second = settings();
      await publishEdition(new Date(CUT), { store, settings: first, newsrooms });
      await publishEdition(new Date(CUT + 3600_000), { store, settings: second, newsrooms });
      const a = treeFiles(join(first.dataDir, "public"));
      const b = treeFiles(join(second.dataDir, "public"));
      expect([...a.keys()]).toContain("stories/2026-11-21/vote-held/index.md");
      expect(b).toEqual(a);
    });

    it("publishes the newest edition at or before the time asked", async () => {
      const { store } = opened;
      await saveStories(store, CUT, ["bridge-closed"], true);
      await saveStories(store, CUT + 12 * 3600 * 1000, ["later-story"], true);
      const target = settings();
      const summary = await publishEdition(new Date(CUT + 3600_000), {
        store,
        settings: target,
        newsrooms,
      });
      expect(summary.cut).toBe(new Date(CUT).toISOString());
      const latest = JSON.parse(
        readFileSync(join(target.dataDir, "public/editions/latest.json"), "utf8"),
      ) as LatestStories;
      expect(latest.stories.map((s) => s.slug)).toEqual(["bridge-closed"]);
      // Real news: no word of the demo's fiction, in latest.json or on the pages.
      expect(latest.description).toBe(LATEST_DESCRIPTION);
      const home = readFileSync(join(target.dataDir, "public/index.html"), "utf8");
      expect(home).not.toContain("fictional");
    });

    it("computes the summaries of stories archived before summaries were stored", async () => {
      const { store } = opened;
      await saveStories(store, CUT, ["old-format-story"], false);
      const target = settings();
      await publishEdition(new Date(CUT), { store, settings: target, newsrooms });
      const latest = JSON.parse(
        readFileSync(join(target.dataDir, "public/editions/latest.json"), "utf8"),
      ) as LatestStories;
      const built = story("old-format-story", "2026-11-21", CUT);
      expect(latest.stories).toEqual([summarizeStory(built, "world")]);
    });

    it("announces a configured deprecation in openapi.json, and drops it when unset", async () => {
      const { store } = opened;
      await saveStories(store, CUT, ["bridge-closed"], true);
      const target = {
        ...settings(),
        deprecationAt: new Date("2027-01-01T00:00:00Z"),
        sunsetAt: new Date("2027-06-30T00:00:00Z"),
        deprecationLink: "https://svc.test/developers/v2",
      };
      const openApi = () => readFileSync(join(target.dataDir, "public/openapi.json"), "utf8");
      await publishEdition(new Date(CUT), { store, settings: target, newsrooms });
      expect(openApi()).toContain('"Deprecation"');
      expect(openApi()).toContain('"Sunset"');
      expect(openApi()).toContain("Wed, 30 Jun 2027 00:00:00 GMT");
      const plain = { ...target, deprecationAt: undefined, sunsetAt: undefined };
      await publishEdition(new Date(CUT), { store, settings: plain, newsrooms });
      expect(openApi()).not.toContain('"Deprecation"');
    });
  });
}
