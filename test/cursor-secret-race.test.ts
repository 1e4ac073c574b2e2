// Several `svc serve` processes starting at once on a fresh data directory (the workers of
// one server, or replicas on a shared directory) must all sign cursors with one secret: the
// first to publish `cursor-secret` wins and the others read it whole. Each process here is a
// separate Node process running the built code, as the workers are.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./support/svc-cli.js";

const MODULE = join(ROOT, "dist", "src", "server", "mcp", "cursor-secret.js");
const PROCESSES = 12;
const ROUNDS = 6;
const parent = mkdtempSync(join(tmpdir(), "svc-cursor-race-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** One process's secret and where it came from, for the data directory `dir`. */
async function secretOf(dir: string): Promise<string> {
  const script = `import(${JSON.stringify(MODULE)}).then((m) => { const s = m.cursorSecret(undefined, ${JSON.stringify(dir)}); process.stdout.write(s.source + " " + s.secret); })`;
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", script]);
  return stdout;
}

describe("the cursor secret of processes starting at once", () => {
  it("is the same for all of them, kept in the data directory, with no file left behind", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = join(parent, `data-${round}`);
      const found = await Promise.all(Array.from({ length: PROCESSES }, () => secretOf(dir)));
      expect(new Set(found).size, found.join("\n")).toBe(1);
      expect(found[0]).toMatch(/^data directory [0-9a-f]{64}$/);
      expect(readdirSync(dir)).toEqual(["cursor-secret"]);
    }
  }, 120_000);
});
