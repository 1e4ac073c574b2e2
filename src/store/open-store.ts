// Picks the store from configuration: PostgreSQL when a database URL is set, else the SQLite
// file under the data directory.
import { join } from "node:path";
import type { ManifestStore } from "./manifest-store.js";

export interface StoreConfig {
  dataDir: string;
  databaseUrl?: string | undefined;
  databaseSchema: string;
}

export const SQLITE_FILE_NAME = "svc.sqlite";

export async function openStore(config: StoreConfig, now?: () => Date): Promise<ManifestStore> {
  if (config.databaseUrl !== undefined) {
    // Loaded only when used: the PostgreSQL driver costs startup time on every SQLite run.
    const { PostgresManifestStore } = await import("./postgres/postgres-store.js");
    return PostgresManifestStore.open({
      connectionString: config.databaseUrl,
      schema: config.databaseSchema,
      ...(now ? { now } : {}),
    });
  }
  // Loaded only when used too: the native SQLite module is not needed by `svc --help`.
  const { SqliteManifestStore } = await import("./sqlite/sqlite-store.js");
  return new SqliteManifestStore({
    path: join(config.dataDir, SQLITE_FILE_NAME),
    ...(now ? { now } : {}),
  });
}
