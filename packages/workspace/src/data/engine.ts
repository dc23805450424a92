import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { COLUMN_TYPES } from '@ask-analyst/protocol';
import type { DuckDBInstance } from '@duckdb/node-api';
import { argumentsHash, openCursor, signCursor } from './cursor.js';
import type { CursorBinding, CursorPosition } from './cursor.js';
import { DataError, invalidArgument } from './errors.js';
import { ingestFile } from './ingest.js';
import { openQueryInstance } from './instance.js';
import { QueryPool, Semaphore } from './limits.js';
import { removeOrphanFiles } from './orphans.js';
import { resolveDataPath, worksheetsDir } from './paths.js';
import { profileColumns } from './profile.js';
import { runQuery } from './query.js';
import { planRead } from './read-request.js';
import { readPage } from './read.js';
import type {
  ColumnProfile,
  EngineOptions,
  IngestOptions,
  IngestResult,
  WorksheetQueryOptions,
  WorksheetQueryResult,
  ReadRequest,
  ReadResult,
  RemoveOrphansOptions,
  WorksheetRef,
} from './types.js';

/** Profiles kept in memory (worksheet files never change, so they never go stale). */
const PROFILE_CACHE_SIZE = 256;
const KNOWN_COLUMN_TYPES = new Set<string>(COLUMN_TYPES);

interface Settings {
  dataDir: string;
  threads: number;
  memoryLimit: string;
  queryTimeoutMs: number;
  ingestTimeoutMs: number;
  cursorSecret: string;
}

function positiveInteger(value: number | undefined, fallback: number, field: string): number {
  const result = value ?? fallback;
  if (!Number.isInteger(result) || result < 1)
    throw invalidArgument(field, `${field} must be a positive integer`);
  return result;
}

function checkWorksheet(worksheet: WorksheetRef): void {
  if (typeof worksheet.id !== 'string' || worksheet.id.length === 0) {
    throw invalidArgument('worksheet.id', 'worksheet.id must be a non-empty string');
  }
  if (
    !Array.isArray(worksheet.columns) ||
    worksheet.columns.length === 0 ||
    worksheet.columns.some((column) => !KNOWN_COLUMN_TYPES.has(column.type))
  ) {
    throw invalidArgument(
      'worksheet.columns',
      'worksheet.columns must list columns with known types',
    );
  }
}

/**
 * The analytical data layer: imports files as immutable worksheet files (Parquet) and serves
 * reads, profiles and analysis queries over them with DuckDB, bounded in threads, memory, time
 * and concurrency, with file access outside the worksheets folder disabled.
 */
export class WorksheetEngine {
  private readonly profiles = new Map<string, Promise<ColumnProfile[]>>();
  private readonly ingests = new Semaphore(1);
  private readonly inFlight = new Set<string>();
  private closed = false;

  private constructor(
    private readonly settings: Settings,
    private readonly instance: DuckDBInstance,
    private readonly pool: QueryPool,
    private readonly spillDir: string,
  ) {}

