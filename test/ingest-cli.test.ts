// `svc ingest` through the built command line, as a user runs it: exit codes, the rejects
// file, standard input, help, and what is left in the store when ingest is killed mid-way.
import { spawn } from "node:child_process";
import { once } from "node:events";
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { finished } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manifestInput } from "./support/manifests.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MAIN = join(ROOT, "dist", "src", "cli", "main.js");

let tmp: string;
let dataDir: string;

beforeAll(() => {
  // dist/ is built from the current sources by test/global-setup.ts.
  tmp = mkdtempSync(join(tmpdir(), "svc-ingest-cli-"));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  dataDir = mkdtempSync(join(tmp, "data-"));
});

// ---------------------------------------------------------------------------------------------
// Helpers

interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment of a user with only SVC_DATA_DIR set (never a PostgreSQL URL). */
function cliEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith("SVC_") || name === "DATABASE_URL" || name === "PORT") continue;
    env[name] = value;
  }
  return { ...env, SVC_DATA_DIR: dataDir, CI: "1" };
}

/** Runs `svc ARGS`, optionally with bytes on standard input. */
async function svc(args: readonly string[], stdin?: string | Buffer): Promise<CliResult> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd: tmp,
    env: cliEnv(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    stderr += text;
  });
  child.stdin.on("error", () => undefined);
  child.stdin.end(stdin);
  const [code, signal] = (await once(child, "close")) as [number | null, NodeJS.Signals | null];
  return { code, signal, stdout, stderr };
}

function writeInput(name: string, content: string | Buffer): string {
  const path = join(tmp, `${Math.random().toString(36).slice(2)}-${name}`);
  writeFileSync(path, content);
  return path;
}

const jsonLine = (value: unknown) => `${JSON.stringify(value)}\n`;
const goodLines = (...ids: string[]) => ids.map((id) => jsonLine(manifestInput({ id }))).join("");

async function storedCount(): Promise<number> {
  const stats = await svc(["stats", "--json"]);
  expect(stats.code, stats.stderr).toBe(0);
  return (JSON.parse(stats.stdout) as { manifests: number }).manifests;
}

interface RejectLine {
  source: string;
  line: number;
  reasons: string[];
  record?: unknown;
  raw?: string;
}

function readRejects(path: string): RejectLine[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as RejectLine);
}

const rejectsPathIn = (stdout: string) =>
  /^rejected records and their reasons: (.+)$/m.exec(stdout)?.[1];

// ---------------------------------------------------------------------------------------------

