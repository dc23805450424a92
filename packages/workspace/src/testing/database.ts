import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';

/** A test database; `url` is set when it lives on a Postgres server (so a test can open a second pool). */
export interface TestDatabase extends Database {
  readonly url: string | undefined;
}

export interface TestDatabaseOptions {
  /** Run the migrations before returning (default true). */
  migrate?: boolean;
  /** A Postgres server to create the database on instead of TEST_DATABASE_URL's (fault tests). */
  serverUrl?: string;
}

/**
 * A fresh database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL names a Postgres
 * server, a new uniquely named database on it that `close()` drops. Test-only code, so reading the
 * environment here does not break the package's config-free rule.
 */
export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL;
  const db = serverUrl ? await openServerDatabase(serverUrl) : await openPgliteDatabase();
  if (options.migrate ?? true) await migrate(db);
  return db;
}

/** Which backend the store tests run on, for test names. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

async function openPgliteDatabase(): Promise<TestDatabase> {
  const db = await openDatabase({});
  return Object.assign(db, { url: undefined });
}

async function openServerDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `ask_analyst_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  const close = db.close.bind(db);
  return Object.assign(db, {
    url: url.toString(),
    async close() {
      await close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  });
}

async function withAdminClient<T>(
  serverUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
