// Versioned schema migrations. Each backend lists its steps in order; a step is applied once,
// inside a transaction, and recorded in `svc_migrations`. Never edit a released step: add one.

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Checks that versions start at 1 and rise by one, so a gap or a reorder fails loudly. */
export function assertMigrationOrder(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `migration ${migration.name} has version ${migration.version}, expected ${index + 1}`,
      );
    }
  });
}

/** The migrations not yet applied, given the highest applied version. */
export function pendingMigrations(migrations: readonly Migration[], applied: number): Migration[] {
  assertMigrationOrder(migrations);
  return migrations.filter((migration) => migration.version > applied);
}
