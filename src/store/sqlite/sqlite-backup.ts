// A consistent copy of the SQLite store while it is in use, through SQLite's online backup API
// (https://www.sqlite.org/backup.html): the copy appears under its final name only once it is
// complete and checked.
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import { SvcError } from "../../errors.js";

export interface SqliteBackupOptions {
  /** Replace a file already at the target path. */
  force?: boolean;
}

export interface SqliteBackupResult {
  /** Absolute path of the backup. */
  path: string;
  bytes: number;
  manifests: number;
  seconds: number;
}

/** Pages per backup step: all of them, so the copy is one read transaction (one snapshot). */
const ALL_PAGES = 0x7fffffff;

/** Where the copy is written before it gets its name: beside it, so the rename is atomic. */
function temporaryPath(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
}

function checkTarget(source: string, target: string, force: boolean): void {
  if (!existsSync(source)) {
    throw new SvcError(
      "input_not_found",
      `no SQLite store at ${source}`,
      "check SVC_DATA_DIR (or --data-dir): it must be the data directory `svc serve` uses",
    );
  }
  if (target === source) {
    throw new SvcError(
      "invalid_argument",
      `the backup file ${target} is the store itself`,
      "name a file outside the store, e.g. $SVC_DATA_DIR/backups/svc-DATE.sqlite",
    );
  }
  if (!force && existsSync(target)) {
    throw new SvcError(
      "invalid_argument",
      `${target} already exists; a backup never overwrites a file unless told to`,
      "name another file, or run `svc backup FILE --force` to replace it",
    );
  }
}

/**
 * Opens the finished copy, checks it is a sound database and counts its Manifests. The copy
 * leaves WAL mode, so it is one self-contained file (the store turns WAL on again when opened).
 */
function checkCopy(path: string): number {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma("journal_mode = DELETE");
    const problems = db.pragma("quick_check", { simple: false }) as { quick_check: string }[];
    const report = problems.map((row) => row.quick_check).join("; ");
    if (report !== "ok") throw new Error(`the copy failed SQLite's quick_check: ${report}`);
    return db.prepare("SELECT COUNT(*) FROM manifests").pluck().get() as number;
  } finally {
    db.close();
  }
}

/** Gives the checked copy its final name: never over another file unless `force`. */
function moveIntoPlace(temporary: string, target: string, force: boolean): void {
  if (force) {
    renameSync(temporary, target);
    return;
  }
  // A hard link fails when the name exists, even if it appeared while the copy was made.
  linkSync(temporary, target);
  rmSync(temporary);
}

function syncDirectory(directory: string): void {
  const fd = openSync(directory, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies the SQLite store at `source` to `target` with the online backup API. The store is
 * opened read-only and copied in one read transaction: with WAL a running `svc serve` or
 * `svc ingest` goes on writing meanwhile, and the copy is the store as of one moment.
 */
export async function backupSqliteStore(
  source: string,
  target: string,
  options: SqliteBackupOptions = {},
): Promise<SqliteBackupResult> {
  const started = performance.now();
  const from = resolve(source);
  const to = resolve(target);
  const force = options.force ?? false;
  checkTarget(from, to, force);
  const temporary = temporaryPath(to);
  try {
    mkdirSync(dirname(to), { recursive: true });
    const db = new Database(from, { readonly: true, fileMustExist: true });
    try {
      db.pragma("busy_timeout = 10000");
      rmSync(temporary, { force: true });
      await db.backup(temporary, { progress: () => ALL_PAGES });
    } finally {
      db.close();
    }
    const manifests = checkCopy(temporary);
    moveIntoPlace(temporary, to, force);
    syncDirectory(dirname(to));
    const seconds = (performance.now() - started) / 1000;
    return { path: to, bytes: statSync(to).size, manifests, seconds };
  } catch (error) {
    if (error instanceof SvcError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new SvcError(
      code === "EEXIST" ? "invalid_argument" : "store_unavailable",
      `cannot back up ${from} to ${to}: ${(error as Error).message}`,
      code === "EEXIST"
        ? "name another file, or run `svc backup FILE --force` to replace it"
        : "check that the backup's directory is writable and has room, then run the backup again",
      { cause: error },
    );
  } finally {
    for (const suffix of ["", "-wal", "-shm", "-journal"])
      rmSync(temporary + suffix, { force: true });
  }
}
