// The edition builder on the demo corpus and on constructed cases, with a clustering that
// knows the true events (the real clustering is measured in src/editorial/cluster).
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BASE_URL,
  buildDeps,
  clusterByKey,
  expectValidStory,
  storeManifests,
} from "../../test/support/build.js";
import { manifestInput } from "../../test/support/manifests.js";
import { type OpenedTestStore, sqliteBackend } from "../../test/support/stores.js";
import { packageRoot } from "../config/package-root.js";
import { loadDemoCorpus } from "../demo/demo-corpus.js";
import { placeDemoManifests } from "../demo/place-demo.js";
import type { ManifestStore } from "../store/manifest-store.js";
import { buildEdition, saveEdition } from "./build-edition.js";
import { HOUR_MS } from "../time/cut-time.js";

const CUT = new Date("2026-11-21T12:00:00Z");
const demoKey = (id: string) => (id.startsWith("demo:") ? id.split(":").slice(1, 3).join(":") : id);
const byDemoEvent = clusterByKey(demoKey);
const corpus = loadDemoCorpus(join(packageRoot(), "demo"));

let opened: OpenedTestStore;
let store: ManifestStore;
beforeEach(async () => {
  opened = await sqliteBackend.open();
  store = opened.store;
});
afterEach(async () => {
  await opened.cleanup();
});

async function loadDemo(now: Date) {
  await storeManifests(store, placeDemoManifests(corpus, { now, cycles: 2 }));
}

