// The store backends every store test runs against: SQLite always, PostgreSQL when
// TEST_DATABASE_URL is set (each run in a fresh schema, dropped afterwards).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ManifestStore } from "../../src/store/manifest-store.js";
import { PostgresManifestStore } from "../../src/store/postgres/postgres-store.js";
import { SqliteManifestStore } from "../../src/store/sqlite/sqlite-store.js";

export interface TestBackend {
  name: "sqlite" | "postgres";
  /** Why the backend is skipped, or undefined when it runs. */
  skipReason: string | undefined;
  open(now?: () => Date): Promise<OpenedTestStore>;
}

export interface OpenedTestStore {
  store: ManifestStore;
  /** Closes the store and opens the same data again (migrations run again). */
  reopen(): Promise<ManifestStore>;
  cleanup(): Promise<void>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export function uniqueSchemaName(prefix = "svc_test"): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

export const sqliteBackend: TestBackend = {
  name: "sqlite",
  skipReason: undefined,
  async open(now) {
    const dir = mkdtempSync(join(tmpdir(), "svc-store-"));
    const path = join(dir, "svc.sqlite");
    let store = new SqliteManifestStore({ path, ...(now ? { now } : {}) });
    return {
      store,
      reopen: async () => {
        await store.close();
        store = new SqliteManifestStore({ path, ...(now ? { now } : {}) });
        return store;
      },
      cleanup: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

export const postgresBackend: TestBackend = {
  name: "postgres",
  skipReason: TEST_DATABASE_URL ? undefined : "TEST_DATABASE_URL is not set",
  async open(now) {
    const options = {
      connectionString: TEST_DATABASE_URL as string,
      schema: uniqueSchemaName(),
      ...(now ? { now } : {}),
    };
    let store = await PostgresManifestStore.open(options);
    return {
      store,
      reopen: async () => {
        await store.close();
        store = await PostgresManifestStore.open(options);
        return store;
      },
      cleanup: async () => {
        await store.dropSchema();
        await store.close();
      },
    };
  },
};

export const STORE_BACKENDS: readonly TestBackend[] = [sqliteBackend, postgresBackend];