describe("svc ingest: exit codes and reports", () => {
  it("exits 0 for a clean file and writes no rejects file", async () => {
    const path = writeInput("clean.jsonl", goodLines("c-1", "c-2"));
    const result = await svc(["ingest", path]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^ingest: 2 read, 2 stored, 0 duplicates, 0 rejected, 0 conflicts \(1 inputs\b/m,
    );
    expect(rejectsPathIn(result.stdout)).toBeUndefined();
    expect(existsSync(join(dataDir, "rejects"))).toBe(false);
    expect(await storedCount()).toBe(2);
    // Again: everything is a duplicate, still a success.
    const again = await svc(["ingest", path]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/2 read, 0 stored, 2 duplicates/);
  });

  it("exits 3 when records are rejected, stores the good ones and writes every reject with its reasons", async () => {
    const latin1 = Buffer.concat([
      Buffer.from('{"id":"latin1","title":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}\n'),
    ]);
    const path = writeInput(
      "mixed.jsonl",
      Buffer.concat([
        Buffer.from(goodLines("ok-1")),
        Buffer.from("{not json\n"),
        Buffer.from(jsonLine(manifestInput({ id: "bad-topic", topic: "Bad Topic!" }))),
        latin1,
        Buffer.from(jsonLine(manifestInput({ id: "too-big", text: "x".repeat(3000) }))),
        Buffer.from(goodLines("ok-2")),
      ]),
    );
    const result = await svc(["ingest", "--max-record-bytes", "2048", path]);
    expect(result.code, result.stderr).toBe(3);
    expect(result.stdout).toMatch(/6 read, 2 stored, 0 duplicates, 4 rejected, 0 conflicts/);
    const rejectsPath = rejectsPathIn(result.stdout);
    expect(rejectsPath).toBeDefined();
    expect(rejectsPath?.startsWith(join(dataDir, "rejects"))).toBe(true);
    expect(existsSync(rejectsPath as string)).toBe(true);
    // In line order (the order in the file is checked in src/ingest/ingest.test.ts).
    const rejects = readRejects(rejectsPath as string).sort((a, b) => a.line - b.line);
    expect(rejects.map((r) => r.source)).toEqual([2, 3, 4, 5].map((n) => `${path}:${n}`));
    for (const reject of rejects) {
      expect(typeof reject.source).toBe("string");
      expect(typeof reject.line).toBe("number");
      expect(reject.reasons.length).toBeGreaterThan(0);
      for (const reason of reject.reasons) expect(typeof reason).toBe("string");
      expect("record" in reject || "raw" in reject).toBe(true);
    }
    expect(rejects[0]).toMatchObject({ line: 2, raw: "{not json" });
    expect(rejects[0]?.reasons[0]).toMatch(/^not valid JSON/);
    expect(rejects[1]?.record).toMatchObject({ id: "bad-topic", topic: "Bad Topic!" });
    expect(rejects[1]?.reasons).toEqual([
      `topic: expected a topic slug of a-z, 0-9 and '-', got "Bad Topic!"`,
    ]);
    expect(rejects[2]?.reasons[0]).toContain("UTF-8");
    expect(typeof rejects[2]?.raw).toBe("string");
    expect(rejects[3]?.reasons[0]).toMatch(/over the 2 KiB limit per record/);
    // The terminal shows the first rejects with their place and reasons, before the file path.
    expect(result.stdout).toContain(`rejected: ${path}:2: not valid JSON`);
    expect(result.stdout).toContain(
      `rejected: ${path}:3: topic: expected a topic slug of a-z, 0-9 and '-', got "Bad Topic!"`,
    );
    expect(await storedCount()).toBe(2);
  });

  it("exits 4 when nothing is rejected but an id conflicts, and names the conflicting line", async () => {
    const first = writeInput("first.jsonl", jsonLine(manifestInput({ id: "dup", title: "One" })));
    const second = writeInput(
      "second.jsonl",
      goodLines("fresh") + jsonLine(manifestInput({ id: "dup", title: "Two" })),
    );
    expect((await svc(["ingest", first])).code).toBe(0);
    const result = await svc(["ingest", second]);
    expect(result.code, result.stderr).toBe(4);
    expect(result.stdout).toMatch(/2 read, 1 stored, 0 duplicates, 0 rejected, 1 conflicts/);
    expect(result.stdout).toContain(`conflict: ${second}:2: id "dup" is already stored`);
    expect(rejectsPathIn(result.stdout)).toBeUndefined();
    const conflicts = await svc(["conflicts", "--json"]);
    expect(conflicts.code).toBe(0);
    const listed = conflicts.stdout
      .trim()
      .split("\n")
      .map(
        (line) => JSON.parse(line) as { id: string; source: string; incoming: { title: string } },
      );
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: "dup",
      source: `${second}:2`,
      incoming: { title: "Two" },
    });
    // A reject and a conflict together: the reject decides the exit code.
    const both = writeInput(
      "both.jsonl",
      `${jsonLine(manifestInput({ id: "dup", title: "Three" }))}{bad\n`,
    );
    expect((await svc(["ingest", both])).code).toBe(3);
  });

  it("exits 2 for a missing path and stores nothing, even from the paths that exist", async () => {
    const good = writeInput("good.jsonl", goodLines("never-stored"));
    const missing = join(tmp, "no-such-file.jsonl");
    const result = await svc(["ingest", good, missing]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(missing);
    expect(result.stderr).toContain("no such file or directory");
    expect(result.stdout).toBe("");
    expect(await storedCount()).toBe(0);
  });

  it("exits 2 for a bad flag value, naming the flag, and stores nothing", async () => {
    const good = writeInput("good.jsonl", goodLines("never-stored"));
    const cases: Array<[string[], string]> = [
      [["--batch-size", "0"], "--batch-size"],
      [["--batch-size", "abc"], "--batch-size"],
      [["--batch-size", "-5"], "--batch-size"],
      [["--format", "xml"], "--format"],
      [["--max-record-bytes", "10"], "--max-record-bytes"],
      [["--no-such-flag"], "--no-such-flag"],
    ];
    for (const [flags, named] of cases) {
      const result = await svc(["ingest", ...flags, good]);
      expect(result.code, flags.join(" ")).toBe(2);
      expect(result.stderr, flags.join(" ")).toContain(named);
    }
    const noPath = await svc(["ingest"]);
    expect(noPath.code).toBe(2);
    expect(await storedCount()).toBe(0);
  });

  it("prints a parsable summary with --json", async () => {
    const path = writeInput("json.jsonl", `${goodLines("j-1", "j-2")}{bad\n`);
    const result = await svc(["ingest", "--json", path]);
    expect(result.code).toBe(3);
    const summary = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({
      read: 3,
      stored: 2,
      duplicates: 0,
      rejected: 1,
      conflicts: 0,
      sources: 1,
      newTopics: [],
      conflictExamples: [],
    });
    expect(typeof summary.rejectsFile).toBe("string");
    expect(existsSync(summary.rejectsFile as string)).toBe(true);
  });

  it("reads JSON Lines from standard input with -", async () => {
    const clean = await svc(["ingest", "-"], goodLines("in-1", "in-2"));
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/2 read, 2 stored/);
    const mixed = await svc(["ingest", "--json", "-"], `${goodLines("in-3")}not json\n`);
    expect(mixed.code).toBe(3);
    const summary = JSON.parse(mixed.stdout) as { rejectsFile: string; stored: number };
    expect(summary.stored).toBe(1);
    expect(readRejects(summary.rejectsFile).map((r) => r.source)).toEqual(["stdin:2"]);
    expect(await storedCount()).toBe(3);
  });

  it("reads gzip from standard input", async () => {
    const { gzipSync } = await import("node:zlib");
    const result = await svc(["ingest", "-"], gzipSync(goodLines("gz-in-1", "gz-in-2")));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/2 read, 2 stored/);
  });

  it("exits 3 for a corrupt gzip file, goes on with the next input and says what happened", async () => {
    const { gzipSync } = await import("node:zlib");
    const header = gzipSync("x").subarray(0, 10);
    const corrupt = writeInput("corrupt.jsonl.gz", Buffer.concat([header, Buffer.alloc(64, 0xff)]));
    const good = writeInput("after.jsonl", goodLines("after-corrupt"));
    const result = await svc(["ingest", "--json", corrupt, good]);
    expect(result.code, result.stderr).toBe(3);
    const summary = JSON.parse(result.stdout) as { stored: number; rejectsFile: string };
    expect(summary.stored).toBe(1);
    const rejects = readRejects(summary.rejectsFile);
    expect(rejects).toHaveLength(1);
    expect(rejects[0]).toMatchObject({ source: corrupt, line: 0 });
    expect(rejects[0]?.reasons[0]).toMatch(/^the input could not be read to the end: /);
  });

  it("writes rejects to the file given with --rejects", async () => {
    const target = join(tmp, "custom", "nested", "my-rejects.jsonl");
    const path = writeInput("r.jsonl", `${goodLines("r-1")}[1]\n`);
    const result = await svc(["ingest", "--rejects", target, path]);
    expect(result.code).toBe(3);
    expect(rejectsPathIn(result.stdout)).toBe(target);
    const rejects = readRejects(target);
    expect(rejects).toEqual([
      {
        source: `${path}:2`,
        line: 2,
        reasons: ["expected a JSON object (a Manifest), got an array of 1 items"],
        record: [1],
      },
    ]);
    expect(existsSync(join(dataDir, "rejects"))).toBe(false);
  });

  it("gives the same results and rejects in input order with and without validation workers", async () => {
    const lines: string[] = [];
    for (let index = 0; index < 5000; index++) {
      if (index % 9 === 4) lines.push(`{"broken": ${index}\n`);
      else if (index % 9 === 6)
        lines.push(jsonLine(manifestInput({ id: `wk-${index}`, language: 5 })));
      else lines.push(goodLines(`wk-${index}`));
    }
    const path = writeInput("workers.jsonl", lines.join(""));
    const runs = [];
    for (const workers of ["0", "2"]) {
      dataDir = mkdtempSync(join(tmp, `data-workers-${workers}-`));
      const result = await svc([
        "ingest",
        "--json",
        "--workers",
        workers,
        "--batch-size",
        "300",
        path,
      ]);
      expect(result.code, result.stderr).toBe(3);
      const summary = JSON.parse(result.stdout) as Record<string, unknown>;
      runs.push({
        counts: [summary.read, summary.stored, summary.rejected],
        rejects: readFileSync(summary.rejectsFile as string, "utf8"),
        stored: await storedCount(),
      });
    }
    expect(runs[0]?.counts).toEqual([5000, 3889, 1111]);
    expect(runs[1]).toEqual(runs[0]);
  });
});

