// The pages for people, in a real browser (Debian's headless Chromium driven by
// playwright-core): `svc start` publishes the demo edition and serves it; the home page leads
// to a story page whose citations land on listed sources linking to the original sources; the
// developer page's examples work against the running server; axe-core finds no serious or
// critical violation; screenshots at phone and desktop widths go to test-output/screenshots/.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LatestStories } from "../src/api/story-lists.js";
import type { Story } from "../src/api/story.js";
import {
  describeWithTools,
  type ExternalTool,
  externalTool,
  TOOLS_REQUIRED,
} from "./support/external-tools.js";
import { freePort } from "./support/free-port.js";
import { ROOT, SVC_MAIN } from "./support/svc-cli.js";

const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const SCREENSHOTS = join(ROOT, "test-output", "screenshots");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

function chromiumTool(): ExternalTool {
  const path = process.env.CHROMIUM_PATH;
  if (path === undefined || path === "") {
    return {
      name: "chromium",
      path: "",
      missing: "chromium unavailable: CHROMIUM_PATH is not set (.ci/run sets /usr/bin/chromium)",
      skip: !TOOLS_REQUIRED,
    };
  }
  return externalTool("chromium", path, { probe: ["--version"], installHint: "chromium" });
}

let dataDir = "";
let profileDir = "";
let svc: ChildProcess | undefined;
let svcOutput = "";
let context: BrowserContext | undefined;
let base = "";
let upstream = "";

async function waitUntilReady(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (svc?.exitCode !== null) throw new Error(`svc start exited:\n${svcOutput}`);
    const ready = await fetch(url).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`svc start was not ready in time:\n${svcOutput}`);
}

