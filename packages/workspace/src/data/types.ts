import type { Cell, ColumnType, FilterOp } from '@ask-analyst/protocol';

/**
 * As the wire contract defines them (SPEC section 4): column types, filter operators, and a cell
 * as it travels (dates `YYYY-MM-DD`, timestamps ISO 8601 UTC, unsafe integers as text).
 */
export type { Cell, ColumnType, FilterOp };

/** One column of a worksheet, in source order. */
export interface WorksheetColumn {
  name: string;
  type: ColumnType;
  description?: string;
}

/** What the engine needs to know about a worksheet to read it. */
export interface WorksheetRef {
  id: string;
  /** Path of the Parquet file relative to the engine's data folder, as `ingest` returned it. */
  dataPath: string;
  columns: WorksheetColumn[];
}

/** Configuration of a {@link WorksheetEngine}. */
export interface EngineOptions {
  /** Folder of the data; worksheets live in `${dataDir}/worksheets`. */
  dataDir: string;
  /** DuckDB worker threads per instance (default 2). */
  threads?: number;
  /** DuckDB memory limit per instance, DuckDB syntax (default `'1GB'`). */
  memoryLimit?: string;
  /** A read, profile or query taking longer is interrupted with `timeout` (default 30000). */
  queryTimeoutMs?: number;
  /** Queries running at once; more wait in line (default 4). */
  maxConcurrentQueries?: number;
  /** How long a query waits for a free slot before `unavailable` (default 10000). */
  queueTimeoutMs?: number;
  /** An ingest taking longer is interrupted with `timeout` (default 300000). */
  ingestTimeoutMs?: number;
  /** HMAC-SHA256 key of read cursors (at least 16 characters). */
  cursorSecret: string;
}

/** Options of {@link WorksheetEngine.ingest}. */
export interface IngestOptions {
  /** Source format; by default taken from the file extension. */
  format?: 'csv' | 'json' | 'parquet';
  /** Largest accepted source file in bytes (default 256 MiB). */
  maxBytes?: number;
  /** File name stem of the worksheet file, e.g. the `ws_` id (default: random). */
  id?: string;
}

/** Outcome of {@link WorksheetEngine.ingest}. */
export interface IngestResult {
  /** Path of the worksheet file relative to the data folder (`worksheets/<id>.parquet`). */
  dataPath: string;
  rowCount: number;
  columns: WorksheetColumn[];
}

/**
 * One row filter; all filters of a request must hold. `value` has the column's type (dates
 * `YYYY-MM-DD`, timestamps ISO 8601, integers as numbers or digit strings):
 * - `eq`, `lt`, `lte`, `gt`, `gte`: exact, case-sensitive; rows with an empty value never match;
 * - `ne`: every row whose value differs, empty values included (as a spreadsheet filter does);
 * - `in`: `value` is an array of 1–1000 values;
 * - `contains`: string columns only, case-insensitive substring, `%` and `_` taken literally;
 * - `is_null`, `not_null`: no `value`.
 */
export interface Filter {
  column: string;
  op: FilterOp;
  value?: unknown;
}

/** One sort key; ties are broken by source order. */
export interface SortKey {
  column: string;
  direction: 'asc' | 'desc';
}

/** Arguments of {@link WorksheetEngine.read}. */
export interface ReadRequest {
  /** Columns to return, in this order (default: all). */
  columns?: string[];
  filters?: Filter[];
  sort?: SortKey[];
  /** Rows per page, 1–1000 (default 100). */
  limit?: number;
  /** `nextCursor` of the previous page; absent or null for the first page. */
  cursor?: string | null;
}

/** One page of a worksheet. */
export interface ReadResult {
  columns: { name: string; type: ColumnType }[];
  rows: Cell[][];
  /** Rows matching the filters. */
  totalRows: number;
  nextCursor: string | null;
}

/** Exact statistics of one column. */
export interface ColumnProfile {
  name: string;
  type: ColumnType;
  nullCount: number;
  distinctCount: number;
  min?: string | number | boolean;
  max?: string | number | boolean;
  /** Up to 10 most frequent values of a string column, most frequent first. */
  topValues?: { value: string; count: number }[];
}

/** Outcome of {@link WorksheetEngine.query}. */
export interface WorksheetQueryResult {
  columns: { name: string; type: ColumnType }[];
  rows: Cell[][];
  /** Whether rows beyond `maxRows` were left out. */
  truncated: boolean;
}

/** Options of {@link WorksheetEngine.query}. */
export interface WorksheetQueryOptions {
  /** Most rows returned (default 10000); the rest are left out and `truncated` is set. */
  maxRows?: number;
  /** Time limit of this query, replacing the engine's `queryTimeoutMs`. */
  timeoutMs?: number;
  /** Aborting it interrupts the query, which then fails with `cancelled`. */
  signal?: AbortSignal;
}

/** Options of {@link WorksheetEngine.removeOrphans}. */
export interface RemoveOrphansOptions {
  /**
   * Files younger than this are kept even when not in `keep` (default 0). Set it when several
   * processes share the data folder, so a file another process has just imported is not removed.
   */
  minAgeMs?: number;
}