describe("buildEdition on the demo corpus", () => {
  it("makes one valid story per event of the window, every claim copied and cited", async () => {
    await loadDemo(CUT);
    const edition = await buildEdition(CUT, buildDeps(store, byDemoEvent));
    const inWindow = placeDemoManifests(corpus, { now: CUT, cycles: 2 }).filter(
      (m) => Date.parse(m.published_at) > CUT.getTime() - 24 * HOUR_MS,
    );
    expect(edition.manifestCount).toBe(inWindow.length);
    expect(edition.stories).toHaveLength(new Set(inWindow.map((m) => demoKey(m.id))).size);
    for (const { story } of edition.stories) expectValidStory(story);
    expect(new Set(edition.stories.map((s) => `${s.identity.date}/${s.identity.slug}`)).size).toBe(
      edition.stories.length,
    );
  });

  it("marks stories whose sources disagree as contested, naming the sources", async () => {
    await loadDemo(CUT);
    const edition = await buildEdition(CUT, buildDeps(store, byDemoEvent));
    const contested = edition.stories.filter(({ story }) => story.trust === "contested");
    expect(contested.length).toBeGreaterThanOrEqual(3);
    for (const { story } of contested) {
      expect(story.unresolved?.length).toBeGreaterThan(0);
      for (const point of story.unresolved ?? [])
        expect(point).toMatch(/^Sources differ: .+ according to .+; .+ according to .+\.$/);
    }
    // Trust follows the publishers: one is single-source, several are corroborated unless a
    // quantity is disputed, whatever the wording of their sentences.
    for (const { story } of edition.stories) {
      if ((story.source_count ?? 0) < 2) expect(story.trust).toBe("single-source");
      else expect(story.trust).toBe(story.unresolved?.length ? "contested" : "corroborated");
    }
  });

  it("leads with a fact several publishers state and never repeats a claim in the key facts", async () => {
    await loadDemo(CUT);
    const edition = await buildEdition(CUT, buildDeps(store, byDemoEvent));
    const multi = edition.stories.filter(({ story }) => (story.source_count ?? 0) >= 4);
    expect(multi.length).toBeGreaterThan(5);
    // The dek leads the key facts, and its claim is stated by two or more publishers (in
    // any wording) in most multi-publisher stories.
    for (const { story } of multi) expect(story.key_facts?.[0]?.text).toBe(story.dek);
    const corroboratedLead = multi.filter(
      ({ story }) => (story.key_facts?.[0]?.corroborated_by ?? 0) >= 2,
    );
    expect(corroboratedLead.length).toBeGreaterThanOrEqual(multi.length * 0.75);
    for (const { story } of edition.stories) {
      const texts = (story.key_facts ?? []).map((fact) => fact.text);
      expect(new Set(texts).size).toBe(texts.length);
      const known = story.sections.find((section) => section.heading === "What we know");
      for (const paragraph of known?.paragraphs ?? []) expect(texts).not.toContain(paragraph.text);
    }
  });

  it("gives the same edition, byte for byte, when built twice or rebuilt after saving", async () => {
    await loadDemo(CUT);
    const first = await buildEdition(CUT, buildDeps(store, byDemoEvent));
    await saveEdition(store, first);
    const again = await buildEdition(CUT, buildDeps(store, byDemoEvent));
    expect(JSON.stringify(again.stories)).toBe(JSON.stringify(first.stories));
    expect(JSON.stringify(again.roundups)).toBe(JSON.stringify(first.roundups));
  });

  it("gives the same bytes when stories are composed in worker threads", async () => {
    await loadDemo(CUT);
    const inline = await buildEdition(CUT, buildDeps(store, byDemoEvent));
    const threaded = await buildEdition(CUT, {
      ...buildDeps(store, byDemoEvent),
      workers: 2,
      workerThreshold: 1,
    });
    expect(JSON.stringify(threaded.stories)).toBe(JSON.stringify(inline.stories));
  });

  it("gives the same bytes when worker threads also group the topics (the shipped clustering)", async () => {
    await loadDemo(CUT);
    const inline = await buildEdition(CUT, buildDeps(store));
    const threaded = await buildEdition(CUT, {
      ...buildDeps(store),
      workers: 2,
      workerThreshold: 1,
    });
    expect(inline.stories.length).toBeGreaterThan(10);
    expect(JSON.stringify(threaded.stories)).toBe(JSON.stringify(inline.stories));
    expect(threaded.hygiene).toEqual(inline.hygiene);
  });

  it("continues a story of the previous edition: same date, slug and URL, refreshed content", async () => {
    await loadDemo(new Date(CUT.getTime() + 12 * HOUR_MS));
    const earlier = await buildEdition(CUT, buildDeps(store, byDemoEvent));
    await saveEdition(store, earlier);
    const next = new Date(CUT.getTime() + 12 * HOUR_MS);
    const later = await buildEdition(next, buildDeps(store, byDemoEvent));
    const continued = later.stories.filter((story) => story.continued);
    expect(continued.length).toBeGreaterThan(3);
    for (const story of continued) {
      const before = earlier.stories.find(
        (s) => s.identity.slug === story.identity.slug && s.identity.date === story.identity.date,
      );
      expect(before, story.identity.slug).toBeDefined();
      expect(story.story.url).toBe(before?.story.url);
      expect(story.story.published_at).toBe(before?.story.published_at);
      expect(story.story.updated_at).toBe(next.toISOString());
      expect(story.memberIds.some((id) => before?.memberIds.includes(id))).toBe(true);
    }
    const fresh = later.stories.filter((story) => !story.continued);
    for (const story of fresh) expect(story.identity.date).toBe("2026-11-22");
  });

  it("groups stories that share a beat into roundups", async () => {
    await loadDemo(CUT);
    const edition = await buildEdition(CUT, buildDeps(store, byDemoEvent));
    for (const roundup of edition.roundups) {
      expect(roundup.stories.length).toBeGreaterThanOrEqual(2);
      for (const entry of roundup.stories) {
        const built = edition.stories.find(({ story }) => story.slug === entry.slug);
        expect(built?.story.beat).toBe(roundup.beat);
      }
    }
  });
});