async function startService(): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), "svc-pages-browser-"));
  const port = await freePort();
  upstream = `http://127.0.0.1:${port}`;
  base = upstream;
  svc = spawn(process.execPath, [SVC_MAIN, "start"], {
    env: {
      PATH: process.env.PATH,
      SVC_DATA_DIR: dataDir,
      SVC_BASE_URL: base,
      PORT: String(port),
      SVC_SERVE_WORKERS: "0",
      SVC_LOG_LEVEL: "warn",
      // A deprecation announced the way the spec asks (90 days ahead): the developer page shows it.
      SVC_DEPRECATION_AT: "2027-01-01T00:00:00Z",
      SVC_SUNSET_AT: "2027-06-30T00:00:00Z",
      SVC_DEPRECATION_LINK: "https://news.example.org/developers/v2",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  svc.stdout?.on("data", (chunk: Buffer) => (svcOutput += chunk.toString()));
  svc.stderr?.on("data", (chunk: Buffer) => (svcOutput += chunk.toString()));
  await waitUntilReady(`${upstream}/readyz`, Date.now() + 90_000);
}

async function openPage(path: string, viewport = DESKTOP): Promise<Page> {
  const page = await (context as BrowserContext).newPage();
  await page.setViewportSize(viewport);
  const reply = await page.goto(`${base}${path}`);
  expect(reply?.status(), path).toBe(path.startsWith("/no-such") ? 404 : 200);
  return page;
}

interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical axe-core violations of the page, as readable lines. */
async function axeProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: join(ROOT, "node_modules", "axe-core", "axe.min.js") });
  // A string, not a function: the project's TypeScript has no DOM types (it is Node code).
  const violations = await page.evaluate<Violation[]>(`axe.run().then((result) =>
    result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)),
    })))`);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(", ")}`);
}

/** An attribute of every element the locator matches, in document order. */
async function attributeOf(locator: Locator, name: string): Promise<string[]> {
  const values: string[] = [];
  for (const element of await locator.all()) values.push((await element.getAttribute(name)) ?? "");
  return values;
}

async function latest(): Promise<LatestStories> {
  return (await (await fetch(`${base}/editions/latest.json`)).json()) as LatestStories;
}

describeWithTools([chromiumTool()], "pages in a real browser", () => {
  beforeAll(async () => {
    await startService();
    profileDir = mkdtempSync(join(tmpdir(), "svc-chromium-profile-"));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: process.env.CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_FLAGS,
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    if (svc !== undefined && svc.exitCode === null) {
      svc.kill("SIGTERM");
      await new Promise((resolve) => svc?.on("exit", resolve));
    }
    for (const dir of [dataDir, profileDir]) {
      if (dir !== "") rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says in the page header and in latest.json that the demo edition is fictional", async () => {
    const edition = await latest();
    expect(edition.description).toContain(
      "Demo edition: these stories come from the bundled demo corpus and are fictional",
    );
    for (const path of ["/", "/developers/", edition.stories[0]?.url.replace(base, "") ?? "/"]) {
      const page = await openPage(path);
      const notice = page.locator("header .fictional");
      expect(await notice.isVisible(), path).toBe(true);
      expect(await notice.innerText()).toContain("fictional");
      await page.close();
    }
  });

  it("leads from the home page to a story page", async () => {
    const edition = await latest();
    const page = await openPage("/");
    await expect(page.locator("h1").textContent()).resolves.toBe("The latest edition");
    const times = await attributeOf(page.locator("main > p time"), "datetime");
    const cut = Date.parse(edition.generated_at);
    expect(times).toEqual([
      new Date(cut).toISOString(),
      new Date(cut + 12 * 60 * 60 * 1000).toISOString(),
    ]);
    const first = page.locator(".stories h3 a").first();
    const href = await first.getAttribute("href");
    expect(edition.stories.map((story) => story.url)).toContain(href);
    await Promise.all([page.waitForURL(href ?? ""), first.click()]);
    const story = edition.stories.find((item) => item.url === href);
    await expect(page.locator("h1").textContent()).resolves.toBe(story?.headline);
    await page.close();
  });

  it("follows every citation of a story to a listed source that links to the original", async () => {
    const edition = await latest();
    // The story with the most Manifests: the most citations to follow.
    const summary = [...edition.stories].sort(
      (a, b) => (b.cited_manifest_ids?.length ?? 0) - (a.cited_manifest_ids?.length ?? 0),
    )[0];
    const story = (await (await fetch(summary?.json ?? "")).json()) as Story;
    const page = await openPage(new URL(story.url).pathname);
    const cited = (await attributeOf(page.locator(".cites a"), "href")).map((href) =>
      href.replace(/^#m-/, ""),
    );
    expect(cited.length).toBeGreaterThan(0);
    const listed = new Map<string, string>();
    for (const item of await page.locator(".sources > li").all()) {
      const link = item.locator("cite a");
      listed.set(
        ((await item.getAttribute("id")) ?? "").replace(/^m-/, ""),
        (await link.count()) === 0 ? "" : ((await link.getAttribute("href")) ?? ""),
      );
    }
    for (const id of new Set(cited)) expect(listed.has(id), id).toBe(true);
    for (const manifest of story.manifests ?? []) {
      expect(listed.get(manifest.id), manifest.id).toBe(manifest.url);
    }
    // Every key fact word for word, in order, each followed by its citations.
    const facts: Array<{ text: string | null; ids: string[] }> = [];
    for (const item of await page.locator("#key-facts + ul > li").all()) {
      facts.push({
        text: await item.locator("span[dir]").first().textContent(),
        ids: (await attributeOf(item.locator(".cites a"), "href")).map((href) => href.slice(3)),
      });
    }
    expect(facts).toEqual(
      (story.key_facts ?? []).map((fact) => ({ text: fact.text, ids: fact.manifest_ids })),
    );
    // A citation takes the reader to its source.
    await page.locator(".cites a").first().click();
    expect(new URL(page.url()).hash).toBe(`#m-${cited[0] ?? ""}`);
    await expect(page.locator(".sources > li:target").isVisible()).resolves.toBe(true);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    ) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ "@type": "NewsArticle", headline: story.headline });
    const alternates = await attributeOf(page.locator('link[rel="alternate"]'), "type");
    expect(alternates).toEqual(expect.arrayContaining(["application/json", "text/markdown"]));
    await page.close();
  });

  it("announces a configured deprecation at the top of the developer page", async () => {
    const page = await openPage("/developers/");
    const notice = page.locator("#deprecation-notice").first();
    expect(await notice.isVisible()).toBe(true);
    const text = await notice.innerText();
    expect(text).toContain("Deprecated: API version 1 is deprecated since");
    expect(text).toContain("It stops on");
    expect(await notice.locator("a", { hasText: "news.example.org/developers/v2" }).count()).toBe(
      1,
    );
    const times = await attributeOf(notice.locator("time"), "datetime");
    expect(times.map((time) => time.slice(0, 10))).toEqual(["2027-01-01", "2027-06-30"]);
    const reply = await fetch(`${upstream}/developers/`);
    expect(reply.headers.get("deprecation")).toBe("@1798761600");
    expect(reply.headers.get("sunset")).toBe("Wed, 30 Jun 2027 00:00:00 GMT");
    await page.close();
  });

  it("runs every example of the developer page against the running server", async () => {
    const page = await openPage("/developers/");
    const examples = [];
    for (const node of await page.locator("[data-example]").all()) {
      const body = await node.getAttribute("data-example-body");
      examples.push({
        id: (await node.getAttribute("data-example")) ?? "",
        method: (await node.getAttribute("data-example-method")) ?? "GET",
        url: (await node.getAttribute("data-example-url")) ?? "",
        headers: JSON.parse((await node.getAttribute("data-example-headers")) ?? "{}") as Record<
          string,
          string
        >,
        ...(body === null ? {} : { body }),
      });
    }
    await page.close();
    const ids = examples.map((example) => example.id);
    expect(ids).toEqual(
      expect.arrayContaining(["latest", "topic", "story-json", "story-markdown", "roundups"]),
    );
    expect(ids).toEqual(expect.arrayContaining(["openapi", "reuse", "feed-json", "feed-rss"]));
    expect(ids).toEqual(expect.arrayContaining(["feed-atom", "ask-get", "ask-post", "ask-stream"]));
    const mcpServed = (await fetch(`${upstream}/mcp`)).status !== 404;
    for (const example of examples) {
      expect(example.url.startsWith(`${base}/`), example.id).toBe(true);
      if (example.id.startsWith("mcp") && !mcpServed) continue;
      const reply = await fetch(example.url, {
        method: example.method,
        headers: example.headers,
        ...(example.body === undefined ? {} : { body: example.body }),
      });
      const text = await reply.text();
      expect(reply.status, `${example.id}: ${text.slice(0, 200)}`).toBe(200);
      const type = reply.headers.get("content-type") ?? "";
      if (example.id === "ask-stream") {
        expect(type).toMatch(/^text\/event-stream/);
        expect(text).toMatch(/^data: \{"_meta"/);
      } else if (example.id.startsWith("ask")) {
        expect(JSON.parse(text)).toMatchObject({ _meta: { uses_llm: false } });
      }
      if (/\.json$/.test(example.url)) expect(() => JSON.parse(text) as unknown).not.toThrow();
    }
    if (!mcpServed) console.warn("pages-browser: /mcp is not served yet; MCP examples not run");
  });

  const PAGES: Array<[string, () => Promise<string>]> = [
    ["home", async () => "/"],
    ["story", async () => new URL((await latest()).stories[0]?.url ?? "").pathname],
    ["topic", async () => `/n/${(await latest()).newsrooms?.[0]?.id ?? "world"}/`],
    ["roundups", async () => "/roundups/"],
    ["developers", async () => "/developers/"],
    ["not-found", async () => "/no-such/page/"],
  ];

  it.each(PAGES)(
    "%s page: accessible, no script or outside asset, fits a phone, screenshots",
    async (name, pathOf) => {
      const path = await pathOf();
      const requested: string[] = [];
      const phone = await (context as BrowserContext).newPage();
      phone.on("request", (request) => requested.push(request.url()));
      await phone.setViewportSize(PHONE);
      await phone.goto(`${base}${path}`);
      const layout = await phone.evaluate(`({
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        scripts: document.querySelectorAll('script:not([type="application/ld+json"])').length,
        styled: getComputedStyle(document.body).fontFamily.includes("system-ui"),
      })`);
      expect(layout).toEqual({ overflow: 0, scripts: 0, styled: true });
      expect(await axeProblems(phone)).toEqual([]);
      await phone.screenshot({ path: join(SCREENSHOTS, `${name}-phone.png`), fullPage: true });
      const desktop = await openPage(path, DESKTOP);
      await desktop.screenshot({ path: join(SCREENSHOTS, `${name}-desktop.png`), fullPage: true });
      expect(requested.filter((url) => !url.startsWith(`${base}/`))).toEqual([]);
      await phone.close();
      await desktop.close();
    },
  );

  it("sends the 404 page, which links to the home and developer pages", async () => {
    const page = await openPage("/no-such/page/");
    const links = await attributeOf(page.locator("main a"), "href");
    expect(links).toEqual(expect.arrayContaining([`${base}/`, `${base}/developers/`]));
    await page.close();
  });
});
