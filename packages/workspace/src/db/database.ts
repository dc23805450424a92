import { createHash } from 'node:crypto';
import pg from 'pg';
import { openPglite } from './pglite.js';

/** Something that runs parameterised SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** The product database: embedded PGlite by default, a Postgres server when `url` is given. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` of a Postgres server; when absent the embedded database is used. */
  url?: string | undefined;
  /** Folder of the embedded database; absent means in memory (tests). */
  dataDir?: string | undefined;
}

/** Opens the database named by the options (no migrations are run; see `migrate`). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined);
  const run = async <T>(q: pg.Pool | pg.PoolClient, text: string, params?: unknown[]) => {
    // Parameterised statements are prepared once per connection (named by their text), so a hot
    // query is parsed and planned once, not on every call; the set of texts is the code's own.
    const result = params?.length
      ? await q.query({ name: statementName(text), text, values: params })
      : await q.query(text);
    return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
  };
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: (text, params) => run(pool, text, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const value = await fn({ query: (text, params) => run(client, text, params) });
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const statementNames = new Map<string, string>();

/** A stable prepared-statement name for a SQL text (Postgres names are at most 63 bytes). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `aa_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
    statementNames.set(text, name);
  }
  return name;
}
