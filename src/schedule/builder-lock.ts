// One builder at a time for a store: a PostgreSQL session advisory lock when the store is
// PostgreSQL (so builders on several machines exclude each other, and a crashed builder's lock
// goes with its connection), a pid lock file in the data directory for SQLite (one machine).
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { acquireTreeLock } from "../tree/tree-lock.js";
import { SvcError } from "../errors.js";

export interface BuilderLock {
  release(): Promise<void>;
  /** Throws when the lock may have been lost (its PostgreSQL connection dropped). */
  check(): void;
}

export interface BuilderLockOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
}

const BUILDER = { code: "build_locked", what: "builder is building" } as const;

/** The advisory lock key: one per store (database and schema), the same on every machine. */
export function advisoryKey(schema: string): string {
  return `svc builder ${schema}`;
}

async function postgresLock(url: string, schema: string): Promise<BuilderLock | undefined> {
  // Loaded here, not at the top: a SQLite build does not pay pg's load time (about 70 ms).
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  // A connection lost while holding the lock ends the session, and PostgreSQL frees the lock:
  // another builder may start, so this one must not publish (check()).
  let lost: Error | undefined;
  client.on("error", (error) => {
    lost = error;
  });
  await client.connect();
  try {
    const result = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked",
      [advisoryKey(schema)],
    );
    if (result.rows[0]?.locked === true) {
      return {
        release: () => client.end().catch(() => undefined),
        check: () => {
          if (lost === undefined) return;
          throw new SvcError(
            "store_unavailable",
            `lost the build lock: its connection to PostgreSQL dropped (${lost.message})`,
            "nothing was published; build again once PostgreSQL is reachable",
          );
        },
      };
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  await client.end();
  return undefined;
}

/**
 * Takes the builder lock of the store, or throws a `build_locked` SvcError when another
 * builder holds it.
 */
export async function acquireBuilderLock(options: BuilderLockOptions): Promise<BuilderLock> {
  if (options.databaseUrl === undefined) {
    await mkdir(options.dataDir, { recursive: true });
    const lock = await acquireTreeLock(join(options.dataDir, ".build.lock"), BUILDER);
    return { release: () => lock.release(), check: () => undefined };
  }
  const lock = await postgresLock(options.databaseUrl, options.databaseSchema);
  if (lock !== undefined) return lock;
  throw new SvcError(
    "build_locked",
    `another builder holds the build lock of schema ${options.databaseSchema} on this PostgreSQL server`,
    "wait for it to finish (the scheduler retries by itself); its edition is then in the store",
  );
}
