import { PGlite, protocol } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database.js';
import {
  affectedRows,
  parseAll,
  readExecuteReply,
  type BackendError,
  type BackendMessage,
} from './pglite-reply.js';

/** Shared buffers of the embedded database (docs/performance-archive.md: idle memory). */
const PGLITE_SHARED_BUFFERS = '32MB';

/** How many prepared statements the embedded backend keeps (least recently used go first). */
const MAX_PREPARED_STATEMENTS = 256;

interface Prepared {
  name: string;
  /** Parameter type oids, as the backend inferred them. */
  paramTypes: number[];
  /** The columns of its rows (none when it returns no rows). */
  columns: Array<{ name: string; dataTypeID: number }>;
}

/**
 * The embedded database (PGlite), with every statement prepared once and reused.
 *
 * PGlite's own `query` parses, describes and plans each statement on every call through the
 * unnamed statement, in six separate trips into the WASM backend (docs/performance-archive.md: the
 * list query spent ≈7 of its ≈8 ms planning). Here a statement text is parsed once into a named
 * prepared statement (its parameter types and row description kept), and each call is a single
 * trip: Bind + Execute + Sync. Rows are typed by PGlite's own parsers and serializers, so results
 * are what `PGlite.query` returns.
 *
 * PGlite has one backend and so one session: a statement holds a FIFO lock for its trips, and a
 * transaction holds it from BEGIN to COMMIT/ROLLBACK, so no statement lands inside another
 * caller's transaction.
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  // The product tables are small (worksheet rows live in Parquet files): Postgres's default
  // 128 MB of shared buffers would be most of the process's memory, allocated up front.
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    // Generic plans: a prepared statement is planned once, not on every call with its values
    // (the product tables are small; a custom plan of the list query cost ≈10 ms of planning).
    postgresqlconf: `shared_buffers = ${PGLITE_SHARED_BUFFERS}\nplan_cache_mode = force_generic_plan`,
  });
  const session = new PgliteSession(pg);
  const lock = new FifoLock();
  let closed = false;

  return {
    kind: 'pglite',
    query<T>(text: string, params?: unknown[]): Promise<QueryResult<T>> {
      if (closed) return Promise.reject(new Error('the database is closed'));
      return lock.run(() => session.run<T>(text, params));
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new Error('the database is closed'));
      return lock.run(async () => {
        // Only while the transaction holds the lock: a handle kept past it would run unguarded.
        let open = true;
        const tx: Queryable = {
          query: (text, params) =>
            open ? session.run(text, params) : Promise.reject(new Error('the transaction is over')),
        };
        await session.run('begin');
        let value: T;
        try {
          value = await fn(tx);
        } catch (error) {
          open = false;
          try {
            await session.run('rollback');
          } catch {
            // The caller's error says more than a failed rollback of the same session.
          }
          throw error;
        }
        open = false;
        // COMMIT of a transaction aborted by a caught error rolls back: report it as a failure.
        const { command } = await session.commit();
        if (command !== 'COMMIT') throw new Error('the transaction was rolled back');
        return value;
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await lock.run(async () => undefined);
      await pg.close();
    },
  };
}

/** The one session of an embedded database: its prepared statements and its trips. */
class PgliteSession {
  private readonly statements = new Map<string, Prepared>();
  private nextId = 0;

  constructor(private readonly pg: PGlite) {}

  /** Runs one statement; throws the backend's error. */
  async run<T>(text: string, params: unknown[] = []): Promise<QueryResult<T>> {
    let prepared = await this.prepare(text);
    let reply = readExecuteReply(await this.execute(prepared, params));
    // A schema change (a migration, a test's DDL) can invalidate a statement's result shape; the
    // backend then refuses it once ("cached plan must not change result type"): prepare again.
    if (reply.error?.code === '0A000') {
      await this.forget(text);
      prepared = await this.prepare(text);
      reply = readExecuteReply(await this.execute(prepared, params));
    }
    if (reply.error) throw reply.error;
    const rows = reply.rows.map((fields) => this.toRow(prepared.columns, fields)) as T[];
    // pg's rowCount counts the rows returned by a select; PGlite reports affectedRows 0 then.
    return { rows, rowCount: Math.max(rows.length, affectedRows(reply.commandTag)) };
  }

