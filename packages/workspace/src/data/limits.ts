import type {
  DuckDBConnection,
  DuckDBInstance,
  DuckDBResultReader,
  DuckDBType,
  DuckDBValue,
} from '@duckdb/node-api';
import { DataError } from './errors.js';

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** A counting semaphore whose waiters give up after a while. */
export class Semaphore {
  private free: number;
  private readonly waiters: Waiter[] = [];

  constructor(size: number) {
    this.free = size;
  }

  /** A release function once a permit is free; rejects with `onTimeout()` after `timeoutMs`. */
  acquire(timeoutMs: number, onTimeout: () => Error): Promise<() => void> {
    if (this.free > 0 && this.waiters.length === 0) {
      this.free -= 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          reject(onTimeout());
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  /** Rejects every waiter (used on close). */
  rejectAll(error: Error): void {
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) {
        clearTimeout(next.timer);
        next.resolve(this.releaser());
      } else {
        this.free += 1;
      }
    };
  }
}

/** Typed positional parameters of a statement. */
export interface BoundParams {
  values: DuckDBValue[];
  types: DuckDBType[];
}

/**
 * One slot of the pool: a connection with a deadline. A statement still running at the deadline
 * is interrupted (`connection.interrupt()`); a statement started after it is refused.
 */
export class QuerySession {
  constructor(
    readonly connection: DuckDBConnection,
    private readonly deadline: number,
    private readonly isCancelled: () => boolean = () => false,
  ) {}

  /** Runs one statement and reads all its rows. */
  async readAll(sql: string, params?: BoundParams): Promise<DuckDBResultReader> {
    this.checkDeadline();
    return this.connection.runAndReadAll(sql, params?.values, params?.types);
  }

  /** Throws once the deadline has passed or the work was cancelled. */
  checkDeadline(): void {
    if (this.isCancelled() || Date.now() >= this.deadline) throw new DeadlineReached();
  }
}

class DeadlineReached extends Error {}

/** Bounds of a {@link QueryPool}. */
export interface PoolLimits {
  maxConcurrent: number;
  queueTimeoutMs: number;
  queryTimeoutMs: number;
}

/**
 * Runs work on a DuckDB instance with at most `maxConcurrent` connections busy at once; callers
 * beyond that wait up to `queueTimeoutMs` (then `unavailable`), and each piece of work gets
 * `queryTimeoutMs` (then `timeout`).
 */
export class QueryPool {
  private readonly semaphore: Semaphore;
  private readonly idle: DuckDBConnection[] = [];
  private readonly busy = new Set<DuckDBConnection>();
  private closed = false;

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly limits: PoolLimits,
  ) {
    this.semaphore = new Semaphore(limits.maxConcurrent);
  }

  /**
   * Runs `work` on a connection of its own; `what` names the work in error messages. `timeoutMs`
   * replaces the pool's query time limit for this work; aborting `signal` interrupts it
   * (`cancelled`).
   */
  async run<T>(
    what: string,
    work: (session: QuerySession) => Promise<T>,
    options: RunOptions = {},
  ): Promise<T> {
    if (this.closed) throw closedError();
    const { signal } = options;
    if (signal?.aborted) throw cancelledError(what);
    const timeoutMs = options.timeoutMs ?? this.limits.queryTimeoutMs;
    const release = await this.semaphore.acquire(
      this.limits.queueTimeoutMs,
      () =>
        new DataError(
          'unavailable',
          `too many queries are running; ${what} waited ${this.limits.queueTimeoutMs} ms`,
        ),
    );
    let connection: DuckDBConnection | undefined;
    let timedOut = false;
    let cancelled = false;
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    try {
      if (this.closed) throw closedError();
      connection = this.idle.pop() ?? (await this.instance.connect());
      this.busy.add(connection);
      const conn = connection;
      timer = setTimeout(() => {
        timedOut = true;
        conn.interrupt();
      }, timeoutMs);
      onAbort = () => {
        cancelled = true;
        conn.interrupt();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) onAbort();
      const session = new QuerySession(conn, Date.now() + timeoutMs, () => cancelled);
      return await work(session);
    } catch (error) {
      if (cancelled) throw cancelledError(what, error);
      if (timedOut || error instanceof DeadlineReached) {
        throw new DataError('timeout', `${what} took longer than ${timeoutMs} ms`, {
          cause: error,
        });
      }
      throw translateDuckDbError(error, this.closed);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      if (connection) {
        this.busy.delete(connection);
        if (this.closed) connection.closeSync();
        else this.idle.push(connection);
      }
      release();
    }
  }

  /** Refuses new work, interrupts running work and closes every connection. */
  close(): void {
    this.closed = true;
    this.semaphore.rejectAll(closedError());
    for (const connection of this.busy) connection.interrupt();
    for (const connection of this.idle.splice(0)) connection.closeSync();
  }
}

/** Per-run options of {@link QueryPool.run}. */
export interface RunOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

function cancelledError(what: string, cause?: unknown): DataError {
  return new DataError('cancelled', `${what} was cancelled`, { cause });
}

function closedError(): DataError {
  return new DataError('unavailable', 'the worksheet engine is closed');
}

/** Maps resource errors of DuckDB to data errors; other errors pass through unchanged. */
export function translateDuckDbError(error: unknown, closing = false): unknown {
  if (error instanceof DataError || !(error instanceof Error)) return error;
  if (/^Out of Memory Error/i.test(error.message)) {
    return new DataError('unavailable', 'the query needed more memory than the engine allows', {
      cause: error,
    });
  }
  if (closing && /^INTERRUPT Error/i.test(error.message)) return closedError();
  return error;
}
