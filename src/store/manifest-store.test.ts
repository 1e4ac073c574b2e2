// One suite for every store backend: the behaviour ingest and the builder rely on.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toStore } from "../../test/support/manifests.js";
import { type OpenedTestStore, STORE_BACKENDS } from "../../test/support/stores.js";
import { sha256Hex } from "../manifests/normalize.js";
import type { ManifestStore } from "./manifest-store.js";

for (const backend of STORE_BACKENDS) {
  describe.skipIf(backend.skipReason !== undefined)(
    `manifest store: ${backend.name}${backend.skipReason ? ` (skipped: ${backend.skipReason})` : ""}`,
    () => {
      let store: ManifestStore;
      let opened: OpenedTestStore;
      const clock = () => new Date("2026-11-21T12:00:00Z");

      beforeEach(async () => {
        opened = await backend.open(clock);
        store = opened.store;
      });
      afterEach(async () => {
        await opened.cleanup();
      });

      it("stores a batch and reads it back by id, in the order asked", async () => {
        const outcomes = await store.insertManifests([toStore({ id: "a" }), toStore({ id: "b" })]);
        expect(outcomes).toEqual([
          { id: "a", status: "stored" },
          { id: "b", status: "stored" },
        ]);
        const found = await store.getManifests(["b", "missing", "a"]);
        expect(found.map((m) => m.id)).toEqual(["b", "a"]);
        expect(found[1]).toEqual(JSON.parse(toStore({ id: "a" }).json));
        expect(await store.countManifests()).toBe(2);
      });

      it("treats the same record again as a duplicate, in a later batch or the same one", async () => {
        await store.insertManifests([toStore({ id: "a" })]);
        const outcomes = await store.insertManifests([
          toStore({ id: "a" }),
          toStore({ id: "c" }),
          toStore({ id: "c" }),
        ]);
        expect(outcomes.map((o) => o.status)).toEqual(["duplicate", "stored", "duplicate"]);
        expect(await store.countManifests()).toBe(2);
      });

      it("reports the same id with other content as a conflict and keeps what was stored", async () => {
        const original = toStore({ id: "a", title: "Original title" }, "first.jsonl:1");
        const changed = toStore({ id: "a", title: "Changed title" }, "second.jsonl:7");
        await store.insertManifests([original]);
        const outcomes = await store.insertManifests([changed, changed]);
        expect(outcomes).toEqual([
          {
            id: "a",
            status: "conflict",
            storedSha256: sha256Hex(original.json),
            incomingSha256: sha256Hex(changed.json),
          },
          {
            id: "a",
            status: "conflict",
            storedSha256: sha256Hex(original.json),
            incomingSha256: sha256Hex(changed.json),
          },
        ]);
        const [kept] = await store.getManifests(["a"]);
        expect(kept?.title).toBe("Original title");
        const conflicts = await store.listConflicts(10);
        expect(conflicts).toHaveLength(1);
        expect(conflicts[0]).toMatchObject({
          id: "a",
          storedSha256: sha256Hex(original.json),
          incomingSha256: sha256Hex(changed.json),
          source: "second.jsonl:7",
          detectedAt: "2026-11-21T12:00:00.000Z",
        });
        expect(JSON.parse(conflicts[0]?.incomingJson ?? "{}").title).toBe("Changed title");
        expect((await store.summarize()).conflicts).toBe(1);
      });

      it("detects a conflict inside one batch against the first copy", async () => {
        const outcomes = await store.insertManifests([
          toStore({ id: "x", title: "One" }),
          toStore({ id: "x", title: "Two" }),
        ]);
        expect(outcomes.map((o) => o.status)).toEqual(["stored", "conflict"]);
        const [kept] = await store.getManifests(["x"]);
        expect(kept?.title).toBe("One");
      });

      it("lists a half-open time window (after, until], oldest first, by topic", async () => {
        await store.insertManifests([
          toStore({ id: "t0", published_at: "2026-11-20T12:00:00Z" }),
          toStore({ id: "t1", published_at: "2026-11-20T12:00:00.001Z" }),
          toStore({ id: "t3", published_at: "2026-11-21T12:00:00Z", topic: "science" }),
          toStore({ id: "t2", published_at: "2026-11-21T06:00:00+02:00" }),
          toStore({ id: "t4", published_at: "2026-11-21T12:00:00.001Z" }),
        ]);
        const window = {
          after: new Date("2026-11-20T12:00:00Z"),
          until: new Date("2026-11-21T12:00:00Z"),
        };
        expect((await store.listManifests(window)).map((m) => m.id)).toEqual(["t1", "t2", "t3"]);
        expect(
          (await store.listManifests({ ...window, topic: "science" })).map((m) => m.id),
        ).toEqual(["t3"]);
        expect(await store.countManifests({ topic: "science" })).toBe(1);
        expect(await store.listTopics()).toEqual(["science", "world"]);
      });

      it("summarises what it holds per topic", async () => {
        await store.insertManifests([
          toStore({ id: "a", published_at: "2026-11-20T01:00:00Z" }),
          toStore({ id: "b", published_at: "2026-11-21T01:00:00Z" }),
          toStore({ id: "c", topic: "science" }),
        ]);
        const summary = await store.summarize();
        expect(summary.backend).toBe(backend.name);
        expect(summary.manifests).toBe(3);
        expect(summary.topics).toEqual([
          {
            topic: "science",
            manifests: 1,
            oldestPublishedAt: "2026-11-21T08:00:00.000Z",
            newestPublishedAt: "2026-11-21T08:00:00.000Z",
          },
          {
            topic: "world",
            manifests: 2,
            oldestPublishedAt: "2026-11-20T01:00:00.000Z",
            newestPublishedAt: "2026-11-21T01:00:00.000Z",
          },
        ]);
      });

      it("keeps unknown extra fields and unicode exactly", async () => {
        const record = toStore({
          id: "u",
          title: "Zürich: 東京 meets القاهرة 🚋",
          text: "Naïve café — «quoted» 𝒳 text.",
          publisher: { name: "Ñews 日報", domain: "bücher.example", desk: "metro" },
          extra: { nested: [1, "two", { z: true, a: null }] },
        });
        await store.insertManifests([record]);
        const [back] = await store.getManifests(["u"]);
        expect(back).toEqual(JSON.parse(record.json));
        expect(JSON.stringify(back)).toBe(record.json);
      });

      it("keeps editions of stories, and a rebuild of the same cut replaces only that cut", async () => {
        const story = (slug: string, ids: string[]) => ({
          date: "2026-11-21",
          slug,
          topic: "world",
          publishedAt: "2026-11-21T00:00:00.000Z",
          memberIds: ids,
          json: JSON.stringify({ slug, ids }),
          summaryJson: JSON.stringify({ slug, ids: ids.length }),
        });
        const first = Date.parse("2026-11-21T00:00:00Z");
        const second = Date.parse("2026-11-21T12:00:00Z");
        expect(await store.latestEdition()).toBeUndefined();
        await store.saveEdition({
          cutMs: first,
          stories: [story("bridge-shut", ["a", "b"])],
          roundupsJson: "[]",
        });
        await store.saveEdition({
          cutMs: second,
          stories: [story("bridge-shut", ["a", "b", "c"]), story("vote", ["d"])],
          roundupsJson: "[]",
        });
        await store.saveEdition({
          cutMs: second,
          stories: [story("bridge-shut", ["a", "b", "c"])],
          roundupsJson: '[{"id":"x"}]',
        });
        expect(await store.latestEdition()).toEqual({ cutMs: second, storyCount: 1 });
        const listed = await store.listEditionStories(first, second + 1);
        expect(listed.map((s) => [s.cutMs, s.slug, s.memberIds])).toEqual([
          [first, "bridge-shut", ["a", "b"]],
          [second, "bridge-shut", ["a", "b", "c"]],
        ]);
        expect(await store.listEditionStories(first, second)).toHaveLength(1);
        expect(await store.listStorySlugs("2026-11-21", second)).toEqual(["bridge-shut"]);
        expect(await store.listStorySlugs("2026-11-21", first)).toEqual(["bridge-shut"]);
        expect(await store.listStorySlugs("2026-11-22", first)).toEqual([]);
        const edition = await store.getEdition(second);
        expect(edition?.roundupsJson).toBe('[{"id":"x"}]');
        expect(edition?.stories.map((s) => s.json)).toEqual([
          '{"slug":"bridge-shut","ids":["a","b","c"]}',
        ]);
        expect(await store.getEdition(first + 1)).toBeUndefined();
        expect(await store.latestEdition(second - 1)).toEqual({ cutMs: first, storyCount: 1 });
      });

      it("counts and removes the Manifests of an id prefix, with every edition and orphaned topic", async () => {
        await store.insertManifests([
          toStore({ id: "demo:1:a", topic: "fiction" }),
          toStore({ id: "demo:1:b", topic: "world" }),
          toStore({ id: "real:1", topic: "world" }),
          toStore({ id: "demolition:1", topic: "world" }),
        ]);
        await store.saveEdition({
          cutMs: Date.parse("2026-11-21T00:00:00Z"),
          stories: [],
          roundupsJson: "[]",
        });
        expect(await store.countManifests({ idPrefix: "demo:" })).toBe(2);
        expect(await store.countManifests({ idPrefix: "demo:", topic: "world" })).toBe(1);
        const published = Date.parse(String(JSON.parse(toStore({ id: "x" }).json).published_at));
        expect(await store.countManifests({ publishedAfter: new Date(published - 1) })).toBe(4);
        expect(await store.countManifests({ publishedAfter: new Date(published) })).toBe(0);
        expect(await store.removeManifests("demo:")).toEqual({ manifests: 2, editions: 1 });
        expect(
          (await store.getManifests(["demo:1:a", "real:1", "demolition:1"])).map((m) => m.id),
        ).toEqual(["real:1", "demolition:1"]);
        expect(await store.listTopics()).toEqual(["world"]);
        expect(await store.latestEdition()).toBeUndefined();
        expect(await store.removeManifests("demo:")).toEqual({ manifests: 0, editions: 0 });
      });

      it("lists the newest version of each published story, with its summary and hash", async () => {
        const story = (slug: string, date: string, ids: string[]) => ({
          date,
          slug,
          topic: "world",
          publishedAt: `${date}T00:00:00.000Z`,
          memberIds: ids,
          json: JSON.stringify({ slug, ids }),
          summaryJson: JSON.stringify({ slug, ids: ids.length }),
        });
        const cuts = ["2026-11-20T00:00:00Z", "2026-11-20T12:00:00Z", "2026-11-21T00:00:00Z"].map(
          (cut) => Date.parse(cut),
        ) as [number, number, number];
        await store.saveEdition({
          cutMs: cuts[0],
          stories: [story("old-news", "2026-11-20", ["a"]), story("bridge", "2026-11-20", ["b"])],
          roundupsJson: "[]",
        });
        await store.saveEdition({
          cutMs: cuts[1],
          stories: [story("bridge", "2026-11-20", ["b", "c"])],
          roundupsJson: "[]",
        });
        await store.saveEdition({
          cutMs: cuts[2],
          stories: [story("vote", "2026-11-21", ["d"])],
          roundupsJson: "[]",
        });
        const listed = await store.listPublishedStories(0, cuts[1]);
        expect(listed.map((s) => [s.cutMs, s.slug, s.summaryJson])).toEqual([
          [cuts[1], "bridge", '{"slug":"bridge","ids":2}'],
          [cuts[0], "old-news", '{"slug":"old-news","ids":1}'],
        ]);
        expect(listed[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect((await store.listPublishedStories(cuts[0], cuts[2])).map((s) => s.slug)).toEqual([
          "vote",
          "bridge",
        ]);
        const texts = await store.getStoryTexts([
          { cutMs: cuts[1], date: "2026-11-20", slug: "bridge" },
          { cutMs: cuts[2], date: "2026-11-20", slug: "bridge" },
          { cutMs: cuts[0], date: "2026-11-20", slug: "bridge" },
        ]);
        expect(texts).toEqual([
          '{"slug":"bridge","ids":["b","c"]}',
          undefined,
          '{"slug":"bridge","ids":["b"]}',
        ]);
        expect(await store.getStoryTexts([])).toEqual([]);
      });

      it("applies migrations once: reopening the same store keeps the data", async () => {
        await store.insertManifests([toStore({ id: "kept" })]);
        store = await opened.reopen();
        expect(await store.countManifests()).toBe(1);
        expect((await store.insertManifests([toStore({ id: "kept" })]))[0]?.status).toBe(
          "duplicate",
        );
      });
    },
  );
}