describe("svc help", () => {
  it("prints usage and exits 0 for svc --help and every command's --help", async () => {
    for (const args of [
      ["--help"],
      ["ingest", "--help"],
      ["demo", "--help"],
      ["stats", "--help"],
      ["conflicts", "--help"],
      ["start", "--help"],
    ]) {
      const result = await svc(args);
      expect(result.code, args.join(" ")).toBe(0);
      expect(result.stdout, args.join(" ")).toContain("Usage");
    }
    expect(existsSync(join(dataDir, "svc.sqlite"))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------

describe("svc ingest: killed mid-way", () => {
  const BATCH = 500;
  const files = new Map<number, string>();

  /** JSON Lines of `total` small valid Manifests, ids crash-0 … crash-(total-1). */
  async function crashFile(total: number): Promise<string> {
    const known = files.get(total);
    if (known) return known;
    const path = join(tmp, `crash-${total}.jsonl`);
    const out = createWriteStream(path);
    const base = manifestInput({ id: "ID", text: "Short text.", title: "T", tags: ["t"] });
    const template = JSON.stringify(base);
    let pending: string[] = [];
    for (let index = 0; index < total; index++) {
      pending.push(template.replace('"ID"', `"crash-${index}"`));
      if (pending.length === 10_000 || index === total - 1) {
        if (!out.write(`${pending.join("\n")}\n`)) await once(out, "drain");
        pending = [];
      }
    }
    out.end();
    await finished(out);
    files.set(total, path);
    return path;
  }

  /** Every id in the store. */
  function storedIds(): Set<string> {
    const db = new Database(join(dataDir, "svc.sqlite"), { readonly: true, fileMustExist: true });
    try {
      return new Set(db.prepare("SELECT id FROM manifests").pluck().all() as string[]);
    } finally {
      db.close();
    }
  }

  /**
   * Starts `svc ingest`, polls the SQLite file and kills the process with SIGKILL once at least
   * `threshold` Manifests are stored. Returns false when ingest finished before that.
   */
  async function ingestAndKill(path: string, threshold: number): Promise<boolean> {
    const child = spawn(process.execPath, [MAIN, "ingest", "--batch-size", String(BATCH), path], {
      cwd: tmp,
      env: cliEnv(),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr += text;
    });
    const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    let done = false;
    void exited.then(() => {
      done = true;
    });
    const file = join(dataDir, "svc.sqlite");
    let db: Database.Database | undefined;
    try {
      while (!done) {
        await new Promise((wake) => setTimeout(wake, 5));
        if (!db && existsSync(file)) {
          try {
            db = new Database(file, { readonly: true, fileMustExist: true });
          } catch {
            db = undefined;
          }
        }
        if (!db) continue;
        let count = 0;
        try {
          count = Number(db.prepare("SELECT COUNT(*) FROM manifests").pluck().get());
        } catch {
          continue; // not migrated yet, or busy
        }
        if (count >= threshold) {
          child.kill("SIGKILL");
          break;
        }
      }
    } finally {
      db?.close();
    }
    const [code, signal] = await exited;
    if (signal === "SIGKILL") return true;
    expect(code, stderr).toBe(0);
    return false;
  }

  async function killAndResume(threshold: number): Promise<void> {
    let total = 200_000;
    let killed = false;
    for (let attempt = 0; attempt < 3 && !killed; attempt++) {
      dataDir = mkdtempSync(join(tmp, "data-crash-"));
      killed = await ingestAndKill(await crashFile(total), Math.min(threshold, total - 1));
      if (!killed) total *= 2; // it finished first: again with a bigger file
    }
    expect(killed, "ingest was killed before it finished").toBe(true);
    const path = await crashFile(total);

    // The store opens, and holds whole batches only: the first `count` records of the file.
    const count = await storedCount();
    expect(count).toBeGreaterThanOrEqual(Math.min(threshold, total - 1));
    expect(count === total || count % BATCH === 0, `${count} stored`).toBe(true);
    const afterKill = storedIds();
    expect(afterKill.size).toBe(count);
    for (let index = 0; index < count; index++) {
      if (!afterKill.has(`crash-${index}`)) expect.fail(`crash-${index} is missing`);
    }

    // The same ingest again completes, and everything is there exactly once.
    const rerun = await svc(["ingest", "--json", "--batch-size", String(BATCH), path]);
    expect(rerun.code, rerun.stderr).toBe(0);
    const summary = JSON.parse(rerun.stdout) as Record<string, number>;
    expect(summary).toMatchObject({
      read: total,
      stored: total - count,
      duplicates: count,
      rejected: 0,
      conflicts: 0,
    });
    expect((summary.stored ?? 0) + (summary.duplicates ?? 0)).toBe(total);
    expect(await storedCount()).toBe(total);
    const ids = storedIds();
    expect(ids.size).toBe(total);
    for (let index = 0; index < total; index++) {
      if (!ids.has(`crash-${index}`)) expect.fail(`crash-${index} is missing after the rerun`);
    }
  }

  it("keeps whole batches when killed after the first batch, and a rerun completes", async () => {
    await killAndResume(1);
  });

  it("keeps whole batches when killed mid-way, and a rerun completes", async () => {
    await killAndResume(100_000);
  });

  it("keeps whole batches when killed late, and a rerun completes", async () => {
    await killAndResume(180_000);
  });
});
