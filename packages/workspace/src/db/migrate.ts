import type { Database, Queryable } from './database.js';
import { migrations as productMigrations, type Migration } from './migrations.js';

/** Advisory-lock key shared by every process that migrates (dev-auth and mcp-server may start at once). */
const MIGRATION_LOCK = 4_711_001;

/**
 * One owner's schema history: its migrations and the ledger table recording which ran. The product
 * core's ledger is `schema_migrations`; an app that owns tables (dev-auth's provider tables) keeps
 * its own ledger, run by this same migrator.
 */
export interface MigrationSet {
  ledger: string;
  migrations: Migration[];
}

/** The product core's migrations. */
export const productMigrationSet: MigrationSet = {
  ledger: 'schema_migrations',
  migrations: productMigrations,
};

async function appliedVersions(db: Queryable, ledger: string): Promise<Set<number> | null> {
  const { rows } = await db.query<{ name: string | null }>('select to_regclass($1)::text as name', [
    ledger,
  ]);
  if (!rows[0]?.name) return null;
  const applied = await db.query<{ version: number }>(`select version from ${ledger}`);
  return new Set(applied.rows.map((row) => row.version));
}

/**
 * Applies the pending migrations of each set in order, each in its own transaction. Safe when
 * several processes start together against one Postgres server: they serialise on a
 * transaction-level advisory lock and a later one finds the work done. A database that is already
 * up to date is only read (no DDL, no lock), so a process whose role may not change the schema
 * (docs/database-roles.md) can start once the owner has migrated.
 */
export async function migrate(
  db: Database,
  sets: MigrationSet[] = [productMigrationSet],
): Promise<{ applied: number[] }> {
  const applied: number[] = [];
  for (const { ledger, migrations } of sets) {
    const seen = await appliedVersions(db, ledger);
    if (seen && migrations.every((m) => seen.has(m.version))) continue;
    for (const migration of migrations) {
      const done = await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        await tx.query(
          `create table if not exists ${ledger} (version integer primary key, name text not null, applied_at timestamptz not null default now())`,
        );
        const found = await tx.query(`select 1 from ${ledger} where version = $1`, [
          migration.version,
        ]);
        if (found.rowCount > 0) return false;
        for (const statement of migration.statements) await tx.query(statement);
        await tx.query(`insert into ${ledger} (version, name) values ($1, $2)`, [
          migration.version,
          migration.name,
        ]);
        return true;
      });
      if (done) applied.push(migration.version);
    }
  }
  return { applied };
}
