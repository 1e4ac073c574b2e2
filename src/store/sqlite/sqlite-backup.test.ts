// backupSqliteStore while another process keeps writing to the store, as `svc serve` and
// `svc poll` do: the writer is never blocked, and every copy is a sound snapshot.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SqliteManifestStore } from "./sqlite-store.js";
import { backupSqliteStore } from "./sqlite-backup.js";

const DRIVER = createRequire(import.meta.url).resolve("better-sqlite3");

/** Inserts rows in small transactions for `seconds`, then prints how many it wrote. */
const WRITER = `
const Database = require(${JSON.stringify(DRIVER)});
const db = new Database(process.argv[1]);
db.pragma("busy_timeout = 10000");
db.exec("CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, body TEXT)");
const insert = db.prepare("INSERT INTO filler (body) VALUES (?)");
const write = db.transaction((n) => { for (let i = 0; i < n; i += 1) insert.run("x".repeat(1000)); });
write(20000);
console.log("ready");
const end = Date.now() + Number(process.argv[2]) * 1000;
let rows = 0;
while (Date.now() < end) { write(20); rows += 20; }
console.log("wrote " + rows);
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "svc-sqlite-backup-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function countRows(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    return db.prepare("SELECT COUNT(*) FROM filler").pluck().get() as number;
  } finally {
    db.close();
  }
}

it("copies a store that another process is writing to, without stopping it", async () => {
  const source = join(dir, "svc.sqlite");
  await new SqliteManifestStore({ path: source }).close();
  const writer = spawn(process.execPath, ["-e", WRITER, source, "3"], { stdio: "pipe" });
  let output = "";
  writer.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => writer.on("exit", resolve));
  await expect.poll(() => output, { timeout: 20_000 }).toContain("ready");

  const counts: number[] = [];
  for (let index = 0; index < 3; index += 1) {
    const result = await backupSqliteStore(source, join(dir, `copy-${index}.sqlite`));
    expect(result.manifests).toBe(0);
    counts.push(countRows(result.path));
  }
  expect(await exited).toBe(0);
  const written = Number(/wrote (\d+)/.exec(output)?.[1]);
  expect(written).toBeGreaterThan(0);
  // Each copy is the store at one moment: whole transactions of 20 rows, never going back.
  for (const count of counts) expect(count % 20).toBe(0);
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
  expect(counts[0]).toBeGreaterThanOrEqual(20_000);
  expect(counts.at(-1)).toBeLessThanOrEqual(20_000 + written);
});
