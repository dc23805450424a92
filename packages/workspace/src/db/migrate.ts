import type { Database } from './database.js';
import { migrations } from './migrations.js';

/** Advisory-lock key shared by every process that migrates (dev-auth and mcp-server may start at once). */
const MIGRATION_LOCK = 4_711_001;

/**
 * Applies the pending migrations in order, each in its own transaction. Safe when several processes
 * start together against one Postgres server: they serialise on a transaction-level advisory lock and
 * a later one finds the work done.
 */
export async function migrate(db: Database): Promise<{ applied: number[] }> {
  const applied: number[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await tx.query(
        'create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
      );
      const seen = await tx.query('select 1 from schema_migrations where version = $1', [migration.version]);
      if (seen.rowCount > 0) return false;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return { applied };
}
