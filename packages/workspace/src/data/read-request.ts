import { isRecord } from '@ask-analyst/protocol';
import { invalidArgument } from './errors.js';
import { validateFilters } from './filters.js';
import type { ValidFilter } from './filters.js';
import type { WorksheetColumn } from './types.js';

/** Rows per page without `limit`. */
export const DEFAULT_LIMIT = 100;
/** Most rows per page. */
export const MAX_LIMIT = 1000;
/** Most sort keys (matches the read_worksheet input schema). */
export const MAX_SORT_KEYS = 5;

/** A read request checked against the worksheet's columns. */
export interface ReadPlan {
  /** Columns returned, in order. */
  output: WorksheetColumn[];
  filters: ValidFilter[];
  sort: { column: WorksheetColumn; direction: 'asc' | 'desc' }[];
  limit: number;
  /** Exact form of the arguments a cursor is bound to. */
  canonical: unknown;
}

function validateColumns(
  byName: Map<string, WorksheetColumn>,
  columns: unknown,
): WorksheetColumn[] | undefined {
  if (columns === undefined || columns === null) return undefined;
  if (!Array.isArray(columns) || columns.length === 0) {
    throw invalidArgument('columns', 'columns must be a non-empty array of column names');
  }
  const seen = new Set<string>();
  return columns.map((name: unknown, index) => {
    const column = typeof name === 'string' ? byName.get(name) : undefined;
    if (!column)
      throw invalidArgument(
        `columns[${index}]`,
        `columns[${index}] is not a column of this worksheet`,
      );
    if (seen.has(column.name))
      throw invalidArgument(`columns[${index}]`, `columns[${index}] is listed twice`);
    seen.add(column.name);
    return column;
  });
}

function validateSort(byName: Map<string, WorksheetColumn>, sort: unknown): ReadPlan['sort'] {
  if (sort === undefined || sort === null) return [];
  if (!Array.isArray(sort) || sort.length > MAX_SORT_KEYS) {
    throw invalidArgument('sort', `sort must be an array of at most ${MAX_SORT_KEYS} keys`);
  }
  const seen = new Set<string>();
  return sort.map((key: unknown, index) => {
    const at = `sort[${index}]`;
    if (!isRecord(key))
      throw invalidArgument(at, `${at} must be an object with column and direction`);
    const column = typeof key.column === 'string' ? byName.get(key.column) : undefined;
    if (!column)
      throw invalidArgument(`${at}.column`, `${at}.column is not a column of this worksheet`);
    if (seen.has(column.name))
      throw invalidArgument(`${at}.column`, `${at}.column is sorted on twice`);
    seen.add(column.name);
    const direction = key.direction ?? 'asc';
    if (direction !== 'asc' && direction !== 'desc') {
      throw invalidArgument(`${at}.direction`, `${at}.direction must be asc or desc`);
    }
    return { column, direction };
  });
}

function validateLimit(limit: unknown): number {
  if (limit === undefined || limit === null) return DEFAULT_LIMIT;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw invalidArgument('limit', `limit must be an integer from 1 to ${MAX_LIMIT}`);
  }
  return limit;
}

/** Checks a read request against the worksheet's columns; errors name the offending field. */
export function planRead(
  columns: readonly WorksheetColumn[],
  request: { columns?: unknown; filters?: unknown; sort?: unknown; limit?: unknown },
): ReadPlan {
  const byName = new Map(columns.map((column) => [column.name, column]));
  const chosen = validateColumns(byName, request.columns);
  const filters = validateFilters(columns, request.filters);
  const sort = validateSort(byName, request.sort);
  const limit = validateLimit(request.limit);
  return {
    output: chosen ?? [...columns],
    filters,
    sort,
    limit,
    canonical: {
      columns: chosen?.map((column) => column.name) ?? null,
      filters: filters.map((filter) => filter.canonical),
      sort: sort.map((key) => [key.column.name, key.direction]),
      limit,
    },
  };
}