describe("buildEdition edge cases", () => {
  const manifestAt = (
    id: string,
    hoursBeforeCut: number,
    overrides: Record<string, unknown> = {},
  ) =>
    manifestInput({
      id,
      published_at: new Date(CUT.getTime() - hoursBeforeCut * HOUR_MS).toISOString(),
      captured_at: new Date(CUT.getTime() - hoursBeforeCut * HOUR_MS + 60_000).toISOString(),
      ...overrides,
    });

  it("builds a valid empty edition from an empty window", async () => {
    await storeManifests(store, [manifestAt("old", 30)]);
    const edition = await buildEdition(CUT, buildDeps(store, byDemoEvent, ["world", "science"]));
    expect(edition).toMatchObject({ manifestCount: 0, stories: [], roundups: [] });
  });

  it("makes a single-source story of one Manifest, including one published exactly at the cut", async () => {
    await storeManifests(store, [manifestAt("only", 0)]);
    const edition = await buildEdition(CUT, buildDeps(store, byDemoEvent));
    expect(edition.stories).toHaveLength(1);
    const story = edition.stories[0]?.story;
    expect(story?.trust).toBe("single-source");
    expect(story?.source_count).toBe(1);
    expect(story?.cited_manifest_ids).toEqual(["only"]);
    if (story) expectValidStory(story);
  });

  it("composes a story from a Manifest whose text has no sentence, citing its title", async () => {
    await storeManifests(store, [
      manifestAt("bare", 2, { title: "Polls close in Kessa", text: "—" }),
    ]);
    const edition = await buildEdition(CUT, buildDeps(store, byDemoEvent));
    const story = edition.stories[0]?.story;
    expect(story?.headline).toBe("Polls close in Kessa");
    // No sentence states the event, so there is no dek (optional in the spec), rather than
    // the headline said twice.
    expect(story?.dek).toBeUndefined();
    expect(story?.key_facts).toEqual([]);
    expect(story?.trust).toBe("single-source");
    if (story) expectValidStory(story);
  });

  it("merges wire copies repeated by many outlets into one fact citing all of them", async () => {
    const wire =
      "ALDERMOOR — The central bank raised its main rate to 4.5 percent on Thursday. The decision was unanimous.";
    const outlets = Array.from({ length: 6 }, (_, index) =>
      manifestAt(`wire-${index}`, 5 - index * 0.1, {
        title: "Central bank raises its main rate",
        text: index === 0 ? wire : wire.replace("ALDERMOOR — ", ""),
        publisher: { name: `Outlet ${index}`, domain: `outlet${index}.example` },
      }),
    );
    await storeManifests(store, outlets);
    const edition = await buildEdition(
      CUT,
      buildDeps(store, () => [outlets.map((m) => m.id as string)]),
    );
    const story = edition.stories[0]?.story;
    expect(story?.trust).toBe("corroborated");
    expect(story?.key_facts?.[0]?.manifest_ids).toHaveLength(6);
    if (story) expectValidStory(story);
  });

  it("caps citations of a fact stated by 10,000 Manifests, one per publisher first", async () => {
    const text = "The bridge closed on Friday. Engineers found cracks in the main span.";
    const many = Array.from({ length: 10_000 }, (_, index) =>
      manifestAt(`copy-${index}`, 20 - index / 1000, {
        title: "Bridge closed after cracks found",
        text,
        publisher: { name: `Outlet ${index % 50}`, domain: `outlet${index % 50}.example` },
      }),
    );
    await storeManifests(store, many);
    const edition = await buildEdition(
      CUT,
      buildDeps(store, (documents) => [documents.map((d) => d.id)]),
    );
    const story = edition.stories[0]?.story;
    expect(story?.source_count).toBe(50);
    expect((story as { manifest_count?: number }).manifest_count).toBe(10_000);
    const fact = story?.key_facts?.[0];
    expect(fact?.stated_by).toBe(10_000);
    expect(fact?.manifest_ids).toHaveLength(20);
    expect(new Set(fact?.manifest_ids.map((id) => Number(id.split("-")[1]) % 50)).size).toBe(20);
    if (story) expectValidStory(story);
  });

  it("composes stories in other languages with sentences copied verbatim", async () => {
    await storeManifests(store, [
      manifestAt("de-1", 3, {
        language: "de",
        title: "Brücke in Hamburg nach Rissen gesperrt",
        text: "Die Köhlbrandbrücke wurde am Freitag gesperrt. Ingenieure fanden Risse im Hauptträger. Die Sperrung dauert mindestens zehn Tage.",
      }),
      manifestAt("ja-1", 2, {
        language: "ja",
        topic: "science",
        title: "東京で新しい望遠鏡が完成",
        text: "東京大学は新しい望遠鏡の完成を発表した。観測は来月から始まる。費用は約八十億円だった。",
      }),
      manifestAt("ru-1", 1, {
        language: "ru",
        topic: "sport",
        title: "Москва выиграла кубок",
        text: "Команда из Москвы выиграла кубок в субботу. Финал закончился со счетом 2:1.",
      }),
    ]);
    const edition = await buildEdition(
      CUT,
      buildDeps(store, (documents) => documents.map((d) => [d.id])),
    );
    expect(edition.stories).toHaveLength(3);
    for (const { story } of edition.stories) expectValidStory(story);
    const slugs = edition.stories.map(({ story }) => story.slug);
    expect(slugs).toContain("moskva-vyigrala-kubok");
    expect(slugs.every((slug) => /^[a-z0-9-]{3,80}$/.test(slug))).toBe(true);
  });

  it("adds a Manifest that arrives after its story was built to that story in the next edition", async () => {
    const base = { publisher: { name: "A", domain: "a.example" } };
    await storeManifests(store, [manifestAt("first", 14, base)]);
    const cluster = (documents: readonly { id: string }[]) => [documents.map((d) => d.id)];
    const earlierCut = new Date(CUT.getTime() - 12 * HOUR_MS);
    const earlier = await buildEdition(earlierCut, buildDeps(store, cluster));
    await saveEdition(store, earlier);
    await storeManifests(store, [
      manifestAt("late", 13, { ...base, publisher: { name: "B", domain: "b.example" } }),
    ]);
    const later = await buildEdition(CUT, buildDeps(store, cluster));
    expect(later.stories).toHaveLength(1);
    expect(later.stories[0]?.continued).toBe(true);
    expect(later.stories[0]?.story.url).toBe(earlier.stories[0]?.story.url);
    expect(later.stories[0]?.memberIds).toEqual(["first", "late"]);
    expect(later.stories[0]?.story.source_count).toBe(2);
  });

  it("gives two events with the same headline distinct slugs on one date", async () => {
    await storeManifests(store, [manifestAt("x1", 3), manifestAt("x2", 2)]);
    const edition = await buildEdition(
      CUT,
      buildDeps(store, (documents) => documents.map((d) => [d.id])),
    );
    const slugs = edition.stories.map(({ story }) => story.slug);
    expect(slugs).toEqual(["council-approves-budget", "council-approves-budget-2"]);
    for (const { story } of edition.stories)
      expect(story.url.startsWith(`${BASE_URL}/stories/2026-11-21/`)).toBe(true);
  });
});

