// Every command the README shows, run as a newcomer would, in order, against a temporary data
// directory: the README stays true. The two commands of the first section (`npm install &&
// npm start`, `npm test`) are what CI itself runs; `svc serve` is started, checked and
// stopped; feeds in the README's subscriptions example are served locally from the real feeds.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedServer, startFeedServer } from "./support/feed-server.js";
import { freePort } from "./support/free-port.js";
import { manifestInput } from "./support/manifests.js";
import { ROOT, runSvc, spawnSvc } from "./support/svc-cli.js";

/** Commands CI runs itself (.ci/run): not run again here. */
const RUN_BY_CI = new Set(["npm install && npm start", "npm test"]);

interface Block {
  language: string;
  lines: string[];
}

function codeBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const fence = /^```(\w*)\n([\s\S]*?)^```$/gm;
  for (const match of markdown.matchAll(fence)) {
    blocks.push({
      language: match[1] ?? "",
      lines: (match[2] ?? "").split("\n").filter((line) => line.trim() !== ""),
    });
  }
  return blocks;
}

/** `A=1 B=2 npx svc x y` → env and arguments (no quoting in the README's commands). */
function parseCommand(line: string): { env: Record<string, string>; words: string[] } {
  const words = line.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name = "", ...value] = (words.shift() as string).split("=");
    env[name] = value.join("=");
  }
  return { env, words };
}

let work: string;
let server: FeedServer;
const readme = readFileSync(join(ROOT, "README.md"), "utf8");

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "svc-readme-"));
  server = await startFeedServer();
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe("README", () => {
  it("shows only commands that work, in order, from a fresh data directory", async () => {
    const blocks = codeBlocks(readme);
    const dataDir = join(work, "data");
    /** Absolute paths of the production example, kept inside the test's directory. */
    const localPath = (text: string) => text.replaceAll("/var/lib/svc", join(work, "var-lib-svc"));
    const baseEnv = { SVC_DATA_DIR: dataDir, SVC_POLL_ALLOW_PRIVATE: "on", SVC_LOG_LEVEL: "warn" };
    // What `npm start` leaves behind: the demo, built and published.
    expect((await runSvc(["demo"], baseEnv)).code).toBe(0);
    expect((await runSvc(["build"], baseEnv)).code).toBe(0);
    // The file `svc ingest manifests.jsonl` reads: one Manifest of the reader's own.
    const now = new Date().toISOString();
    writeFileSync(
      join(work, "manifests.jsonl"),
      `${JSON.stringify(manifestInput({ id: "own-1", published_at: now, captured_at: now }))}\n`,
    );
    mkdirSync(join(work, "var-lib-svc", "backups"), { recursive: true });

    const ran: string[] = [];
    for (const block of blocks) {
      if (block.language === "yaml") {
        // A file the README asks the reader to write: `# name` on its first line.
        const name = /^#\s*(\S+)$/.exec(block.lines[0] ?? "")?.[1];
        expect(name, "a YAML example names its file").toBeDefined();
        // Real feeds whose every item is readable (others send media-only items: exit 3).
        const feeds = ["guardian_2018-01-31.rss.xml", "tpm_all_news_2017-11-08.atom.xml"];
        let next = 0;
        const text = block.lines
          .join("\n")
          .replace(/https?:\/\/[^\s,}]+/g, (url) =>
            /\/(rss|feed|atom)/.test(url)
              ? `${server.origin}/feeds/${feeds[next++ % feeds.length]}`
              : url,
          );
        writeFileSync(join(work, name as string), `${text}\n`);
        continue;
      }
      if (block.language !== "sh") continue;
      for (const line of block.lines) {
        if (RUN_BY_CI.has(line.trim())) continue;
        const { env, words } = parseCommand(localPath(line));
        expect(words.slice(0, 2), line).toEqual(["npx", "svc"]);
        const args = words.slice(2);
        const runEnv = { ...baseEnv, ...env };
        if (args[0] === "serve") {
          const port = await freePort();
          const serve = spawnSvc(args, { ...runEnv, PORT: String(port), SVC_SERVE_WORKERS: "0" });
          try {
            const until = Date.now() + 30_000;
            let healthy = false;
            while (!healthy && Date.now() < until) {
              await sleep(200);
              healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
                (reply) => reply.ok,
                () => false,
              );
            }
            expect(healthy, `${line}\n${serve.log()}`).toBe(true);
          } finally {
            serve.child.kill("SIGTERM");
          }
          expect(await serve.exited, line).toBe(0);
        } else {
          const run = await runSvc(args, runEnv, { cwd: work });
          expect(run.code, `${line}\n${run.stdout}\n${run.stderr}`).toBe(0);
        }
        ran.push(line.trim());
      }
    }
    // Every section's commands ran (a README without them would pass vacuously).
    expect(ran).toEqual(
      expect.arrayContaining([
        "npx svc ingest manifests.jsonl",
        "npx svc poll --once --subscriptions feeds.yaml",
        "npx svc demo --remove",
        "npx svc status",
        "npx svc build",
      ]),
    );
    expect(ran.some((line) => line.includes("npx svc serve"))).toBe(true);
    expect(ran.some((line) => line.startsWith("npx svc backup"))).toBe(true);
  }, 180_000);
});
