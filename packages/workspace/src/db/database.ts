import { createHash } from 'node:crypto';
import pg from 'pg';
import { WorkspaceError } from '../errors.js';
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
  /**
   * Postgres only: how long one statement's answer is waited for before the call fails as
   * `unavailable` and its connection is dropped (a server that hangs without closing its
   * sockets). Every statement is short: purges delete in batches. Default 30 s.
   */
  queryTimeoutMs?: number | undefined;
  /** Postgres only: how long opening a connection, or waiting for a free one, may take. Default 10 s. */
  connectTimeoutMs?: number | undefined;
}

/** Opens the database named by the options (no migrations are run; see `migrate`). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dataDir);
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A server that stops answering without closing its sockets (a partition, a frozen host)
    // fails calls after these times instead of holding them, and the pool's connections, forever.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    query_timeout: options.queryTimeoutMs ?? 30_000,
    keepAlive: true,
  });
  // An idle connection the server closes (restart, failover) is an error event on the pool; the
  // pool drops that connection and the next query opens a new one, so there is nothing to do.
  pool.on('error', () => undefined);
  const run = async <T>(q: pg.Pool | pg.PoolClient, text: string, params?: unknown[]) => {
    // Parameterised statements are prepared once per connection (named by their text), so a hot
    // query is parsed and planned once, not on every call; the set of texts is the code's own.
    const result = await asUnavailable(() =>
      params?.length ? q.query({ name: statementName(text), text, values: params }) : q.query(text),
    );
    return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
  };
  await run(pool, 'select 1');
  return {
    kind: 'postgres',
    query: (text, params) => run(pool, text, params),
    async transaction(fn) {
      const client = await asUnavailable(() => pool.connect());
      // A checked-out connection has no pool listener: without this one, the server closing it
      // between two statements of the transaction would be an uncaught 'error' event (a crash).
      let lost: Error | undefined;
      const onLost = (error: Error) => (lost = error);
      client.on('error', onLost);
      try {
        await run(client, 'begin');
        const value = await fn({ query: (text, params) => run(client, text, params) });
        await run(client, 'commit');
        return value;
      } catch (error) {
        if (isUnavailable(error)) {
          // No answer or no connection: a rollback would wait as long again. The connection is
          // destroyed below, which ends the transaction on the server.
          lost ??= error;
        } else {
          await client.query('rollback').catch((rollbackError: unknown) => {
            lost ??= rollbackError instanceof Error ? rollbackError : new Error('rollback failed');
          });
        }
        throw lost && !isUnavailable(error) ? unavailable(lost) : error;
      } finally {
        client.removeListener('error', onLost);
        // A connection that failed is destroyed, not put back in the pool.
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Node socket errors and Postgres SQLSTATEs that mean "the server cannot be reached or is going
 * away" (class 08 connection exception, 57P01-57P03 shutdown or starting up, 53300 too many
 * connections), as opposed to an error of the statement itself.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** pg's own errors for a connection that ended or could not be made (they carry no code). */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable|Query read timeout)/;

function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) {
    return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  return UNREACHABLE_MESSAGES.test(error.message);
}

function isUnavailable(error: unknown): error is WorkspaceError {
  return error instanceof WorkspaceError && error.code === 'unavailable';
}

function unavailable(cause: unknown): WorkspaceError {
  return new WorkspaceError('unavailable', 'the database is unavailable', { cause });
}

/** Runs `work`, turning a lost or refused connection into `WorkspaceError('unavailable')`. */
async function asUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isConnectionFailure(error) ? unavailable(error) : error;
  }
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
