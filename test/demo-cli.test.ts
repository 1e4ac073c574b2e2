// The demo kept apart from real news, through the built command line: `svc demo --remove`
// takes it out and republishes, and `svc start` never loads it into a store that holds your
// own Manifests.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./support/free-port.js";
import { manifestInput } from "./support/manifests.js";
import { runSvc, spawnSvc } from "./support/svc-cli.js";

const CUT = "2026-11-21T12:00:00Z";
let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "svc-demo-cli-"));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

function ids(dataDir: string): string[] {
  const db = new Database(join(dataDir, "svc.sqlite"), { readonly: true });
  try {
    return db.prepare("SELECT id FROM manifests ORDER BY id").pluck().all() as string[];
  } finally {
    db.close();
  }
}

function ownNews(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, "own.jsonl");
  const lines = [1, 2].map((n) =>
    JSON.stringify(
      manifestInput({
        id: `own-${n}`,
        topic: "world",
        url: `https://own${n}.example.org/council`,
        publisher: { name: `Own ${n}`, domain: `own${n}.example.org` },
        published_at: "2026-11-21T08:00:00Z",
        captured_at: "2026-11-21T08:05:00Z",
      }),
    ),
  );
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

const latest = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, "public", "editions", "latest.json"), "utf8")) as {
    description: string;
    stories: Array<{ cited_manifest_ids?: string[] }>;
  };

describe("the demo, kept apart", () => {
  it("svc demo --remove takes the demo out and republishes the edition from your own news", async () => {
    const dataDir = join(tmp, "remove");
    const env = { SVC_DATA_DIR: dataDir };
    expect((await runSvc(["demo", "--at", CUT], env)).code).toBe(0);
    expect((await runSvc(["ingest", ownNews(dataDir)], env)).code).toBe(0);
    expect((await runSvc(["build", "--at", CUT], env)).code).toBe(0);
    expect(latest(dataDir).description).toContain("fictional");

    const removed = await runSvc(["demo", "--remove", "--at", CUT], env);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toMatch(
      /^removed \d+ demo Manifests and 1 editions built with them; 2 Manifests remain$/m,
    );
    expect(ids(dataDir)).toEqual(["own-1", "own-2"]);
    const edition = latest(dataDir);
    expect(edition.description).not.toContain("fictional");
    const cited = edition.stories.flatMap((story) => story.cited_manifest_ids ?? []);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((id) => id.startsWith("own-"))).toBe(true);
    const home = readFileSync(join(dataDir, "public", "index.html"), "utf8");
    expect(home).not.toContain('class="notice fictional"');
  }, 60_000);

  it("svc start does not load the demo into a store that holds your own Manifests", async () => {
    const dataDir = join(tmp, "start");
    const env = { SVC_DATA_DIR: dataDir };
    expect((await runSvc(["ingest", ownNews(dataDir)], env)).code).toBe(0);
    const port = await freePort();
    const start = spawnSvc(["start"], {
      ...env,
      PORT: String(port),
      SVC_SERVE_WORKERS: "0",
      SVC_LOG_LEVEL: "warn",
    });
    try {
      const until = Date.now() + 30_000;
      while (Date.now() < until && !start.log().includes("serving on port")) await sleep(100);
      expect(start.log()).toContain(
        "the store holds your own Manifests: the demo corpus is not loaded",
      );
      expect(ids(dataDir)).toEqual(["own-1", "own-2"]);
    } finally {
      start.child.kill("SIGTERM");
      await start.exited;
    }
  }, 60_000);

  it("svc status says when Manifests published since the latest cut will appear", async () => {
    const dataDir = join(tmp, "waiting");
    mkdirSync(dataDir, { recursive: true });
    const now = new Date(Date.now() - 1000).toISOString();
    const path = join(dataDir, "fresh.jsonl");
    writeFileSync(
      path,
      `${JSON.stringify(manifestInput({ id: "fresh-1", published_at: now, captured_at: now }))}\n`,
    );
    const env = { SVC_DATA_DIR: dataDir };
    expect((await runSvc(["ingest", path], env)).code).toBe(0);
    const status = await runSvc(["status"], env);
    expect(status.stdout).toMatch(
      /^waiting: 1 Manifests published since the latest cut appear in the edition of \S+Z/m,
    );
    const json = JSON.parse((await runSvc(["status", "--json"], env)).stdout) as {
      waiting: number;
    };
    expect(json.waiting).toBe(1);
  });
});
