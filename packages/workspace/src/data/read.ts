import { BIGINT } from '@duckdb/node-api';
import type { DuckDBValue } from '@duckdb/node-api';
import { decodeKey, encodeKey, storageType } from './column-values.js';
import type { CursorPosition } from './cursor.js';
import { invalidArgument } from './errors.js';
import { filtersSql } from './filters.js';
import type { QuerySession } from './limits.js';
import type { ReadPlan } from './read-request.js';
import { quoteIdentifier, quoteLiteral, SqlParams } from './sql.js';
import type { Cell } from './types.js';
import { toCell } from './values.js';

/** The hidden column holding each row's position in the source (0-based); never returned. */
export const ROW_COLUMN = '__row';
const ROW = quoteIdentifier(ROW_COLUMN);

/** One page and where the next one starts. */
export interface PageOutcome {
  rows: Cell[][];
  totalRows: number;
  next: CursorPosition | null;
}

/** The table expression of a worksheet file (a path the engine resolved itself). */
export function worksheetSource(file: string): string {
  return `read_parquet(${quoteLiteral(file)})`;
}

async function countRows(session: QuerySession, source: string, plan: ReadPlan): Promise<number> {
  const params = new SqlParams();
  const where = filtersSql(plan.filters, params);
  const reader = await session.readAll(`SELECT count(*) FROM ${source} WHERE ${where}`, params);
  return Number(reader.getRows()[0]?.[0] ?? 0);
}

async function lastKeys(
  session: QuerySession,
  source: string,
  plan: ReadPlan,
  position: CursorPosition,
): Promise<DuckDBValue[]> {
  if (position.keys) {
    return plan.sort.map((key, index) => {
      const value = decodeKey(key.column.type, position.keys?.[index]);
      if (value === undefined) throw invalidArgument('cursor', 'cursor does not match the sort');
      return value;
    });
  }
  const params = new SqlParams();
  const select = plan.sort.map((key) => quoteIdentifier(key.column.name)).join(', ');
  const reader = await session.readAll(
    `SELECT ${select} FROM ${source} WHERE ${ROW} = ${params.add(position.lastRow, BIGINT)}`,
    params,
  );
  const row = reader.getRows()[0];
  if (!row) throw invalidArgument('cursor', 'cursor does not match this worksheet');
  return row;
}

/**
 * Rows strictly after the cursor row in the order `sort` (NULLS LAST in both directions), ties
 * broken by source order: the keyset condition that replaces OFFSET.
 */
export function keysetSql(
  plan: ReadPlan,
  keys: readonly DuckDBValue[],
  lastRow: bigint,
  params: SqlParams,
): string {
  const alternatives: string[] = [];
  const equal: string[] = [];
  plan.sort.forEach((key, index) => {
    const column = quoteIdentifier(key.column.name);
    const value = keys[index] ?? null;
    if (value === null) {
      // Nothing sorts after NULL within this key: only rows with NULL here can follow.
      equal.push(`${column} IS NULL`);
      return;
    }
    const bound = params.add(value, storageType(key.column.type));
    const after = key.direction === 'asc' ? `${column} > ${bound}` : `${column} < ${bound}`;
    alternatives.push([...equal, `(${after} OR ${column} IS NULL)`].join(' AND '));
    equal.push(`${column} = ${bound}`);
  });
  alternatives.push([...equal, `${ROW} > ${params.add(lastRow, BIGINT)}`].join(' AND '));
  return alternatives.map((alternative) => `(${alternative})`).join(' OR ');
}

/** Reads one page of a worksheet file for a checked request, after `position` when given. */
export async function readPage(
  session: QuerySession,
  file: string,
  plan: ReadPlan,
  position: CursorPosition | null,
): Promise<PageOutcome> {
  const source = worksheetSource(file);
  const totalRows = position ? position.totalRows : await countRows(session, source, plan);
  const params = new SqlParams();
  const where = [`(${filtersSql(plan.filters, params)})`];
  if (position) {
    const keys = plan.sort.length > 0 ? await lastKeys(session, source, plan, position) : [];
    where.push(`(${keysetSql(plan, keys, position.lastRow, params)})`);
  }
  const select = [...plan.output, ...plan.sort.map((key) => key.column)].map((column) =>
    quoteIdentifier(column.name),
  );
  const sortStart = plan.output.length + 1;
  const order = plan.sort.map(
    (key, index) => `${sortStart + index} ${key.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`,
  );
  order.push(`${select.length + 1} ASC`);
  const sql =
    `SELECT ${select.join(', ')}, ${ROW} FROM ${source} WHERE ${where.join(' AND ')} ` +
    `ORDER BY ${order.join(', ')} LIMIT ${params.add(BigInt(plan.limit + 1), BIGINT)}`;
  const found = (await session.readAll(sql, params)).getRows();
  const page = found.slice(0, plan.limit);
  const rows = page.map((row) => row.slice(0, plan.output.length).map(toCell));
  const last = page.at(-1);
  let next: CursorPosition | null = null;
  if (found.length > plan.limit && last) {
    next = {
      totalRows,
      lastRow: BigInt(last[select.length] as bigint),
      keys: plan.sort.map((key, index) =>
        encodeKey(key.column.type, last[plan.output.length + index] ?? null),
      ),
    };
  }
  return { rows, totalRows, next };
}
