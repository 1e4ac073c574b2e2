// `svc poll`'s core against a local web server of real feeds (test/support/feed-server.ts) and
// a real store: every real feed yields valid Manifests, a second poll stores nothing new, each
// fault ends as a recorded, backed-off failure, edited items become revisions, and full text
// honours robots.txt.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MemoryRejects } from "../src/ingest/rejects-file.js";
import { normalizeManifest } from "../src/manifests/normalize.js";
import { createPoller, type PollerSettings } from "../src/poll/poller.js";
import type { ManifestStore } from "../src/store/manifest-store.js";
import { SqliteManifestStore } from "../src/store/sqlite/sqlite-store.js";
import { type FeedServer, startFeedServer, syntheticRss } from "./support/feed-server.js";
import { postgresBackend } from "./support/stores.js";

let server: FeedServer;
let tmp: string;
let store: ManifestStore;

beforeAll(async () => {
  server = await startFeedServer();
  tmp = mkdtempSync(join(tmpdir(), "svc-poll-"));
});

afterAll(async () => {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});

let storeCount = 0;
beforeEach(async () => {
  storeCount += 1;
  store = new SqliteManifestStore({ path: join(tmp, `store-${storeCount}.sqlite`) });
  return async () => store.close();
});

function subscriptionsFile(
  feeds: Array<Record<string, unknown>>,
  extra: Record<string, unknown> = {},
) {
  const path = join(tmp, `subscriptions-${storeCount}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify({ ...extra, feeds }));
  return path;
}

function poller(path: string, overrides: Partial<PollerSettings> = {}) {
  return createPoller({
    subscriptionsFile: path,
    allowPrivate: true,
    concurrency: 4,
    userAgent: "SVC-poll/test (+http://localhost)",
    policy: { timeoutMs: 1_500 },
    ...overrides,
  });
}

async function storedManifests() {
  return store.listManifests({ after: new Date(0), until: new Date("2100-01-01T00:00:00Z") });
}

describe("svc poll on real feeds", () => {
  it("turns every real feed into valid Manifests, and a second poll stores nothing new", async () => {
    const feeds = server.realFeeds.map((name) => ({
      url: `${server.origin}/feeds/${name}`,
      topic: "world",
    }));
    const run = poller(subscriptionsFile(feeds));
    const rejects = new MemoryRejects();
    const first = await run.poll({ store, rejects });
    expect(first.failures).toEqual([]);
    expect(first.outcomes).toEqual({ stored: server.realFeeds.length });
    expect(first.stored).toBeGreaterThan(300);
    // Refusals are items with nothing to read (media only), each with its reason.
    expect(first.rejected).toBeLessThan(first.items * 0.05);
    for (const reject of rejects.rejects) expect(reject.reasons.length).toBeGreaterThan(0);
    const manifests = await storedManifests();
    expect(manifests).toHaveLength(first.stored);
    for (const manifest of manifests) expect(normalizeManifest(manifest).ok).toBe(true);
    // Every feed contributed, under its own key.
    const keys = new Set(manifests.map((manifest) => manifest.id.split(":")[0]));
    expect(keys.size).toBe(server.realFeeds.length);
    // The ISO-8859-1 feed without an XML declaration reads right when HTTP names the charset.
    const uol = manifests.filter((manifest) => manifest.url.includes("uol.com.br"));
    expect(uol.length).toBeGreaterThan(0);
    expect(uol.map((manifest) => manifest.title).join(" ")).toMatch(/[ãçéíóú]/);
    expect(uol.map((manifest) => manifest.title).join(" ")).not.toContain("\uFFFD");

    // A feed that declares no language is judged on its items together.
    const livemint = manifests.filter((manifest) => manifest.url.includes("livemint.com"));
    expect(livemint.length).toBeGreaterThan(0);
    expect(new Set(livemint.map((manifest) => manifest.language))).toEqual(new Set(["en"]));

    const second = await run.poll({ store, rejects: new MemoryRejects(), force: true });
    expect(second.outcomes).toEqual({ not_modified: server.realFeeds.length });
    expect(second.stored).toBe(0);
    expect(await store.countManifests()).toBe(first.stored);
    // Nothing is due before its interval: a third, unforced poll fetches nothing.
    const third = await run.poll({ store, rejects: new MemoryRejects() });
    expect(third.notDue).toBe(server.realFeeds.length);
    run.close();
  }, 60_000);
});

describe("svc poll on faulty feeds", () => {
  it("records each fault with its reason and backs off, while good feeds are stored", async () => {
    const feeds = [
      {
        id: "redirected",
        url: `${server.origin}/redirect/3/guardian_2018-01-31.rss.xml`,
        topic: "world",
      },
      { id: "loop", url: `${server.origin}/loop/a`, topic: "world" },
      {
        id: "too-many",
        url: `${server.origin}/redirect/9/guardian_2018-01-31.rss.xml`,
        topic: "world",
      },
      { id: "error", url: `${server.origin}/error/500`, topic: "world" },
      { id: "stall", url: `${server.origin}/stall`, topic: "world" },
      { id: "slow", url: `${server.origin}/slow`, topic: "world" },
      { id: "huge", url: `${server.origin}/huge`, topic: "world" },
      { id: "garbage", url: `${server.origin}/garbage`, topic: "world" },
      { id: "missing", url: `${server.origin}/nothing-here.xml`, topic: "world" },
      { id: "wrong-charset", url: `${server.origin}/wrong-charset.xml`, topic: "world" },
      { id: "big", url: `${server.origin}/big-feed.xml`, topic: "world" },
    ];
    const run = poller(subscriptionsFile(feeds), {
      policy: { timeoutMs: 1_000, maxBytes: 10 * 1024 * 1024 },
    });
    const started = Date.now();
    const summary = await run.poll({ store, rejects: new MemoryRejects() });
    expect(Date.now() - started).toBeLessThan(20_000);
    const outcomeOf = new Map(
      (await store.listFeedStates()).map((state) => [state.feedKey, state]),
    );
    expect(outcomeOf.get("redirected")?.lastOutcome).toBe("stored");
    expect(outcomeOf.get("loop")?.lastOutcome).toBe("redirect_loop");
    expect(outcomeOf.get("too-many")?.lastOutcome).toBe("too_many_redirects");
    expect(outcomeOf.get("error")?.lastOutcome).toBe("http_status");
    expect(outcomeOf.get("stall")?.lastOutcome).toBe("timeout");
    expect(outcomeOf.get("slow")?.lastOutcome).toBe("stored");
    expect(outcomeOf.get("huge")?.lastOutcome).toBe("too_large");
    expect(outcomeOf.get("garbage")?.lastOutcome).toBe("invalid_feed");
    expect(outcomeOf.get("missing")?.lastOutcome).toBe("http_status");
    expect(outcomeOf.get("wrong-charset")?.lastOutcome).toBe("stored");
    expect(outcomeOf.get("big")?.lastOutcome).toBe("stored");
    expect(summary.failures.map((failure) => failure.key).sort()).toEqual([
      "error",
      "garbage",
      "huge",
      "loop",
      "missing",
      "stall",
      "too-many",
    ]);
    for (const key of ["loop", "too-many", "error", "stall", "huge", "garbage", "missing"]) {
      const state = outcomeOf.get(key);
      expect(state?.consecutiveFailures).toBe(1);
      expect(state?.lastError).toBeTruthy();
      // Backed off: twice the interval (30 min) at least; the 500's Retry-After says 1 h.
      expect(Date.parse(state?.nextDueAt ?? "") - Date.now()).toBeGreaterThan(59 * 60_000);
    }
    const big = (await storedManifests()).filter((manifest) => manifest.id.startsWith("big:"));
    expect(big).toHaveLength(10_000);
    run.close();
  }, 60_000);

  it("refuses private addresses unless allowed", async () => {
    const run = poller(
      subscriptionsFile([
        { id: "local", url: `${server.origin}/feeds/guardian_2018-01-31.rss.xml`, topic: "world" },
      ]),
      {
        allowPrivate: false,
      },
    );
    const summary = await run.poll({ store, rejects: new MemoryRejects() });
    expect(summary.failures.map((failure) => failure.outcome)).toEqual(["refused_address"]);
    expect(await store.countManifests()).toBe(0);
    run.close();
  });
});

describe("svc poll on edited items", () => {
  it("stores an edited item as a new revision that supersedes the old one", async () => {
    const rss = syntheticRss("edits", 3, server.origin);
    server.setMutable("edits", rss);
    const run = poller(
      subscriptionsFile([
        { id: "edits", url: `${server.origin}/mutable/edits.xml`, topic: "local" },
      ]),
    );
    const first = await run.poll({ store, rejects: new MemoryRejects() });
    expect(first.stored).toBe(3);
    server.setMutable(
      "edits",
      rss.replaceAll("approved the plan on Tuesday", "approved the amended plan on Tuesday"),
    );
    const second = await run.poll({ store, rejects: new MemoryRejects(), force: true });
    // Every item's text changed: three revisions, nothing overwritten.
    expect(second.stored).toBe(3);
    expect(second.revisions).toBe(3);
    const manifests = await storedManifests();
    expect(manifests).toHaveLength(6);
    const revisions = manifests.filter((manifest) => manifest.id.endsWith(".r2"));
    expect(revisions).toHaveLength(3);
    for (const revision of revisions) {
      expect(revision.supersedes).toBe(revision.id.replace(/\.r2$/, ""));
      expect(revision.text).toContain("amended");
    }
    // Same content again: nothing new.
    server.setMutable(
      "edits",
      rss
        .replaceAll("approved the plan on Tuesday", "approved the amended plan on Tuesday")
        .replace("<title>edits</title>", "<title>edits (touched)</title>"),
    );
    const third = await run.poll({ store, rejects: new MemoryRejects(), force: true });
    expect(third.stored).toBe(0);
    expect(third.unchanged).toBe(3);
    run.close();
  });
});

describe("svc poll with full text", () => {
  it("replaces teasers with the article's text, except where robots.txt forbids it", async () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Teasers</title><link>${server.origin}/</link><language>en</language>
<item><title>Open article</title><link>${server.origin}/articles/open-1</link><guid>open-1</guid><pubDate>Tue, 24 Nov 2026 08:00:00 GMT</pubDate><description>A short teaser.</description></item>
<item><title>Private article</title><link>${server.origin}/articles/private/secret-1</link><guid>private-1</guid><pubDate>Tue, 24 Nov 2026 08:00:00 GMT</pubDate><description>Another teaser.</description></item>
</channel></rss>`;
    server.setMutable("teasers", rss);
    const run = poller(
      subscriptionsFile([
        {
          id: "teasers",
          url: `${server.origin}/mutable/teasers.xml`,
          topic: "local",
          full_text: true,
        },
      ]),
    );
    const summary = await run.poll({ store, rejects: new MemoryRejects() });
    expect(summary.fullText).toEqual({ extracted: 1, refusedByRobots: 1, failed: 0 });
    const byTitle = new Map(
      (await storedManifests()).map((manifest) => [manifest.title, manifest]),
    );
    expect(byTitle.get("Open article")?.text).toContain("Paragraph 12 of the full article");
    expect(byTitle.get("Open article")?.text).not.toContain("Photo: Someone");
    expect(byTitle.get("Private article")?.text).toBe("Another teaser.");
    expect(server.hits.get("/articles/private/secret-1")).toBeUndefined();
    run.close();
  });
});

