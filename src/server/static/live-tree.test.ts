// A new publish is swapped in while requests run: every reply is a complete old or new
// edition, none fails, and the newest edition is served once it is loaded.
import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishTestTree, storyJson } from "../../../test/support/static-tree.js";
import { type RunningServer, startTestServer } from "../../../test/support/test-server.js";

const DATE = "2026-11-21";
const CUT = Date.parse(`${DATE}T00:00:00Z`);
const EDITIONS = 6;
const CLIENTS = 8;

let dataDir: string;
let running: RunningServer;

function edition(number: number) {
  return {
    cutMs: CUT,
    files: {
      "editions/latest.json": JSON.stringify({ edition: number, padding: "z".repeat(4000) }),
      "llms.txt": `# edition ${number}\n`,
    },
    stories: { [DATE]: { "some-story": { "index.json": storyJson(DATE, `story-${number}`) } } },
  };
}

function fetchText(
  port: number,
  path: string,
  agent: Agent,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "svc-swap-"));
  await publishTestTree(dataDir, edition(0));
  running = await startTestServer({ SVC_DATA_DIR: dataDir }, { pollMs: 10 });
});

afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("live tree swap", () => {
  it("swaps editions in while requests run, without a failed or mixed reply", async () => {
    const swaps: string[] = [];
    running.server.liveTree.onSwap((tree) => swaps.push(tree.name));
    let publishing = true;
    const seen = new Set<number>();
    const failures: string[] = [];
    const client = async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (publishing) {
        const latest = await fetchText(running.port, "/editions/latest.json", agent);
        const story = await fetchText(
          running.port,
          `/stories/${DATE}/some-story/index.json`,
          agent,
        );
        if (latest.status !== 200 || story.status !== 200) {
          failures.push(`${latest.status} ${story.status}`);
          continue;
        }
        const parsed = JSON.parse(latest.text) as { edition: number };
        seen.add(parsed.edition);
        if (!(JSON.parse(story.text) as { slug: string }).slug.startsWith("story-")) {
          failures.push("story");
        }
      }
      agent.destroy();
    };
    const clients = Array.from({ length: CLIENTS }, client);
    for (let number = 1; number < EDITIONS; number++) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      await publishTestTree(dataDir, edition(number));
    }
    // The server polls the tree every 10 ms; on a loaded machine the last swap can take
    // longer than any fixed pause, so wait for it (with a deadline) while the clients run.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const latest = await fetchText(running.port, "/editions/latest.json", new Agent());
      if ((JSON.parse(latest.text) as { edition: number }).edition === EDITIONS - 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    publishing = false;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    expect(seen.size).toBeGreaterThan(2);
    expect(swaps.length).toBeGreaterThanOrEqual(1);
    const last = await fetchText(running.port, "/editions/latest.json", new Agent());
    expect((JSON.parse(last.text) as { edition: number }).edition).toBe(EDITIONS - 1);
    const story = await fetchText(
      running.port,
      `/stories/${DATE}/some-story/index.json`,
      new Agent(),
    );
    expect((JSON.parse(story.text) as { slug: string }).slug).toBe(`story-${EDITIONS - 1}`);
  });
});
