// `svc backup` through the built command line: a backup restored into a fresh data directory
// builds the same edition, byte for byte; an existing file is never overwritten unless told;
// PostgreSQL is refused with the pg_dump command to run; the daily wrapper of the systemd
// timer names and prunes its backups.
import { execFile } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runSvc } from "./support/svc-cli.js";

const CUT = "2026-11-21T12:00:00.000Z";
const BASE_URL = "https://svc.test";

let work: string;

function env(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return { SVC_DATA_DIR: dataDir, SVC_BASE_URL: BASE_URL, ...extra };
}

/** Every file of a published tree (through the `public` link), by path, with its bytes. */
function publishedFiles(dataDir: string): Map<string, string> {
  const root = join(dataDir, "public");
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      // The tree links to archive buckets: follow them.
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path), readFileSync(path, "base64"));
    }
  };
  walk(root);
  return files;
}

/** The build summary without its timing and publish fields. */
function editionOf(stdout: string): Record<string, unknown> {
  const {
    seconds: _seconds,
    published: _published,
    ...rest
  } = JSON.parse(stdout) as Record<string, unknown>;
  return rest;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "svc-backup-cli-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe("svc backup", () => {
  it("restores into a fresh data directory that builds the same edition", async () => {
    const source = join(work, "source");
    expect((await runSvc(["demo", "--at", CUT], env(source))).code).toBe(0);
    const built = await runSvc(["build", "--at", CUT, "--no-publish", "--json"], env(source));
    expect(built.code, built.stderr).toBe(0);

    const file = join(work, "backups", "nightly", "svc.sqlite");
    const backup = await runSvc(["backup", file], env(source));
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(file);
    expect(backup.stdout).toMatch(/\(\d+ bytes\), 652 Manifests/);
    expect(backup.stdout).toContain(`(${statSync(file).size} bytes)`);
    // Only the final name is left: no partial copy, no WAL beside it.
    expect(readdirSync(join(work, "backups", "nightly"))).toEqual(["svc.sqlite"]);

    // Restore as the docs say: copy the backup to $SVC_DATA_DIR/svc.sqlite.
    const restored = join(work, "restored");
    mkdirSync(restored);
    copyFileSync(file, join(restored, "svc.sqlite"));
    const stats = async (dataDir: string) => {
      const run = await runSvc(["stats", "--json"], env(dataDir));
      return { ...(JSON.parse(run.stdout) as object), location: undefined };
    };
    expect(await stats(restored)).toEqual(await stats(source));
    const rebuilt = await runSvc(["build", "--at", CUT, "--json"], env(restored));
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(editionOf(rebuilt.stdout)).toEqual(editionOf(built.stdout));
    expect(editionOf(rebuilt.stdout)).toMatchObject({ cut: CUT, manifests: 164 });

    // The same edition published from the original store gives the same files, byte for byte.
    expect((await runSvc(["publish", "--at", CUT], env(source))).code).toBe(0);
    const original = publishedFiles(source);
    expect(original.has("editions/latest.json")).toBe(true);
    expect(original.size).toBeGreaterThan(26); // the stories, the indexes, the feeds
    expect(publishedFiles(restored)).toEqual(original);
  });

  it("never overwrites an existing file unless --force", async () => {
    const dataDir = join(work, "overwrite");
    expect((await runSvc(["demo", "--at", CUT], env(dataDir))).code).toBe(0);
    const file = join(work, "keep.sqlite");
    writeFileSync(file, "precious");
    const refused = await runSvc(["backup", file], env(dataDir));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`svc: ${file} already exists`);
    expect(refused.stderr).toContain("--force");
    expect(readFileSync(file, "utf8")).toBe("precious");

    const forced = await runSvc(["backup", file, "--force", "--json"], env(dataDir));
    expect(forced.code, forced.stderr).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ path: file, manifests: 652 });
    expect(readFileSync(file).subarray(0, 16).toString()).toBe("SQLite format 3\0");
    expect(readdirSync(work).filter((name) => name.includes(".partial"))).toEqual([]);
  });

  it("refuses to copy the store onto itself or to back up a store that is not there", async () => {
    const dataDir = join(work, "overwrite");
    const self = await runSvc(["backup", join(dataDir, "svc.sqlite"), "--force"], env(dataDir));
    expect(self.code).toBe(2);
    expect(self.stderr).toContain("is the store itself");
    const missing = await runSvc(["backup", join(work, "x.sqlite")], env(join(work, "empty")));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`no SQLite store at ${join(work, "empty", "svc.sqlite")}`);
    expect(existsSync(join(work, "x.sqlite"))).toBe(false);
  });

  it("with PostgreSQL, refuses without connecting and gives the pg_dump command", async () => {
    const run = await runSvc(
      ["backup", "/srv/backups/svc.dump"],
      env(join(work, "pg"), {
        DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/x",
        SVC_DATABASE_SCHEMA: "svc_news",
      }),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("this configuration uses PostgreSQL (DATABASE_URL)");
    expect(run.stderr).toContain(
      "pg_dump --schema=svc_news --format=custom --file=/srv/backups/svc.dump postgres://nobody@127.0.0.1:1/x",
    );
    expect(run.stderr).not.toContain("secret");
    expect(existsSync(join(work, "pg"))).toBe(false);
  });
});

describe("deploy/systemd/svc-backup.sh (the timer's daily backup)", () => {
  it("backs up under a UTC time stamp and removes backups older than the days kept", async () => {
    const dataDir = join(work, "overwrite");
    const backups = join(dataDir, "backups");
    mkdirSync(backups);
    const old = join(backups, "svc-20200101T033000Z.sqlite");
    const recent = join(backups, "svc-20200102T033000Z.sqlite");
    const other = join(backups, "notes.txt");
    for (const path of [old, recent, other]) writeFileSync(path, "x");
    const day = 24 * 60 * 60;
    const now = Date.now() / 1000;
    utimesSync(old, now - 15 * day, now - 15 * day);
    utimesSync(recent, now - 13 * day, now - 13 * day);
    utimesSync(other, now - 99 * day, now - 99 * day);

    const script = join(ROOT, "deploy", "systemd", "svc-backup.sh");
    const { stdout } = await promisify(execFile)(script, [], {
      env: { PATH: process.env.PATH, ...env(dataDir, { SVC_BACKUP_KEEP_DAYS: "14" }) },
    });
    // find -print names what it deleted.
    expect(stdout).toContain(old);
    const names = readdirSync(backups).sort();
    expect(names).toHaveLength(3);
    expect(names).toContain("notes.txt");
    expect(names).toContain("svc-20200102T033000Z.sqlite");
    const made = names.find(
      (name) => /^svc-\d{8}T\d{6}Z\.sqlite$/.test(name) && name !== "svc-20200102T033000Z.sqlite",
    );
    expect(made).toBeDefined();
    expect(statSync(join(backups, made as string)).size).toBeGreaterThan(4096);
  });
});
