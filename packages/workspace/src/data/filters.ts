import { FILTER_OPS, isRecord } from '@ask-analyst/protocol';
import type { DuckDBValue } from '@duckdb/node-api';
import { describeType, encodeKey, parseInputValue, storageType } from './column-values.js';
import type { KeyValue } from './column-values.js';
import { invalidArgument } from './errors.js';
import { quoteIdentifier } from './sql.js';
import type { SqlParams } from './sql.js';
import type { FilterOp, WorksheetColumn } from './types.js';

/** Most filters in one request (matches the read_worksheet input schema). */
export const MAX_FILTERS = 20;
/** Most values of one `in` filter. */
export const MAX_IN_VALUES = 1000;

const COMPARISONS = { eq: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

/** A filter checked against the worksheet's columns, its values parsed for the column type. */
export interface ValidFilter {
  column: WorksheetColumn;
  op: FilterOp;
  values: DuckDBValue[];
  /** Exact form of the filter for argument hashes. */
  canonical: [string, FilterOp, KeyValue[]];
}

function parseValue(column: WorksheetColumn, value: unknown, field: string): DuckDBValue {
  const parsed = value === null ? undefined : parseInputValue(column.type, value);
  if (parsed === undefined || parsed === null) {
    throw invalidArgument(
      field,
      `${field} must be ${describeType(column.type)} for column ${JSON.stringify(column.name)}`,
    );
  }
  return parsed;
}

function validateOne(
  byName: Map<string, WorksheetColumn>,
  raw: unknown,
  index: number,
): ValidFilter {
  const at = `filters[${index}]`;
  if (!isRecord(raw))
    throw invalidArgument(at, `${at} must be an object with column, op and value`);
  const column = typeof raw.column === 'string' ? byName.get(raw.column) : undefined;
  if (!column)
    throw invalidArgument(`${at}.column`, `${at}.column is not a column of this worksheet`);
  const op = raw.op;
  if (typeof op !== 'string' || !FILTER_OPS.includes(op as FilterOp)) {
    throw invalidArgument(`${at}.op`, `${at}.op must be one of ${FILTER_OPS.join(', ')}`);
  }
  const field = `${at}.value`;
  let values: DuckDBValue[];
  switch (op as FilterOp) {
    case 'is_null':
    case 'not_null':
      if (raw.value !== undefined && raw.value !== null) {
        throw invalidArgument(field, `${field} must be left out for ${op}`);
      }
      values = [];
      break;
    case 'in':
      if (!Array.isArray(raw.value) || raw.value.length === 0 || raw.value.length > MAX_IN_VALUES) {
        throw invalidArgument(
          field,
          `${field} must be an array of 1–${MAX_IN_VALUES} values for in`,
        );
      }
      values = (raw.value as unknown[]).map((item) => parseValue(column, item, field));
      break;
    case 'contains':
      if (column.type !== 'string') {
        throw invalidArgument(
          `${at}.op`,
          `contains applies to string columns only; ${JSON.stringify(column.name)} is ${column.type}`,
        );
      }
      values = [parseValue(column, raw.value, field)];
      break;
    default:
      values = [parseValue(column, raw.value, field)];
  }
  return {
    column,
    op: op as FilterOp,
    values,
    canonical: [column.name, op as FilterOp, values.map((value) => encodeKey(column.type, value))],
  };
}

/** Checks `filters` against the worksheet's columns; errors name the offending field. */
export function validateFilters(
  columns: readonly WorksheetColumn[],
  filters: unknown,
): ValidFilter[] {
  if (filters === undefined || filters === null) return [];
  if (!Array.isArray(filters) || filters.length > MAX_FILTERS) {
    throw invalidArgument('filters', `filters must be an array of at most ${MAX_FILTERS} filters`);
  }
  const byName = new Map(columns.map((column) => [column.name, column]));
  return filters.map((filter: unknown, index) => validateOne(byName, filter, index));
}

/** Escapes LIKE wildcards so user text matches literally (with `ESCAPE '\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function oneSql(filter: ValidFilter, params: SqlParams): string {
  const column = quoteIdentifier(filter.column.name);
  const type = storageType(filter.column.type);
  const bind = (value: DuckDBValue) => params.add(value, type);
  const [first] = filter.values;
  switch (filter.op) {
    case 'is_null':
      return `${column} IS NULL`;
    case 'not_null':
      return `${column} IS NOT NULL`;
    // "Not equal" keeps rows where the column is empty, as a spreadsheet filter does.
    case 'ne':
      return `${column} IS DISTINCT FROM ${bind(first ?? null)}`;
    case 'in':
      return `${column} IN (${filter.values.map(bind).join(', ')})`;
    case 'contains':
      return `lower(${column}) LIKE '%' || lower(${bind(escapeLike(String(first)))}) || '%' ESCAPE '\\'`;
    default:
      return `${column} ${COMPARISONS[filter.op]} ${bind(first ?? null)}`;
  }
}

/** The WHERE condition of `filters` (all must hold), binding every value as a parameter. */
export function filtersSql(filters: readonly ValidFilter[], params: SqlParams): string {
  return filters.length === 0
    ? 'TRUE'
    : filters.map((filter) => `(${oneSql(filter, params)})`).join(' AND ');
}
