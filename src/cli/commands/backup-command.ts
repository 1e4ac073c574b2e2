// `svc backup FILE`: a consistent copy of the SQLite store, safe while `svc serve` runs; with
// PostgreSQL it says which `pg_dump` to run instead.
import { join } from "node:path";
import type { Command } from "commander";
import { SvcError } from "../../errors.js";
import { SQLITE_FILE_NAME } from "../../store/open-store.js";
import type { SqliteBackupResult } from "../../store/sqlite/sqlite-backup.js";
import type { CommandContext } from "../context.js";
import { EXIT_CODES_HELP } from "../exit-codes.js";

/** A word for a POSIX shell: as it is when plainly safe, else in single quotes. */
function shellWord(value: string): string {
  if (/^[\w@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The connection URL without its password: pg_dump reads that from PGPASSWORD or ~/.pgpass. */
function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = "";
    return url.toString();
  } catch {
    return "postgres://USER@HOST:PORT/DATABASE";
  }
}

/** The `pg_dump` command that backs up SVC's schema of `databaseUrl` into `file`. */
export function pgDumpCommand(databaseUrl: string, schema: string, file: string): string {
  return [
    "pg_dump",
    shellWord(`--schema=${schema}`),
    "--format=custom",
    shellWord(`--file=${file}`),
    shellWord(withoutPassword(databaseUrl)),
  ].join(" ");
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function formatBackupSummary(result: SqliteBackupResult): string {
  return `backed up the store to ${result.path}: ${formatBytes(result.bytes)} (${result.bytes} bytes), ${result.manifests} Manifests, in ${result.seconds.toFixed(1)} s`;
}

export function registerBackup(program: Command, context: () => CommandContext) {
  program
    .command("backup")
    .description(
      "Copy the SQLite store to FILE with SQLite's online backup API, safe while svc serve runs",
    )
    .argument("<file>", "where the backup goes (its directory is created when missing)")
    .option("--force", "replace FILE when it exists")
    .option("--json", "print the summary as JSON")
    .addHelpText(
      "after",
      `\nThe copy is written beside FILE under a temporary name and renamed once complete and checked.\nRestore: stop svc, copy the backup to $SVC_DATA_DIR/${SQLITE_FILE_NAME}, start svc (docs/operations.md).\nWith DATABASE_URL (PostgreSQL) use pg_dump instead; the command says how.\n\nExamples:\n  svc backup /var/lib/svc/backups/svc-2026-11-21.sqlite\n  svc backup backup.sqlite --force\n${EXIT_CODES_HELP}`,
    )
    .action(async (file: string, options: { force?: boolean; json?: boolean }) => {
      const { config } = context();
      if (config.databaseUrl !== undefined) {
        throw new SvcError(
          "invalid_argument",
          "svc backup copies the SQLite store; this configuration uses PostgreSQL (DATABASE_URL)",
          `back up with pg_dump (the password from PGPASSWORD or ~/.pgpass): ${pgDumpCommand(config.databaseUrl, config.databaseSchema, file)}`,
        );
      }
      // The SQLite driver's backup code loads only when a backup runs.
      const { backupSqliteStore } = await import("../../store/sqlite/sqlite-backup.js");
      const result = await backupSqliteStore(join(config.dataDir, SQLITE_FILE_NAME), file, {
        force: options.force ?? false,
      });
      console.log(options.json ? JSON.stringify(result, null, 2) : formatBackupSummary(result));
    });
}
