// `svc build` + `svc publish` through the built command line on the demo corpus: every file
// of the spec in a live tree that validates against openapi.json, unchanged files linked,
// the archive kept, old trees pruned, and a publisher killed at any point never breaking
// what readers see.
import { spawn } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { isDeepStrictEqual } from "node:util";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LatestStories, StoryList } from "../src/api/story-lists.js";
import { EDITION_INTERVAL_MS } from "../src/time/cut-time.js";
import { manifestInput } from "./support/manifests.js";
import { matchPath, type OpenApiDocument, validateBody } from "./support/openapi-contract.js";
import { ROOT, runSvc } from "./support/svc-cli.js";

const BASE = "https://svc.test";
const CUT = "2026-11-21T12:00:00.000Z";
const NEXT_CUT = "2026-11-22T00:00:00.000Z";
const CRASH_DRIVER = join(ROOT, "test", "fixtures", "publish-until-killed.mjs");

let dataDir: string;
const env = (extra: Record<string, string> = {}) => ({
  SVC_DATA_DIR: dataDir,
  SVC_BASE_URL: BASE,
  ...extra,
});
const live = (path = "") => join(dataDir, "public", path);
const readLive = (path: string) => readFileSync(live(path), "utf8");
const readJson = <T>(path: string) => JSON.parse(readLive(path)) as T;

function filesUnder(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      // Story dates are links to archive buckets: follow them as readers do.
      if (statSync(path).isDirectory()) walk(path);
      else found.push(relative(root, path));
    }
  };
  walk(root);
  return found.sort();
}

function treeNames(): string[] {
  return readdirSync(join(dataDir, "trees"))
    .filter((name) => /^\d{8}T\d{6}Z-\d{4}$/.test(name))
    .sort();
}

/** Bytes of every file of the live tree, by path. */
function snapshot(): Map<string, string> {
  const root = realpathSync(live());
  return new Map(filesUnder(root).map((path) => [path, readFileSync(join(root, path), "utf8")]));
}