describe("buildEdition: boilerplate over the store's recent history", () => {
  // A standing line of one publisher: a statement by its shape, so only its repetition in
  // an unrelated report tells it is furniture.
  const STANDING = "The Tessel Gazette is owned by Harbour Media Group and printed in Port Ellis.";
  const gazette = { name: "Tessel Gazette", domain: "gazette.example" };
  const today = manifestInput({
    id: "today",
    publisher: gazette,
    title: "Harbour bridge reopens after storm repairs",
    text: [
      "The harbour bridge in Tessel reopened on Monday after three weeks of storm repairs.",
      STANDING,
      "Engineers replaced four damaged cables on the Tessel bridge, the council said.",
    ].join("\n"),
    published_at: new Date(CUT.getTime() - 2 * HOUR_MS).toISOString(),
  });
  // The day before the window: an unrelated report of the same publisher with the same line.
  const yesterday = manifestInput({
    id: "yesterday",
    publisher: gazette,
    title: "Varrowby school budget adds forty teachers",
    text: [
      "The Varrowby council approved a school budget that adds forty teachers next year.",
      STANDING,
    ].join("\n"),
    published_at: new Date(CUT.getTime() - 30 * HOUR_MS).toISOString(),
  });
  const shownTexts = (edition: Awaited<ReturnType<typeof buildEdition>>) =>
    edition.stories.flatMap(({ story }) => [
      story.dek ?? "",
      ...(story.key_facts ?? []).map((fact) => fact.text),
      ...story.sections.flatMap((section) => section.paragraphs.map((p) => p.text)),
    ]);

  it("drops a line the publisher also wrote in an unrelated report before the window", async () => {
    await storeManifests(store, [today, yesterday]);
    const edition = await buildEdition(CUT, buildDeps(store));
    expect(edition.stories).toHaveLength(1);
    expect(edition.hygiene.dropped.boilerplate).toBe(1);
    expect(shownTexts(edition)).not.toContain(STANDING);
  });

  it("keeps it when the window alone holds it", async () => {
    await storeManifests(store, [today]);
    const edition = await buildEdition(CUT, buildDeps(store));
    expect(edition.hygiene.dropped.boilerplate).toBe(0);
    expect(shownTexts(edition)).toContain(STANDING);
  });
});

