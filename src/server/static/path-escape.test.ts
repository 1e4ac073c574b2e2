// Path tricks never leave the tree: `..`, encoded and double-encoded dots and slashes,
// backslashes, NUL, overlong paths, dotfiles, and symbolic links planted in the tree, the
// archive and the tree index pointing to /etc or to a secret beside the data. None is served,
// none gives a 500.
import { readFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { treePaths } from "../../tree/tree-paths.js";
import { get, rawGet } from "../../../test/support/http-client.js";
import { publishTestTree, storyJson } from "../../../test/support/static-tree.js";
import { type RunningServer, startTestServer } from "../../../test/support/test-server.js";

const DATE = "2026-11-21";
const CANARY = "CANARY-7f3a9-SECRET";
const SECRET_SHA = "0".repeat(64);

let dataDir: string;
let running: RunningServer;

/** Plants links and files a hostile or careless hand could leave in the data directory. */
function plant(treeName: string): void {
  const paths = treePaths(dataDir);
  writeFileSync(join(dataDir, "secret.txt"), CANARY);
  const treeDir = join(paths.treesDir, treeName);
  const root = join(treeDir, "root");
  // In the tree: a link to /etc, a link to the secret, a dotfile, a link as a date.
  symlinkSync("/etc", join(root, "n", "leak"));
  symlinkSync(join(dataDir, "secret.txt"), join(root, "llms-link.txt"));
  writeFileSync(join(root, ".env"), CANARY);
  symlinkSync("/etc", join(root, "stories", "2026-01-01"));
  // In the archive bucket of DATE: a story directory linked to /etc, a story file linked out.
  const index = JSON.parse(readFileSync(join(treeDir, "index.json"), "utf8")) as {
    files: Record<string, string>;
    dates: Record<string, string>;
  };
  const bucket = join(paths.archiveDir, index.dates[DATE] ?? "");
  symlinkSync("/etc", join(bucket, "etc-link"));
  mkdirSync(join(bucket, "canary-story"));
  symlinkSync(join(dataDir, "secret.txt"), join(bucket, "canary-story", "index.json"));
  symlinkSync("/etc/passwd", join(bucket, "canary-story", "index.md"));
  // An archive bucket that is itself a link, for an old date.
  symlinkSync("/etc", join(paths.archiveDir, "2026-01-02.0123456789abcdef"));
  // And the tree index listing all of it.
  for (const path of [
    "n/leak/passwd",
    "llms-link.txt",
    ".env",
    "../secret.txt",
    "n/../../secret.txt",
  ]) {
    index.files[path] = SECRET_SHA;
  }
  index.dates["2026-01-01"] = "../../etc";
  index.dates["2026-01-02"] = "2026-01-02.0123456789abcdef";
  index.dates["2026-01-03"] = "2026-01-03.0123456789abcdef/../../..";
  writeFileSync(join(treeDir, "index.json"), JSON.stringify(index));
}

const TRAVERSALS = [
  "/../secret.txt",
  "/../../../../etc/passwd",
  "/editions/../../secret.txt",
  "/%2e%2e/secret.txt",
  "/%2E%2E/%2E%2E/etc/passwd",
  "/..%2fsecret.txt",
  "/..%2Fsecret.txt",
  "/%2e%2e%2fsecret.txt",
  "/%252e%252e/secret.txt",
  "/%252e%252e%252fsecret.txt",
  "/editions/%2e%2e/%2e%2e/secret.txt",
  "/..%5csecret.txt",
  "/..\\secret.txt",
  "/editions\\..\\..\\secret.txt",
  "/%5c..%5c..%5csecret.txt",
  "/editions/latest.json%00.txt",
  "/editions/latest.json%00",
  "/%00/etc/passwd",
  "/n/leak/passwd",
  "/n/leak/shadow",
  "/n/leak/",
  "/n/leak/hostname",
  "/llms-link.txt",
  "/.env",
  "/.git/config",
  "/.well-known/../.env",
  "/.well-known/%2e%2e/.env",
  "/.well-known/../../secret.txt",
  "/stories/2026-01-01/passwd/index.json",
  "/stories/2026-01-01/hosts/index.md",
  "/stories/2026-01-02/passwd-file/index.json",
  "/stories/2026-01-03/whatever/index.json",
  `/stories/${DATE}/etc-link/index.json`,
  `/stories/${DATE}/etc-link/passwd`,
  `/stories/${DATE}/canary-story/index.json`,
  `/stories/${DATE}/canary-story/index.md`,
  `/stories/${DATE}/../../secret.txt`,
  `/stories/${DATE}/%2e%2e/%2e%2e/secret.txt`,
  `/stories/${DATE}/real-story/../../../secret.txt`,
  "/stories/2026-13-45/real-story/index.json",
  "/stories/20261121/real-story/index.json",
  `/stories/${DATE}/ab/index.json`,
  `/stories/${DATE}/${"a".repeat(81)}/index.json`,
  `/stories/${DATE}/Real-Story/index.json`,
  "/n/World/index.json",
  "/n/wor_ld/index.json",
  "/n/world%2findex.json",
  `/${"a/".repeat(400)}latest.json`,
  `/${"%2e%2e/".repeat(200)}etc/passwd`,
  `/editions/${"x".repeat(5000)}.json`,
  "//etc/passwd",
  "///secret.txt",
  "/./editions/latest.json/../../../secret.txt",
  "/editions/./latest.json",
  "/%c0%ae%c0%ae/secret.txt",
  "/%e0%80%ae%e0%80%ae/secret.txt",
  "/%uff0e%uff0e/secret.txt",
  "/editions/latest.json/",
  "/secret.txt",
  "file:///etc/passwd",
  "http://evil.example/../secret.txt",
];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "svc-escape-"));
  const name = await publishTestTree(dataDir, {
    cutMs: Date.parse(`${DATE}T00:00:00Z`),
    files: {
      "editions/latest.json": JSON.stringify({ stories: [] }),
      "n/world/index.json": JSON.stringify({ stories: [] }),
      "llms.txt": "# SVC\n",
    },
    stories: { [DATE]: { "real-story": { "index.json": storyJson(DATE, "real-story") } } },
  });
  plant(name);
  running = await startTestServer({ SVC_DATA_DIR: dataDir, SVC_BASE_URL: "https://svc.test" });
});

afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("path tricks", () => {
  it(`has at least 50 payloads (${TRAVERSALS.length})`, () => {
    expect(TRAVERSALS.length).toBeGreaterThanOrEqual(50);
  });

  it("serves none of them and never fails", async () => {
    for (const target of TRAVERSALS) {
      const reply = await rawGet(running.port, target);
      expect([target, [400, 404, 431].includes(reply.status)]).toEqual([target, true]);
      expect([target, reply.text.includes(CANARY)]).toEqual([target, false]);
      expect([target, /root:.*:0:0:/.test(reply.text)]).toEqual([target, false]);
    }
  });

  it("still serves the real files, and refused the planted ones at load", async () => {
    expect((await get(running.port, "/editions/latest.json")).status).toBe(200);
    expect((await get(running.port, `/stories/${DATE}/real-story/index.json`)).status).toBe(200);
    const tree = running.server.liveTree.current();
    expect([...(tree?.files.keys() ?? [])].sort()).toEqual([
      "/editions/latest.json",
      "/llms.txt",
      "/n/world/index.json",
      `/stories/${DATE}/real-story/index.json`,
    ]);
    expect(tree?.problems.length).toBe(5);
    expect(tree?.dates.has("2026-01-01")).toBe(false);
    expect(tree?.dates.has("2026-01-03")).toBe(false);
  });
});