const CONTENT_TYPES: Record<string, string> = {
  "editions/feed.json": "application/feed+json",
  "mcp/server-card": "application/mcp-server-card+json",
  ".well-known/mcp/server-card.json": "application/mcp-server-card+json",
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "svc-publish-cli-"));
  expect((await runSvc(["demo", "--at", CUT], env())).code).toBe(0);
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe("svc publish", () => {
  it("says what to do when no edition has been built", async () => {
    const run = await runSvc(["publish", "--at", CUT], env());
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("no edition has been built");
    expect(run.stderr).toContain("svc build");
  });

  it("replaces a public directory left by an older version with the live link", async () => {
    mkdirSync(live("stories"), { recursive: true });
    writeFileSync(live("stories/old.txt"), "old");
    const built = await runSvc(["build", "--at", CUT, "--json"], env());
    expect(built.code, built.stderr).toBe(0);
    expect(lstatSync(live()).isSymbolicLink()).toBe(true);
    expect(existsSync(live("stories/old.txt"))).toBe(false);
  });

  it("publishes every file of the spec, with absolute links that point into the tree", () => {
    for (const path of [
      "editions/latest.json",
      "editions/feed.json",
      "editions/feed.xml",
      "editions/atom.xml",
      "roundups/index.json",
      ".well-known/reuse.json",
      "openapi.json",
      ".well-known/mcp/server-card.json",
      ".well-known/mcp/catalog.json",
      "mcp/server-card",
      "llms.txt",
    ]) {
      expect(existsSync(live(path)), path).toBe(true);
    }
    const latest = readJson<LatestStories>("editions/latest.json");
    expect(latest.generated_at).toBe(CUT);
    expect(latest.stories.length).toBeGreaterThan(15);
    expect(latest.published_last_24h?.length).toBeGreaterThanOrEqual(latest.stories.length);
    expect(latest.feeds).toEqual({
      json_feed: `${BASE}/editions/feed.json`,
      rss: `${BASE}/editions/feed.xml`,
      atom: `${BASE}/editions/atom.xml`,
    });
    for (const summary of latest.published_last_24h ?? []) {
      for (const link of [summary.json, summary.markdown]) {
        expect(link?.startsWith(`${BASE}/stories/`)).toBe(true);
        expect(existsSync(live((link ?? "").slice(BASE.length + 1))), link).toBe(true);
      }
      expect(summary.url).toBe((summary.json ?? "").replace(/index\.json$/, ""));
    }
    for (const newsroom of latest.newsrooms ?? []) {
      const list = readJson<StoryList>(`n/${newsroom.id}/index.json`);
      expect(newsroom.json).toBe(`${BASE}/n/${newsroom.id}/index.json`);
      expect(list.story_count).toBe(list.stories.length);
      const times = list.stories.map((story) => String(story.updated_at));
      expect(times).toEqual([...times].sort().reverse());
    }
    const story = readLive(
      `${(latest.stories[0]?.markdown ?? "").slice(BASE.length + 1).replace(/index\.md$/, "")}index.md`,
    );
    expect(story).toContain(`# ${latest.stories[0]?.headline ?? "?"}`);
    expect(readLive("llms.txt")).toContain(`${BASE}/editions/latest.json`);
  });

  it("publishes the pages for people: home, topics, roundups, developers, 404 and every story", () => {
    for (const path of [
      "index.html",
      "404.html",
      "assets/site.css",
      "roundups/index.html",
      "developers/index.html",
    ]) {
      expect(existsSync(live(path)), path).toBe(true);
    }
    const latest = readJson<LatestStories>("editions/latest.json");
    for (const newsroom of latest.newsrooms ?? []) {
      expect(readLive(`n/${newsroom.id}/index.html`)).toContain(`<h1>${newsroom.title}</h1>`);
    }
    const home = readLive("index.html");
    for (const summary of latest.published_last_24h ?? []) {
      const page = readLive(`${summary.url.slice(BASE.length + 1)}index.html`);
      expect(page).toContain(`<link rel="canonical" href="${summary.url}">`);
      expect(page).toContain(`href="${summary.json ?? ""}"`);
      expect(page).toContain('<script type="application/ld+json">');
    }
    for (const summary of latest.stories) expect(home).toContain(`href="${summary.url}"`);
    expect(readLive("developers/index.html")).toContain(`${BASE}/editions/latest.json`);
    expect(readLive("llms.txt")).toContain(`${BASE}/developers/`);
  });

  it("publishes JSON that validates against its schema in the published openapi.json", () => {
    const doc = readJson<OpenApiDocument>("openapi.json");
    const root = realpathSync(live());
    const problems: string[] = [];
    let checked = 0;
    for (const path of filesUnder(root)) {
      if (!path.endsWith(".json") && !path.startsWith("mcp/")) continue;
      const urlPath = `/${path}`;
      expect(matchPath(doc, urlPath), `${urlPath} is described in openapi.json`).toBeDefined();
      const contentType = CONTENT_TYPES[path] ?? "application/json";
      const body = JSON.parse(readFileSync(join(root, path), "utf8")) as unknown;
      problems.push(
        ...validateBody(doc, { path: urlPath, method: "get", status: 200, contentType }, body),
      );
      checked += 1;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });

  it("declares every field it publishes: each JSON file passes its schema made strict", () => {
    const doc = strictDocument(readJson<OpenApiDocument>("openapi.json"));
    const root = realpathSync(live());
    const problems: string[] = [];
    for (const path of filesUnder(root)) {
      if (!path.endsWith(".json") || path === "openapi.json" || path.startsWith("mcp/")) continue;
      if (path === "editions/feed.json" || path.startsWith(".well-known/mcp")) continue;
      const body = JSON.parse(readFileSync(join(root, path), "utf8")) as unknown;
      const target = {
        path: `/${path}`,
        method: "get" as const,
        status: 200,
        contentType: "application/json",
      };
      problems.push(...validateBody(doc, target, body));
    }
    // One line per kind of problem: paths of story files and list positions folded.
    const kinds = problems.map((problem) =>
      problem.replace(/\/stories\/[^ ]+/, "/stories/…").replace(/\/\d+/g, "/N"),
    );
    expect([...new Set(kinds)]).toEqual([]);
  });

  it("publishes feeds a feed reader reads, with every story of the list window", async () => {
    const latest = readJson<LatestStories>("editions/latest.json");
    const inWindow = new Set(
      (latest.newsrooms ?? []).flatMap((newsroom) =>
        readJson<StoryList>(`n/${newsroom.id}/index.json`).stories.map((story) => story.url),
      ),
    );
    const parser = new Parser();
    for (const path of ["editions/feed.xml", "editions/atom.xml"]) {
      const feed = await parser.parseString(readLive(path));
      expect(new Set(feed.items.map((item) => item.link)), path).toEqual(inWindow);
    }
    const jsonFeed = readJson<{ version: string; items: Array<{ url: string }> }>(
      "editions/feed.json",
    );
    expect(jsonFeed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(new Set(jsonFeed.items.map((item) => item.url))).toEqual(inWindow);
  });

  it("re-publishes an unchanged edition by linking every file, byte for byte the same", async () => {
    const before = snapshot();
    const oldRoot = realpathSync(live());
    const run = await runSvc(["publish", "--at", CUT, "--json"], env());
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as Record<string, number>;
    expect(summary).toMatchObject({ filesWritten: 0, storiesRendered: 0, bucketsWritten: 0 });
    const stories = [...before.keys()].filter((path) => path.startsWith("stories/"));
    expect(summary.filesLinked).toBe(before.size - stories.length);
    const newRoot = realpathSync(live());
    expect(newRoot).not.toBe(oldRoot);
    expect(snapshot()).toEqual(before);
    for (const path of [...before.keys()].filter((p) => !p.endsWith("feed.xml")).slice(0, 50)) {
      expect(statSync(join(newRoot, path)).ino, path).toBe(statSync(join(oldRoot, path)).ino);
    }
  });

  it("keeps earlier stories published in the next edition, and prunes old trees", async () => {
    const earlier = readJson<LatestStories>("editions/latest.json").stories;
    const run = await runSvc(["build", "--at", NEXT_CUT], env({ SVC_KEEP_TREES: "2" }));
    expect(run.code, run.stderr).toBe(0);
    const latest = readJson<LatestStories>("editions/latest.json");
    expect(latest.generated_at).toBe(NEXT_CUT);
    for (const story of earlier) {
      expect(existsSync(live((story.json ?? "").slice(BASE.length + 1))), story.slug).toBe(true);
    }
    expect(treeNames()).toHaveLength(2);
    const linked = new Set(
      treeNames().flatMap((name) =>
        Object.values(
          (
            JSON.parse(readFileSync(join(dataDir, "trees", name, "index.json"), "utf8")) as {
              dates: Record<string, string>;
            }
          ).dates,
        ),
      ),
    );
    const buckets = readdirSync(join(dataDir, "archive")).filter((name) => !name.endsWith(".json"));
    expect(new Set(buckets)).toEqual(linked);
  });

  it("drops story files older than the archive window", async () => {
    const later = "2026-11-25T00:00:00.000Z";
    const run = await runSvc(["build", "--at", later], env({ SVC_ARCHIVE_DAYS: "1" }));
    expect(run.code, run.stderr).toBe(0);
    const latest = readJson<LatestStories>("editions/latest.json");
    expect(latest.stories).toEqual([]);
    expect(existsSync(live("stories"))).toBe(false);
    // Back to the default archive: the stories come back.
    expect((await runSvc(["publish", "--at", NEXT_CUT], env())).code).toBe(0);
    expect(readdirSync(live("stories")).length).toBeGreaterThan(0);
  });
});

describe("a publisher killed with SIGKILL", () => {
  function killedAt(step: string, cut: string): Promise<NodeJS.Signals | null> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CRASH_DRIVER, step, cut], {
        env: { PATH: process.env.PATH, ...env() },
        stdio: "ignore",
      });
      child.on("error", reject);
      child.on("exit", (_code, signal) => resolve(signal));
    });
  }

  /** Builds (without publishing) an edition at `cut` with one new story, so its files render. */
  async function unpublishedEdition(cut: string, n: number): Promise<void> {
    const published = new Date(Date.parse(cut) - 60 * 60 * 1000).toISOString();
    const text = `Crews restored power to ${n * 1000 + 17} homes in Harlow district after crash test ${n}. The outage began when a transformer failed.`;
    const file = join(dataDir, `crash-${n}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        manifestInput({
          id: `crash-${n}`,
          title: `Power restored to Harlow district homes, test ${n}`,
          text,
          content_sha256: undefined,
          published_at: published,
          captured_at: published,
          url: `https://news.example/crash-${n}`,
        }),
      ),
    );
    expect((await runSvc(["ingest", file], env())).code).toBe(0);
    const built = await runSvc(["build", "--no-publish", "--at", cut], env());
    expect(built.code, built.stderr).toBe(0);
  }

  const leftovers = () =>
    [
      ...readdirSync(join(dataDir, "trees")),
      ...readdirSync(join(dataDir, "archive")),
      ...readdirSync(dataDir),
    ].filter((name) => name.startsWith(".incoming") || name.endsWith(".tmp"));

  it.each(["planned", "files", "rendering", "stories", "committed", "switched"])(
    "at step %s leaves the previous edition served intact, and the next run succeeds",
    async (step) => {
      const n = ["planned", "files", "rendering", "stories", "committed", "switched"].indexOf(step);
      const cut = new Date(Date.parse(NEXT_CUT) + (n + 1) * EDITION_INTERVAL_MS).toISOString();
      await unpublishedEdition(cut, n);
      const before = snapshot();
      const liveRoot = realpathSync(live());
      expect(await killedAt(step, cut)).toBe("SIGKILL");
      if (step === "switched") {
        expect(realpathSync(live())).not.toBe(liveRoot);
        expect(readJson<LatestStories>("editions/latest.json").generated_at).toBe(cut);
      } else {
        expect(realpathSync(live())).toBe(liveRoot);
        expect(snapshot()).toEqual(before);
      }
      const run = await runSvc(["publish", "--at", cut, "--json"], env());
      expect(run.code, run.stderr).toBe(0);
      const latest = readJson<LatestStories>("editions/latest.json");
      expect(latest.generated_at).toBe(cut);
      expect(latest.stories.flatMap((story) => story.cited_manifest_ids ?? [])).toContain(
        `crash-${n}`,
      );
      expect(leftovers()).toEqual([]);
    },
  );

  it("at random moments never leaves readers a broken tree", async () => {
    const cuts = [NEXT_CUT, new Date(Date.parse(NEXT_CUT) + EDITION_INTERVAL_MS).toISOString()];
    const snapshots: Array<Map<string, string>> = [];
    for (const cut of cuts) {
      expect((await runSvc(["publish", "--at", cut], env())).code).toBe(0);
      snapshots.push(snapshot());
    }
    let liveIndex = 1;
    for (const delayMs of [5, 40, 80, 120, 160, 220, 300, 400]) {
      const target = 1 - liveIndex;
      const child = spawn(
        process.execPath,
        [join(ROOT, "dist/src/cli/main.js"), "publish", "--at", cuts[target] ?? ""],
        // One tree kept: the other edition's archive buckets go, so each run renders again.
        { env: { PATH: process.env.PATH, ...env({ SVC_KEEP_TREES: "1" }) }, stdio: "ignore" },
      );
      // Listened for from the start: a fast publish may end before the kill.
      const exited = new Promise((resolve) => child.on("exit", resolve));
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      child.kill("SIGKILL");
      await exited;
      const seen = snapshot();
      const matches = snapshots.findIndex((known) => isDeepStrictEqual(known, seen));
      expect(matches, `after a kill at ${delayMs} ms`).toBeGreaterThanOrEqual(0);
      liveIndex = matches;
    }
    expect((await runSvc(["publish", "--at", NEXT_CUT], env())).code).toBe(0);
    expect(snapshot()).toEqual(snapshots[0]);
    expect(leftovers()).toEqual([]);
  });
});

/**
 * The document with every object schema closed (`additionalProperties: false`), except the
 * Manifest's, whose extra fields are kept by design: a field we publish without declaring it
 * fails (issue 20, "every shape from zod").
 */
function strictDocument(doc: OpenApiDocument): OpenApiDocument {
  const copy = JSON.parse(JSON.stringify(doc)) as OpenApiDocument;
  const close = (node: unknown, name?: string): void => {
    if (Array.isArray(node)) return node.forEach((item) => close(item));
    if (node === null || typeof node !== "object") return;
    const object = node as Record<string, unknown>;
    if (object.properties !== undefined && name !== "Manifest" && name !== "ManifestPublisher") {
      object.additionalProperties = false;
    }
    for (const [key, value] of Object.entries(object)) {
      if (key === "schemas" && value !== null && typeof value === "object") {
        for (const [schemaName, schema] of Object.entries(value as Record<string, unknown>))
          close(schema, schemaName);
      } else close(value);
    }
  };
  close(copy);
  return copy;
}