describe("svc poll rejects", () => {
  it("sends items with nothing to read to the rejects sink with reasons, and stores the rest", async () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Mixed</title><link>${server.origin}/</link><language>en</language>
<item><title>Words</title><link>${server.origin}/a/1</link><guid>w-1</guid><description>Real text here.</description></item>
<item><enclosure url="${server.origin}/a.mp3" type="audio/mpeg" length="1"/><guid>m-1</guid></item>
</channel></rss>`;
    server.setMutable("mixed", rss);
    const run = poller(
      subscriptionsFile([
        { id: "mixed", url: `${server.origin}/mutable/mixed.xml`, topic: "local" },
      ]),
    );
    const rejects = new MemoryRejects();
    const summary = await run.poll({ store, rejects });
    expect(summary.stored).toBe(1);
    expect(summary.rejected).toBe(1);
    expect(rejects.rejects[0]?.source).toContain("/mutable/mixed.xml#item-2");
    expect(rejects.rejects[0]?.reasons.join(" ")).toMatch(/text/);
    run.close();
  });
});

describe.skipIf(postgresBackend.skipReason !== undefined)(
  `svc poll into PostgreSQL${postgresBackend.skipReason ? ` (skipped: ${postgresBackend.skipReason})` : ""}`,
  () => {
    it("stores a feed's items, its state and revisions, and a second poll stores nothing new", async () => {
      const opened = await postgresBackend.open();
      try {
        const rss = syntheticRss("pg", 20, server.origin);
        server.setMutable("pg", rss);
        const run = poller(
          subscriptionsFile([{ id: "pg", url: `${server.origin}/mutable/pg.xml`, topic: "local" }]),
        );
        const first = await run.poll({ store: opened.store, rejects: new MemoryRejects() });
        expect(first.stored).toBe(20);
        const again = await run.poll({
          store: opened.store,
          rejects: new MemoryRejects(),
          force: true,
        });
        expect(again.outcomes).toEqual({ not_modified: 1 });
        server.setMutable("pg", rss.replace("pg report 0:", "pg report 0 (updated):"));
        const edited = await run.poll({
          store: opened.store,
          rejects: new MemoryRejects(),
          force: true,
        });
        expect([edited.stored, edited.revisions, edited.unchanged]).toEqual([1, 1, 19]);
        expect(await opened.store.countManifests()).toBe(21);
        const [state] = await opened.store.listFeedStates();
        expect(state).toMatchObject({ feedKey: "pg", lastOutcome: "stored", itemsStored: 21 });
        run.close();
      } finally {
        await opened.cleanup();
      }
    });
  },
);
