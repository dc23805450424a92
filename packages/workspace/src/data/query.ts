import {
  DuckDBDateValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
  StatementType,
} from '@duckdb/node-api';
import type { DuckDBPreparedStatement, DuckDBValue } from '@duckdb/node-api';
import { invalidArgument } from './errors.js';
import type { QuerySession } from './limits.js';
import { resolveDataPath } from './paths.js';
import { checkQuery } from './query-guard.js';
import { ROW_COLUMN, worksheetSource } from './read.js';
import { quoteIdentifier } from './sql.js';
import { parseDate, parseTimestamp } from './temporal.js';
import type { WorksheetQueryOptions, WorksheetQueryResult } from './types.js';
import { columnTypeOf, toCell } from './values.js';

/** Rows returned without `maxRows`. */
export const DEFAULT_MAX_ROWS = 10_000;
/** Most views in one query. */
export const MAX_VIEWS = 20;

const VIEW_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

function resolveViews(dataDir: string, views: Record<string, string>): Map<string, string> {
  const entries = Object.entries(views);
  if (entries.length === 0 || entries.length > MAX_VIEWS) {
    throw invalidArgument('views', `views must name 1–${MAX_VIEWS} worksheets`);
  }
  const seen = new Set<string>();
  return new Map(
    entries.map(([name, dataPath]) => {
      if (!VIEW_NAME.test(name) || seen.has(name.toLowerCase())) {
        throw invalidArgument(
          'views',
          `view name ${JSON.stringify(name)} must be a unique plain SQL identifier`,
        );
      }
      seen.add(name.toLowerCase());
      return [name, resolveDataPath(dataDir, dataPath)];
    }),
  );
}

/** A caller's parameter, converted to the type DuckDB inferred for its placeholder if useful. */
function parameter(value: unknown, typeId: DuckDBTypeId, index: number): DuckDBValue {
  const field = `params[${index}]`;
  if (typeof value === 'string') {
    if (typeId === DuckDBTypeId.DATE) {
      const days = parseDate(value);
      if (days === undefined) throw invalidArgument(field, `${field} must be a date as YYYY-MM-DD`);
      return new DuckDBDateValue(days);
    }
    if (typeId === DuckDBTypeId.TIMESTAMP || typeId === DuckDBTypeId.TIMESTAMP_TZ) {
      const micros = parseTimestamp(value);
      if (micros === undefined)
        throw invalidArgument(field, `${field} must be an ISO 8601 timestamp`);
      return typeId === DuckDBTypeId.TIMESTAMP
        ? new DuckDBTimestampValue(micros)
        : new DuckDBTimestampTZValue(micros);
    }
    return value;
  }
  if (value === null || typeof value === 'boolean' || typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isFinite(value)) {
    return typeId === DuckDBTypeId.BIGINT && Number.isSafeInteger(value) ? BigInt(value) : value;
  }
  if (value instanceof Date && !Number.isNaN(value.getTime()))
    return new DuckDBTimestampValue(BigInt(value.getTime()) * 1000n);
  throw invalidArgument(
    field,
    `${field} must be a string, finite number, boolean, bigint, Date or null`,
  );
}

function bindAll(prepared: DuckDBPreparedStatement, params: readonly unknown[]): void {
  if (prepared.parameterCount !== params.length) {
    throw invalidArgument(
      'params',
      `sql has ${prepared.parameterCount} parameters but ${params.length} were given`,
    );
  }
  for (let index = 1; index <= params.length; index += 1) {
    if (prepared.parameterName(index) !== String(index)) {
      throw invalidArgument('sql', 'sql must use positional parameters ($1, $2, … or ?)');
    }
  }
  prepared.bind(
    params.map((value, index) => parameter(value, prepared.parameterTypeId(index + 1), index)),
  );
}

/**
 * Runs one read-only, parameterised SELECT over worksheet views (`views` maps a SQL identifier to
 * a data path; the hidden source-order column is left out). Rows beyond `maxRows` are dropped and
 * `truncated` is set.
 */
export async function runQuery(
  session: QuerySession,
  dataDir: string,
  sql: string,
  params: readonly unknown[],
  views: Record<string, string>,
  options: WorksheetQueryOptions = {},
): Promise<WorksheetQueryResult> {
  if (typeof sql !== 'string') throw invalidArgument('sql', 'sql must be a string');
  if (!Array.isArray(params)) throw invalidArgument('params', 'params must be an array');
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  if (!Number.isInteger(maxRows) || maxRows < 1)
    throw invalidArgument('maxRows', 'maxRows must be a positive integer');
  const files = resolveViews(dataDir, views);
  await checkQuery(session, sql, new Set(files.keys()));
  const created: string[] = [];
  try {
    for (const [name, file] of files) {
      const view = quoteIdentifier(name);
      await session.readAll(
        `CREATE OR REPLACE TEMP VIEW ${view} AS SELECT * EXCLUDE (${quoteIdentifier(ROW_COLUMN)}) FROM ${worksheetSource(file)}`,
      );
      created.push(view);
    }
    session.checkDeadline();
    const prepared = await session.connection.prepare(sql);
    try {
      if (prepared.statementType !== StatementType.SELECT)
        throw invalidArgument('sql', 'sql must be a SELECT statement');
      bindAll(prepared, params);
      const reader = await prepared.streamAndReadUntil(maxRows + 1);
      const rows = reader.getRows();
      return {
        columns: reader
          .columnNames()
          .map((name, index) => ({ name, type: columnTypeOf(reader.columnType(index)) })),
        rows: rows.slice(0, maxRows).map((row) => row.map(toCell)),
        truncated: rows.length > maxRows,
      };
    } finally {
      prepared.destroySync();
    }
  } finally {
    for (const view of created)
      await session.connection.run(`DROP VIEW IF EXISTS ${view}`).catch(() => undefined);
  }
}