  /** A row as `PGlite.query` types it: each column through PGlite's parser for its type. */
  private toRow(
    columns: Prepared['columns'],
    fields: Array<string | null>,
  ): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    const parsers = this.pg.parsers;
    for (let i = 0; i < columns.length; i++) {
      const { name, dataTypeID } = columns[i]!;
      const text = fields[i] ?? null;
      const parser = parsers[dataTypeID];
      row[name] = text === null ? null : parser ? parser(text, dataTypeID) : text;
    }
    return row;
  }

  /** COMMIT, reporting the command the backend answered (ROLLBACK when the transaction failed). */
  async commit(): Promise<{ command: string }> {
    const messages = parseAll(await this.trip(protocol.serialize.query('commit')));
    const error = errorOf(messages);
    if (error) throw error;
    const done = messages.find((m) => m.name === 'commandComplete') as
      { text?: string } | undefined;
    return { command: done?.text?.split(' ')[0] ?? '' };
  }

  private async prepare(text: string): Promise<Prepared> {
    const known = this.statements.get(text);
    if (known) {
      // Most recently used last, so eviction takes the least recently used.
      this.statements.delete(text);
      this.statements.set(text, known);
      return known;
    }
    if (this.statements.size >= MAX_PREPARED_STATEMENTS) {
      const oldest = this.statements.keys().next();
      if (!oldest.done) await this.forget(oldest.value);
    }
    const name = `aa_s${(this.nextId++).toString(36)}`;
    const { serialize } = protocol;
    const reply = await this.trip(
      concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const messages = parseAll(reply);
    const error = errorOf(messages);
    if (error) throw error;
    const parameters = messages.find((m) => m.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined;
    const description = messages.find((m) => m.name === 'rowDescription') as
      { fields: Array<{ name: string; dataTypeID: number }> } | undefined;
    const prepared: Prepared = {
      name,
      paramTypes: parameters?.dataTypeIDs ?? [],
      columns: (description?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    };
    this.statements.set(text, prepared);
    return prepared;
  }

  private execute(prepared: Prepared, params: unknown[]): Promise<Uint8Array> {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = prepared.paramTypes[index];
      const serializer = type === undefined ? undefined : this.pg.serializers[type];
      if (serializer) return serializer(value);
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
        return String(value);
      return JSON.stringify(value);
    });
    const { serialize } = protocol;
    return this.trip(
      concat([
        serialize.bind({ statement: prepared.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
  }

  private async forget(text: string): Promise<void> {
    const prepared = this.statements.get(text);
    if (!prepared) return;
    this.statements.delete(text);
    const { serialize } = protocol;
    await this.trip(
      concat([serialize.close({ type: 'S', name: prepared.name }), serialize.sync()]),
    );
  }

  /**
   * One trip into the backend: the bytes it answered. The raw stream is used so that PGlite
   * neither parses the reply itself nor keeps it (its `execProtocolRawSync` collects every reply's
   * messages in a list that only its own `query` empties); nothing to sync on a trip, the data
   * directory is written through.
   */
  private async trip(message: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    await this.pg.execProtocolRawStream(message, {
      syncToFs: false,
      // The chunk is a view of the backend's buffer, reused by the next trip: copy it.
      onRawData: (chunk) => chunks.push(chunk.slice()),
    });
    return chunks.length === 1 ? chunks[0]! : concat(chunks);
  }
}

/** The backend's error among a trip's messages (a `DatabaseError` with its SQLSTATE `code`). */
function errorOf(messages: BackendMessage[]): BackendError | undefined {
  return messages.find((m) => m.name === 'error') as BackendError | undefined;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A first-in first-out lock: each holder runs alone, in the order they asked. */
class FifoLock {
  private tail: Promise<void> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    const settled = () => undefined;
    this.tail = result.then(settled, settled);
    return result;
  }
}
