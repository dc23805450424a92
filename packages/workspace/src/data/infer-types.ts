import { DuckDBTypeId } from '@duckdb/node-api';
import type { DuckDBType } from '@duckdb/node-api';
import type { BoundParams, QuerySession } from './limits.js';
import { quoteIdentifier, quoteLiteral } from './sql.js';
import type { ColumnType } from './types.js';
import { columnTypeOf } from './values.js';

/** Source file formats an ingest accepts. */
export type SourceFormat = 'csv' | 'json' | 'parquet';

/** A source column as DuckDB reads it. */
export interface SourceColumn {
  name: string;
  type: DuckDBType;
}

/** How one worksheet column is made: its type and the SQL that turns the source column into it. */
export interface ColumnPlan {
  name: string;
  type: ColumnType;
  /** Expression over the source column, yielding the storage type of `type`. */
  expression: string;
}

/**
 * Date formats (DuckDB `strptime`) a text column may use, in order of preference: a column becomes
 * a `date` when every non-empty value parses with one of them. Month-first US dates come before
 * day-first ones, so an ambiguous column reads as US.
 */
export const DATE_FORMATS = [
  '%Y-%m-%d',
  '%b %d %Y',
  '%b %d, %Y',
  '%B %d %Y',
  '%B %d, %Y',
  '%d %b %Y',
  '%d %B %Y',
  '%m/%d/%Y',
  '%d/%m/%Y',
  '%Y/%m/%d',
  '%d.%m.%Y',
] as const;

const INTEGER_PATTERN = '[+-]?(0|[1-9][0-9]*)';
const NUMBER_PATTERN = '[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?';
const TIMESTAMP_PATTERN =
  '[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,9})?)? ?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?';
/** Rows checked first; only candidates that hold there are checked on the whole file. */
const SAMPLE_ROWS = 1000;

interface Candidate {
  type: ColumnType;
  /** Holds for a non-null value of the column. */
  test: (column: string) => string;
  convert: (column: string) => string;
}

const fitsBigint = (c: string) => `TRY_CAST(${c} AS BIGINT) IS NOT NULL`;
const isInteger = (c: string) =>
  `(regexp_full_match(${c}, ${quoteLiteral(INTEGER_PATTERN)}) AND ${fitsBigint(c)})`;

const TEXT_CANDIDATES: Candidate[] = [
  {
    type: 'boolean',
    test: (c) => `lower(${c}) IN ('true', 'false')`,
    convert: (c) => `lower(${c}) = 'true'`,
  },
  { type: 'integer', test: isInteger, convert: (c) => `CAST(${c} AS BIGINT)` },
  {
    type: 'number',
    // Leading zeros mark codes (zip codes, ids); integers too long for 64 bits stay exact as text.
    test: (c) =>
      `(regexp_full_match(${c}, ${quoteLiteral(NUMBER_PATTERN)}) AND TRY_CAST(${c} AS DOUBLE) IS NOT NULL ` +
      `AND NOT regexp_full_match(${c}, '[+-]?0[0-9]+') ` +
      `AND NOT (regexp_full_match(${c}, ${quoteLiteral(INTEGER_PATTERN)}) AND NOT ${fitsBigint(c)}))`,
    convert: (c) => `CAST(${c} AS DOUBLE)`,
  },
];

const TEMPORAL_CANDIDATES: Candidate[] = [
  ...DATE_FORMATS.map((format): Candidate => ({
    type: 'date',
    test: (c) => `try_strptime(${c}, ${quoteLiteral(format)}) IS NOT NULL`,
    convert: (c) => `CAST(strptime(${c}, ${quoteLiteral(format)}) AS DATE)`,
  })),
  {
    type: 'timestamp',
    // Values without an offset are UTC: the ingest session's TimeZone is UTC.
    test: (c) =>
      `(regexp_full_match(${c}, ${quoteLiteral(TIMESTAMP_PATTERN)}) AND TRY_CAST(${c} AS TIMESTAMPTZ) IS NOT NULL)`,
    convert: (c) => `CAST(CAST(${c} AS TIMESTAMPTZ) AS TIMESTAMP)`,
  },
];

const WIDE_INTEGERS = new Set([
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
  DuckDBTypeId.BIGNUM,
]);

/** Nested DuckDB types; their values become JSON text. */
const NESTED_TYPES = new Set([
  DuckDBTypeId.LIST,
  DuckDBTypeId.STRUCT,
  DuckDBTypeId.MAP,
  DuckDBTypeId.ARRAY,
  DuckDBTypeId.UNION,
]);

/** SQL turning a source column whose DuckDB type maps to `type` into the storage type of `type`. */
const DIRECT_EXPRESSIONS: Record<ColumnType, (c: string) => string> = {
  boolean: (c) => c,
  integer: (c) => `CAST(${c} AS BIGINT)`,
  number: (c) => `CAST(${c} AS DOUBLE)`,
  date: (c) => c,
  timestamp: (c) => `CAST(${c} AS TIMESTAMP)`,
  string: (c) => `CAST(${c} AS VARCHAR)`,
};

/**
 * A column whose type follows from its DuckDB type (as {@link columnTypeOf} maps it), or undefined
 * when its values must be checked: text, and integers wider than 64 bits.
 */
