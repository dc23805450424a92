import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DataError } from './errors.js';
import type { SourceColumn, SourceFormat } from './infer-types.js';
import type { BoundParams, QuerySession } from './limits.js';
import { ROW_COLUMN } from './read.js';

/** Most columns of a worksheet. */
export const MAX_COLUMNS = 1000;

const EXTENSIONS: Record<string, SourceFormat> = {
  '.csv': 'csv',
  '.tsv': 'csv',
  '.json': 'json',
  '.parquet': 'parquet',
};

/** The format given, or the one the file extension names; anything else is `unsupported_format`. */
export function formatOf(sourcePath: string, format: unknown): SourceFormat {
  if (format !== undefined) {
    if (format === 'csv' || format === 'json' || format === 'parquet') return format;
    throw new DataError('unsupported_format', 'format must be csv, json or parquet');
  }
  const byExtension = EXTENSIONS[path.extname(sourcePath).toLowerCase()];
  if (!byExtension) {
    throw new DataError(
      'unsupported_format',
      'only CSV, JSON (an array of objects) and Parquet files can be imported',
    );
  }
  return byExtension;
}

function readerSql(format: SourceFormat): string {
  switch (format) {
    case 'csv':
      // Every value as text: the types are decided over the whole file by infer-types.
      return 'read_csv($1, header = true, all_varchar = true)';
    case 'json':
      return "read_json($1, format = 'array', records = true, sample_size = -1)";
    case 'parquet':
      return 'read_parquet($1)';
  }
}

/** The source rows, the source-order ordinal (1-based) as their last column. */
export interface Source {
  relation: string;
  params: BoundParams | undefined;
}

/**
 * CSV and JSON are read once into memory (their readers sniff the whole file on every scan);
 * Parquet is scanned in place. `WITH ORDINALITY` numbers rows in file order.
 */
export async function openSource(
  session: QuerySession,
  format: SourceFormat,
  params: BoundParams,
): Promise<Source> {
  const numbered = `SELECT * FROM ${readerSql(format)} WITH ORDINALITY`;
  if (format === 'parquet') return { relation: `(${numbered})`, params };
  await session.readAll(`CREATE TABLE src AS ${numbered}`, params);
  return { relation: 'src', params: undefined };
}

/** The source must be a non-empty regular file of at most `maxBytes`. */
export async function checkSize(sourcePath: string, maxBytes: number): Promise<void> {
  let size: number;
  try {
    const info = await stat(sourcePath);
    if (!info.isFile()) throw new DataError('invalid_file', 'the source is not a file');
    size = info.size;
  } catch (error) {
    if (error instanceof DataError) throw error;
    throw new DataError('invalid_file', 'the source file cannot be read', { cause: error });
  }
  if (size === 0) throw new DataError('invalid_file', 'the file is empty');
  if (size > maxBytes) {
    throw new DataError('file_too_large', `the file is larger than ${maxBytes} bytes`);
  }
}

/** A JSON source must be one well-formed array of objects (DuckDB accepts a truncated one). */
export async function checkJson(session: QuerySession, params: BoundParams): Promise<number> {
  const shape = await session.readAll(
    'SELECT CASE WHEN json_valid(content) THEN json_type(content) END FROM read_text($1)',
    params,
  );
  if (shape.getRows()[0]?.[0] !== 'ARRAY') {
    throw new DataError('invalid_file', 'the file is not a JSON array of objects');
  }
  const counts = await session.readAll(
    "SELECT count(*), count(*) FILTER (WHERE json_type(json) <> 'OBJECT') FROM read_json_objects($1, format = 'array')",
    params,
  );
  const [total, notObjects] = counts.getRows()[0] ?? [0n, 0n];
  if (Number(notObjects) > 0) {
    throw new DataError('invalid_file', 'every element of the JSON array must be an object');
  }
  return Number(total);
}

/** The source columns as DuckDB reads them, and the name of the ordinal column after them. */
export async function describe(
  session: QuerySession,
  source: Source,
): Promise<{ columns: SourceColumn[]; ordinal: string }> {
  const reader = await session.readAll(`SELECT * FROM ${source.relation} LIMIT 0`, source.params);
  const all = reader.columnNames().map((name, index) => ({ name, type: reader.columnType(index) }));
  const ordinal = all.pop();
  if (!ordinal || all.length === 0) throw new DataError('invalid_file', 'the file has no columns');
  if (all.length > MAX_COLUMNS) {
    throw new DataError('invalid_file', `the file has more than ${MAX_COLUMNS} columns`);
  }
  if (all.some((column) => column.name.toLowerCase() === ROW_COLUMN)) {
    throw new DataError('invalid_file', `the column name ${ROW_COLUMN} is reserved`);
  }
  return { columns: all, ordinal: ordinal.name };
}
