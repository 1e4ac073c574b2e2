// The feed poller's state on every store backend: one poll is one transaction, unchanged
// items are not recorded twice, a conflict leaves its item to be tried again.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toStore } from "../../test/support/manifests.js";
import { type OpenedTestStore, STORE_BACKENDS } from "../../test/support/stores.js";
import type { FeedItemRevision, FeedState } from "./feed-states.js";
import type { ManifestStore } from "./manifest-store.js";

const state = (overrides: Partial<FeedState> = {}): FeedState => ({
  feedKey: "example-news",
  url: "https://example.org/feed.xml",
  etag: '"v1"',
  lastModified: "Tue, 24 Nov 2026 10:00:00 GMT",
  lastPolledAt: "2026-11-24T10:00:00.000Z",
  lastSuccessAt: "2026-11-24T10:00:00.000Z",
  lastOutcome: "stored",
  lastError: null,
  consecutiveFailures: 0,
  nextDueAt: "2026-11-24T10:30:00.000Z",
  itemsStored: 0,
  ...overrides,
});

const item = (itemKey: string, manifestId: string, revision = 1): FeedItemRevision => ({
  feedKey: "example-news",
  itemKey,
  revision,
  digest: `digest-${manifestId}`,
  manifestId,
});

for (const backend of STORE_BACKENDS) {
  describe.skipIf(backend.skipReason !== undefined)(
    `feed states: ${backend.name}${backend.skipReason ? ` (skipped: ${backend.skipReason})` : ""}`,
    () => {
      let store: ManifestStore;
      let opened: OpenedTestStore;

      beforeEach(async () => {
        opened = await backend.open();
        store = opened.store;
      });
      afterEach(async () => {
        await opened.cleanup();
      });

      it("stores a poll's Manifests, item revisions and feed state together", async () => {
        const outcomes = await store.savePoll({
          state: state(),
          manifests: [toStore({ id: "example-news:a" }), toStore({ id: "example-news:b" })],
          items: [item("guid-a", "example-news:a"), item("guid-b", "example-news:b")],
        });
        expect(outcomes.map((outcome) => outcome.status)).toEqual(["stored", "stored"]);
        expect(await store.countManifests()).toBe(2);
        const items = await store.getFeedItems("example-news");
        expect([...items.keys()].sort()).toEqual(["guid-a", "guid-b"]);
        expect(items.get("guid-a")).toEqual(item("guid-a", "example-news:a"));
        const [saved] = await store.listFeedStates();
        expect(saved).toEqual(state({ itemsStored: 2 }));
      });

      it("updates the state and a revision in place, and counts only new Manifests", async () => {
        await store.savePoll({
          state: state(),
          manifests: [toStore({ id: "example-news:a" })],
          items: [item("guid-a", "example-news:a")],
        });
        await store.savePoll({
          state: state({ itemsStored: 1, etag: '"v2"' }),
          manifests: [toStore({ id: "example-news:a" }), toStore({ id: "example-news:a.r2" })],
          items: [item("guid-a", "example-news:a"), item("guid-a", "example-news:a.r2", 2)],
        });
        expect((await store.getFeedItems("example-news")).get("guid-a")?.revision).toBe(2);
        const [saved] = await store.listFeedStates();
        expect(saved?.etag).toBe('"v2"');
        expect(saved?.itemsStored).toBe(2);
      });

      it("records a failed poll's state without Manifests", async () => {
        await store.savePoll({
          state: state({
            lastOutcome: "timeout",
            lastError: "no answer in 20 s",
            consecutiveFailures: 3,
          }),
          manifests: [],
          items: [],
        });
        const [saved] = await store.listFeedStates();
        expect(saved?.consecutiveFailures).toBe(3);
        expect(saved?.lastError).toBe("no answer in 20 s");
        expect(await store.getFeedItems("example-news")).toEqual(new Map());
      });

      it("leaves an item unrecorded when its id conflicts with a stored record", async () => {
        await store.insertManifests([toStore({ id: "example-news:a", title: "Stored elsewhere" })]);
        const outcomes = await store.savePoll({
          state: state(),
          manifests: [toStore({ id: "example-news:a", title: "From the feed" })],
          items: [item("guid-a", "example-news:a")],
        });
        expect(outcomes[0]?.status).toBe("conflict");
        expect((await store.getFeedItems("example-news")).size).toBe(0);
      });

      it("keeps the state across a reopen (migrations run once)", async () => {
        await store.savePoll({ state: state(), manifests: [], items: [] });
        store = await opened.reopen();
        expect((await store.listFeedStates()).map((feed) => feed.feedKey)).toEqual([
          "example-news",
        ]);
      });
    },
  );
}