function directPlan(column: SourceColumn): ColumnPlan | undefined {
  const c = quoteIdentifier(column.name);
  const { typeId } = column.type;
  if (WIDE_INTEGERS.has(typeId)) return undefined;
  if (typeId === DuckDBTypeId.VARCHAR) {
    // A JSON column holds values of mixed kinds (movies' Title: numbers and text): their text.
    return column.type.alias === 'JSON'
      ? { name: column.name, type: 'string', expression: `json_extract_string(${c}, '$')` }
      : undefined;
  }
  if (NESTED_TYPES.has(typeId)) {
    return { name: column.name, type: 'string', expression: `CAST(to_json(${c}) AS VARCHAR)` };
  }
  const type = columnTypeOf(column.type);
  return { name: column.name, type, expression: DIRECT_EXPRESSIONS[type](c) };
}

function candidatesFor(column: SourceColumn, format: SourceFormat): Candidate[] {
  if (WIDE_INTEGERS.has(column.type.typeId)) {
    // Integers wider than 64 bits stay integers when every value fits, else exact text.
    return [{ type: 'integer', test: fitsBigint, convert: (c) => `CAST(${c} AS BIGINT)` }];
  }
  // JSON and Parquet carry their own kinds; only CSV text may hold booleans and numbers.
  return format === 'csv' ? [...TEXT_CANDIDATES, ...TEMPORAL_CANDIDATES] : TEMPORAL_CANDIDATES;
}

function fallback(column: SourceColumn): ColumnPlan {
  return {
    name: column.name,
    type: 'string',
    expression: DIRECT_EXPRESSIONS.string(quoteIdentifier(column.name)),
  };
}

interface Pending {
  index: number;
  column: SourceColumn;
  candidates: Candidate[];
}

/** Keeps the candidates that hold for one non-null sample value of each column (a cheap cut). */
async function probe(
  session: QuerySession,
  sample: string,
  params: BoundParams | undefined,
  pending: Pending[],
): Promise<Pending[]> {
  const firsts = pending.map(({ column }) => {
    const c = quoteIdentifier(column.name);
    return `any_value(${c}) AS ${c}`;
  });
  const tests = pending.flatMap(({ column, candidates }) => {
    const c = quoteIdentifier(column.name);
    return candidates.map((candidate) => `coalesce(${candidate.test(c)}, ${c} IS NULL)`);
  });
  const row =
    (
      await session.readAll(
        `SELECT ${tests.join(', ')} FROM (SELECT ${firsts.join(', ')} FROM ${sample})`,
        params,
      )
    ).getRows()[0] ?? [];
  let at = 0;
  return pending.map((entry) => ({
    ...entry,
    candidates: entry.candidates.filter(() => row[at++] === true),
  }));
}

/** Failures per candidate (and non-null count) of each pending column, over `from`. */
async function countFailures(
  session: QuerySession,
  from: string,
  params: BoundParams | undefined,
  pending: Pending[],
): Promise<{ nonNull: number; failures: number[] }[]> {
  const select: string[] = [];
  for (const { column, candidates } of pending) {
    const c = quoteIdentifier(column.name);
    select.push(`count(${c})`);
    for (const candidate of candidates) {
      select.push(`count(*) FILTER (WHERE ${c} IS NOT NULL AND NOT (${candidate.test(c)}))`);
    }
  }
  const row =
    (await session.readAll(`SELECT ${select.join(', ')} FROM ${from}`, params)).getRows()[0] ?? [];
  let at = 0;
  return pending.map(({ candidates }) => {
    const nonNull = Number(row[at++]);
    const failures = candidates.map(() => Number(row[at++]));
    return { nonNull, failures };
  });
}

/**
 * Decides each column's type (SPEC sections 4 and 6): typed sources keep their kind, mixed JSON
 * values become text, and text columns become the first candidate every non-empty value satisfies:
 * for CSV boolean, integer, number, then (for any format) a date in one of {@link DATE_FORMATS},
 * an ISO timestamp; else they stay strings. Odd values such as `.` are never altered.
 */
export async function inferColumns(
  session: QuerySession,
  source: string,
  params: BoundParams | undefined,
  columns: readonly SourceColumn[],
  format: SourceFormat,
): Promise<ColumnPlan[]> {
  const plans: (ColumnPlan | undefined)[] = columns.map(directPlan);
  let pending: Pending[] = columns
    .map((column, index) => ({ index, column, candidates: candidatesFor(column, format) }))
    .filter(({ index }) => plans[index] === undefined);
  const sample = `(SELECT * FROM ${source} LIMIT ${SAMPLE_ROWS})`;
  if (pending.length > 0) {
    pending = (await probe(session, sample, params, pending)).filter(
      (entry) => entry.candidates.length > 0,
    );
  }
  if (pending.length > 0) {
    const counts = await countFailures(session, sample, params, pending);
    pending = pending
      .map((entry, i) => ({
        ...entry,
        candidates: entry.candidates.filter((_, k) => counts[i]?.failures[k] === 0),
      }))
      .filter((entry) => entry.candidates.length > 0);
  }
  if (pending.length > 0) {
    const full = await countFailures(session, source, params, pending);
    pending.forEach(({ index, column, candidates }, i) => {
      const result = full[i];
      const chosen =
        result && result.nonNull > 0
          ? candidates.find((_, k) => result.failures[k] === 0)
          : undefined;
      if (chosen) {
        plans[index] = {
          name: column.name,
          type: chosen.type,
          expression: chosen.convert(quoteIdentifier(column.name)),
        };
      }
    });
  }
  return columns.map((column, index) => plans[index] ?? fallback(column));
}