describe("buildEdition: events with nothing to publish", () => {
  const abc = { name: "abcnews.example", domain: "abcnews.example" };
  const frontPage = manifestInput({
    id: "front-page",
    publisher: abc,
    title: "ABC News",
    text: [
      "External links are provided for reference purposes.",
      "Copyright © 2026 ABC News Internet Ventures.",
    ].join("\n"),
    published_at: new Date(CUT.getTime() - 2 * HOUR_MS).toISOString(),
  });
  const report = manifestInput({
    id: "report",
    title: "Harbour bridge reopens after storm repairs",
    text: "The harbour bridge in Tessel reopened on Monday after three weeks of storm repairs.",
    published_at: new Date(CUT.getTime() - 3 * HOUR_MS).toISOString(),
  });

  it("holds back a page whose title names nothing and whose text states nothing, and counts it", async () => {
    await storeManifests(store, [frontPage, report]);
    const edition = await buildEdition(CUT, buildDeps(store));
    expect(edition.stories.map(({ story }) => story.headline)).toEqual([
      "Harbour bridge reopens after storm repairs",
    ]);
    expect(edition.held).toBe(1);
    // The same in worker threads.
    const threaded = await buildEdition(CUT, {
      ...buildDeps(store),
      workers: 2,
      workerThreshold: 1,
    });
    expect(threaded.held).toBe(1);
  });
});

describe("buildEdition and advertising", () => {
  const hoursBefore = (hours: number) => new Date(CUT.getTime() - hours * HOUR_MS).toISOString();
  const blog = { name: "A Tech Blog", domain: "blog.example" };
  const sponsorPost = manifestInput({
    id: "sponsor",
    publisher: blog,
    url: "https://blog.example/feeds/sponsors/2026/11/timer",
    title: "[Sponsor] Timer: automatic time tracking for the Mac",
    text: "Timer tracks which apps and documents you use. It keeps the data on your Mac.",
    published_at: hoursBefore(2),
  });
  const thanks = manifestInput({
    id: "thanks",
    publisher: blog,
    url: "https://blog.example/linked/2026/11/domains",
    title: "Harbour Domains",
    text: "My thanks to Harbour for sponsoring last week's feed. Buying a domain from Harbour is quick.",
    published_at: hoursBefore(3),
  });
  const report = manifestInput({
    id: "report",
    publisher: blog,
    url: "https://blog.example/2026/11/21/mac-sales",
    title: "Mac sales rose 12% in the third quarter",
    text: "Mac sales rose 12% in the third quarter, the company said on Thursday.",
    published_at: hoursBefore(4),
  });

  it("leaves what its publisher labels as advertising out of every story, and counts its sentences", async () => {
    await storeManifests(store, [sponsorPost, thanks, report]);
    for (const deps of [
      buildDeps(store),
      // Worker threads, and a clustering given by the caller that groups the ads with the news.
      { ...buildDeps(store), workers: 2, workerThreshold: 1 },
      buildDeps(store, () => [["sponsor", "thanks", "report"]]),
    ]) {
      const edition = await buildEdition(CUT, deps);
      expect(edition.stories.map(({ story }) => story.headline)).toEqual([
        "Mac sales rose 12% in the third quarter",
      ]);
      expect(edition.stories[0]?.memberIds).toEqual(["report"]);
      expect(edition.hygiene.dropped.advertisement).toBe(4);
      expect(edition.advertisements).toBe(2);
      expect(edition.held).toBe(0);
    }
  });
});
