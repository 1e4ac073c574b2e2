// A process that lets better-sqlite3's statements and databases be garbage-collected while it
// idles must live on. Node 24.19 to 24.21 abort it ("Assertion failed: (env) != nullptr" in
// RemoveEnvironmentCleanupHook, docs/decisions.md "Node versions"); this is the check that
// a Node line or a better-sqlite3 release can be declared (CI runs it under each Node line).
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve("better-sqlite3");

// Opens databases and prepares statements on timers, drops them, and idles: the young
// generation is kept small so that they are collected between the timers' turns.
const CHURN = `
const Database = require(${JSON.stringify(BETTER_SQLITE3)});
let turns = 0;
const timer = setInterval(() => {
  for (let d = 0; d < 20; d += 1) {
    const db = new Database(":memory:");
    db.exec("CREATE TABLE t (a)");
    for (let s = 0; s < 500; s += 1) db.prepare("SELECT " + s + " FROM t");
  }
  if (++turns === 40) {
    clearInterval(timer);
    setTimeout(() => console.log("alive"), 1500);
  }
}, 25);
`;

describe("better-sqlite3 objects collected at idle moments", () => {
  it("do not abort the process", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--max-semi-space-size=1", "-e", CHURN],
      { timeout: 60_000 },
    ).catch((error: { code?: number; signal?: string; stderr?: string }) => {
      throw new Error(
        `Node ${process.version} ended the process (code ${error.code}, signal ${error.signal}): ` +
          (error.stderr ?? "").split("\n").slice(0, 4).join(" | "),
      );
    });
    expect(stdout.trim()).toBe("alive");
  }, 90_000);
});