  /** Opens an engine over `options.dataDir`, creating its worksheets folder when missing. */
  static async open(options: EngineOptions): Promise<WorksheetEngine> {
    if (typeof options.cursorSecret !== 'string' || options.cursorSecret.length < 16) {
      throw invalidArgument('cursorSecret', 'cursorSecret must be at least 16 characters');
    }
    const dataDir = path.resolve(options.dataDir);
    const settings: Settings = {
      dataDir,
      threads: positiveInteger(options.threads, 2, 'threads'),
      memoryLimit: options.memoryLimit ?? '1GB',
      queryTimeoutMs: positiveInteger(options.queryTimeoutMs, 30_000, 'queryTimeoutMs'),
      ingestTimeoutMs: positiveInteger(options.ingestTimeoutMs, 300_000, 'ingestTimeoutMs'),
      cursorSecret: options.cursorSecret,
    };
    const folder = worksheetsDir(dataDir);
    await mkdir(folder, { recursive: true });
    const spillDir = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-duckdb-'));
    try {
      const instance = await openQueryInstance(folder, {
        threads: settings.threads,
        memoryLimit: settings.memoryLimit,
        tempDir: spillDir,
      });
      const pool = new QueryPool(instance, {
        maxConcurrent: positiveInteger(options.maxConcurrentQueries, 4, 'maxConcurrentQueries'),
        queueTimeoutMs: positiveInteger(options.queueTimeoutMs, 10_000, 'queueTimeoutMs'),
        queryTimeoutMs: settings.queryTimeoutMs,
      });
      return new WorksheetEngine(settings, instance, pool, spillDir);
    } catch (error) {
      await rm(spillDir, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * Converts a CSV, JSON (array of objects) or Parquet file into a worksheet file with inferred
   * column types and a hidden source-order column. Imports run one at a time. A bad file is
   * `invalid_file`, `file_too_large` or `unsupported_format`, and leaves nothing behind.
   */
  async ingest(sourcePath: string, options: IngestOptions = {}): Promise<IngestResult> {
    this.assertOpen();
    const release = await this.ingests.acquire(
      this.settings.ingestTimeoutMs,
      () => new DataError('unavailable', 'another import is still running'),
    );
    try {
      return await ingestFile(
        {
          dataDir: this.settings.dataDir,
          threads: this.settings.threads,
          memoryLimit: this.settings.memoryLimit,
          timeoutMs: this.settings.ingestTimeoutMs,
          inFlight: this.inFlight,
        },
        sourcePath,
        options,
      );
    } finally {
      release();
    }
  }

  /**
   * One page of rows (SPEC section 4): chosen columns, filters (all must hold), sort (NULLS LAST,
   * ties in source order), 1–1000 rows, keyset pagination through signed cursors bound to the
   * worksheet and the arguments. Arguments that do not fit are `invalid_argument` naming the field.
   */
  async read(worksheet: WorksheetRef, request: ReadRequest = {}): Promise<ReadResult> {
    this.assertOpen();
    checkWorksheet(worksheet);
    const plan = planRead(worksheet.columns, request);
    const binding: CursorBinding = {
      worksheetId: worksheet.id,
      dataPath: worksheet.dataPath,
      argsHash: argumentsHash(plan.canonical),
    };
    let position: CursorPosition | null = null;
    const { cursor } = request;
    if (cursor !== undefined && cursor !== null) {
      if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > 4096) {
        throw invalidArgument('cursor', 'cursor must be the nextCursor of the previous page');
      }
      position = openCursor(this.settings.cursorSecret, binding, cursor, plan.sort.length);
    }
    const file = resolveDataPath(this.settings.dataDir, worksheet.dataPath);
    const page = await this.pool.run('reading the worksheet', (session) =>
      readPage(session, file, plan, position),
    );
    return {
      columns: plan.output.map((column) => ({ name: column.name, type: column.type })),
      rows: page.rows,
      totalRows: page.totalRows,
      nextCursor: page.next ? signCursor(this.settings.cursorSecret, binding, page.next) : null,
    };
  }

  /** Exact per-column statistics, computed once per worksheet file and then served from memory. */
  async profile(worksheet: WorksheetRef): Promise<ColumnProfile[]> {
    this.assertOpen();
    checkWorksheet(worksheet);
    const file = resolveDataPath(this.settings.dataDir, worksheet.dataPath);
    let pending = this.profiles.get(worksheet.dataPath);
    if (pending) {
      this.profiles.delete(worksheet.dataPath);
    } else {
      pending = this.pool.run('profiling the worksheet', (session) =>
        profileColumns(session, file, worksheet.columns),
      );
      pending.catch(() => this.profiles.delete(worksheet.dataPath));
    }
    this.profiles.set(worksheet.dataPath, pending);
    while (this.profiles.size > PROFILE_CACHE_SIZE) {
      const oldest = this.profiles.keys().next().value;
      if (oldest === undefined) break;
      this.profiles.delete(oldest);
    }
    return structuredClone(await pending);
  }

  /**
   * Runs one read-only, parameterised SELECT over worksheet views: `views` maps a SQL identifier
   * to a data path. Anything else (other statements, table functions, files) is `invalid_argument`.
   */
  async query(
    sql: string,
    params: unknown[],
    views: Record<string, string>,
    options: WorksheetQueryOptions = {},
  ): Promise<WorksheetQueryResult> {
    this.assertOpen();
    const { timeoutMs, signal } = options;
    return this.pool.run(
      'the query',
      (session) => runQuery(session, this.settings.dataDir, sql, params, views, options),
      { ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(signal ? { signal } : {}) },
    );
  }

  /**
   * Removes worksheet files whose data path is not in `keep` (orphans of crashed imports) and
   * stray temporary files; returns the removed data paths.
   */
  async removeOrphans(keep: Set<string>, options: RemoveOrphansOptions = {}): Promise<string[]> {
    this.assertOpen();
    const removed = await removeOrphanFiles(
      this.settings.dataDir,
      keep,
      this.inFlight,
      options.minAgeMs ?? 0,
    );
    for (const dataPath of removed) this.profiles.delete(dataPath);
    return removed;
  }

  /** Stops running work and releases DuckDB and the spill folder. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.pool.close();
    this.instance.closeSync();
    this.profiles.clear();
    await rm(this.spillDir, { recursive: true, force: true });
  }

  private assertOpen(): void {
    if (this.closed) throw new DataError('unavailable', 'the worksheet engine is closed');
  }
}
