// `svc build` through the built command line on the demo corpus: story files on disk, the
// same bytes when rebuilt, continuity into the next edition, clear errors.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DROP_REASONS } from "../src/editorial/hygiene/drop-reasons.js";
import { StorySchema } from "../src/api/story.js";
import { citationProblems } from "./support/build.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MAIN = join(ROOT, "dist", "src", "cli", "main.js");
const CUT = "2026-11-21T12:00:00.000Z";

let dataDir: string;

async function svc(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [MAIN, ...args], {
      env: { PATH: process.env.PATH, SVC_DATA_DIR: dataDir, SVC_BASE_URL: "https://svc.test" },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function storyFiles(): Map<string, string> {
  const root = join(dataDir, "public", "stories");
  const files = new Map<string, string>();
  for (const date of readdirSync(root)) {
    for (const slug of readdirSync(join(root, date))) {
      files.set(`${date}/${slug}`, readFileSync(join(root, date, slug, "index.json"), "utf8"));
    }
  }
  return files;
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "svc-build-cli-"));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe("svc build", () => {
  it("builds the demo edition into story files that follow the spec and cite what they copy", async () => {
    expect((await svc(["demo", "--at", CUT])).code).toBe(0);
    const built = await svc(["build", "--at", "2026-11-21T17:59:59Z", "--json"]);
    expect(built.code).toBe(0);
    const summary = JSON.parse(built.stdout) as {
      cut: string;
      stories: number;
      manifests: number;
      hygiene: { sentences: number; dropped: Record<string, number> };
    };
    expect(summary.cut).toBe(CUT);
    // The hygiene stage reports what it read and dropped, every reason present.
    expect(summary.hygiene.sentences).toBeGreaterThan(summary.manifests);
    expect(Object.keys(summary.hygiene.dropped)).toEqual([...DROP_REASONS]);
    expect(summary.stories).toBeGreaterThan(15);
    const files = storyFiles();
    expect(files.size).toBe(summary.stories);
    for (const [path, text] of files) {
      const story = StorySchema.parse(JSON.parse(text));
      expect(path).toBe(`${story.url.split("/stories/")[1]?.replace(/\/$/, "")}`);
      expect(citationProblems(story), path).toEqual([]);
    }
  });

  it("writes the same bytes when the same cut is built again", async () => {
    const before = storyFiles();
    expect((await svc(["build", "--at", CUT])).code).toBe(0);
    expect(storyFiles()).toEqual(before);
  });

  it("continues stories into the next edition at the same URLs", async () => {
    expect((await svc(["demo", "--at", "2026-11-22T00:00:00Z"])).code).toBe(0);
    const next = await svc(["build", "--at", "2026-11-22T00:00:00Z", "--json"]);
    const summary = JSON.parse(next.stdout) as { continuedStories: number };
    expect(summary.continuedStories).toBeGreaterThan(0);
  });

  it("explains a bad --at and exits 2", async () => {
    const result = await svc(["build", "--at", "yesterday"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--at: expected an ISO 8601 time such as 2026-11-21T12:00:00Z, got "yesterday"',
    );
  });
});
