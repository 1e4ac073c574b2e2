// `svc build` through the built command line on the demo corpus: story files on disk, the
// same bytes when rebuilt, continuity into the next edition, clear errors.
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DROP_REASONS } from "../src/editorial/hygiene/drop-reasons.js";
import { StorySchema } from "../src/api/story.js";
import { citationProblems } from "./support/build.js";
import { buildPoolFlag } from "../src/cli/v8-pool.js";

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

describe("svc build on a machine with fewer cores than V8's default pool", () => {
  // A preload (inherited by a child Node through its flags) records each process's flags
  // and pid; with HOLD, the process started with the pool flag stays alive after its build.
  const preload = () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-pool-"));
    const script = join(dir, "record.mjs");
    writeFileSync(
      script,
      `import { appendFileSync } from "node:fs";
appendFileSync(process.env.POOL_LOG, JSON.stringify({ pid: process.pid, flags: process.execArgv }) + "\\n");
if (process.env.POOL_HOLD && process.execArgv.some((flag) => flag.startsWith("--v8-pool-size"))) setInterval(() => {}, 1000);`,
    );
    return { dir, script, log: join(dir, "log.jsonl") };
  };
  // Only whole lines: a process may have created the log and not yet written its line (read
  // as "" it failed JSON.parse once under CI's load).
  const records = (log: string) => {
    const text = existsSync(log) ? readFileSync(log, "utf8") : "";
    return text
      .slice(0, text.lastIndexOf("\n") + 1)
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as { pid: number; flags: string[] });
  };
  const expected = buildPoolFlag(availableParallelism(), [], undefined);

  it("builds in a child Node with a pool that fits, and ends with the build's exit code", async () => {
    const { dir, script, log } = preload();
    try {
      const run = await new Promise<{ code: number | null; stderr: string }>((done) => {
        let stderr = "";
        const child = spawn(process.execPath, ["--import", script, MAIN, "build", "--at", "soon"], {
          env: { PATH: process.env.PATH, SVC_DATA_DIR: dataDir, POOL_LOG: log },
        });
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        child.on("close", (code) => done({ code, stderr }));
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/--at/u);
      const seen = records(log);
      if (expected === undefined) {
        expect(seen).toHaveLength(1);
      } else {
        expect(seen).toHaveLength(2);
        expect(seen[0]?.flags).not.toContain(expected);
        expect(seen[1]?.flags).toEqual(["--import", script, expected]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(expected === undefined)(
    "passes a stop signal to the child and ends by the same signal",
    async () => {
      const { dir, script, log } = preload();
      try {
        const child = spawn(process.execPath, ["--import", script, MAIN, "build", "--at", CUT], {
          env: { PATH: process.env.PATH, SVC_DATA_DIR: dataDir, POOL_LOG: log, POOL_HOLD: "1" },
          stdio: "ignore",
        });
        const closed = new Promise<NodeJS.Signals | null>((done) =>
          child.on("close", (_code, signal) => done(signal)),
        );
        while (records(log).length < 2) await new Promise((wait) => setTimeout(wait, 50));
        const builder = records(log)[1]!.pid;
        child.kill("SIGTERM");
        expect(await closed).toBe("SIGTERM");
        // The child is gone too: signal 0 to its pid finds no process.
        expect(() => process.kill(builder, 0)).toThrow();
      } finally {
        // A failure must not leave the held child behind.
        for (const { pid } of records(log)) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // Gone already, as it should be.
          }
        }
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
