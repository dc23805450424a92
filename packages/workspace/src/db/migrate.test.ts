import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/database.js';
import { openDatabase } from './database.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations.js';

const versions = migrations.map((m) => m.version);
let opened: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  for (const db of opened.reverse()) await db.close();
  opened = [];
});

async function freshDatabase(): Promise<TestDatabase> {
  const db = await openTestDatabase({ migrate: false });
  opened.push(db);
  return db;
}

async function appliedVersions(db: TestDatabase): Promise<number[]> {
  const { rows } = await db.query<{ version: number }>(
    'select version from schema_migrations order by version',
  );
  return rows.map((r) => r.version);
}

describe(`migrate (${testDatabaseKind()})`, () => {
  it('applies every migration once, in order, and a second run finds nothing to do', async () => {
    const db = await freshDatabase();
    expect(await migrate(db)).toEqual({ applied: versions });
    expect(await migrate(db)).toEqual({ applied: [] });
    expect(await appliedVersions(db)).toEqual(versions);
  });

  it('is safe when two migrate calls run at once', async () => {
    const db = await freshDatabase();
    // On a Postgres server the second call uses its own connection pool, as a second process would.
    const other = db.url ? await openDatabase({ url: db.url }) : db;
    if (other !== db) opened.push(other);
    const [a, b] = await Promise.all([migrate(db), migrate(other)]);
    expect([...a.applied, ...b.applied].sort((x, y) => x - y)).toEqual(versions);
    expect(await appliedVersions(db)).toEqual(versions);
  });

  it('versions are unique and increasing', () => {
    expect(versions).toEqual([...new Set(versions)].sort((x, y) => x - y));
  });
});
