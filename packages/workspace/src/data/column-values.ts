import {
  BIGINT,
  BOOLEAN,
  DATE,
  DOUBLE,
  DuckDBDateValue,
  DuckDBTimestampValue,
  TIMESTAMP,
  VARCHAR,
} from '@duckdb/node-api';
import type { DuckDBType, DuckDBValue } from '@duckdb/node-api';
import { parseDate, parseTimestamp } from './temporal.js';
import type { ColumnType } from './types.js';

/** A value in a portable, exact form: what cursors carry and argument hashes cover. */
export type KeyValue = string | number | boolean | null;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_TEXT = /^-?\d{1,19}$/;

/** The DuckDB type worksheet files store each column type as. */
export function storageType(type: ColumnType): DuckDBType {
  switch (type) {
    case 'string':
      return VARCHAR;
    case 'integer':
      return BIGINT;
    case 'number':
      return DOUBLE;
    case 'boolean':
      return BOOLEAN;
    case 'date':
      return DATE;
    case 'timestamp':
      return TIMESTAMP;
  }
}

function int64(text: string): bigint | undefined {
  if (!INTEGER_TEXT.test(text)) return undefined;
  const value = BigInt(text);
  return value >= INT64_MIN && value <= INT64_MAX ? value : undefined;
}

/**
 * A caller's value for a column of `type`, ready to bind; undefined when it does not fit. Integers
 * may come as safe numbers or as digit strings (how unsafe 64-bit integers travel), dates as
 * `YYYY-MM-DD`, timestamps as ISO 8601.
 */
export function parseInputValue(type: ColumnType, value: unknown): DuckDBValue | undefined {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'integer':
      if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined;
      return typeof value === 'string' ? int64(value) : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'date': {
      const days = typeof value === 'string' ? parseDate(value) : undefined;
      return days === undefined ? undefined : new DuckDBDateValue(days);
    }
    case 'timestamp': {
      const micros = typeof value === 'string' ? parseTimestamp(value) : undefined;
      return micros === undefined ? undefined : new DuckDBTimestampValue(micros);
    }
  }
}

/** What `type` expects, for error messages. */
export function describeType(type: ColumnType): string {
  switch (type) {
    case 'string':
      return 'a string';
    case 'integer':
      return 'an integer (a number, or a string of digits for 64-bit values)';
    case 'number':
      return 'a finite number';
    case 'boolean':
      return 'true or false';
    case 'date':
      return 'a date as YYYY-MM-DD';
    case 'timestamp':
      return 'an ISO 8601 timestamp such as 2001-01-31T08:30:00.000Z';
  }
}

/** The exact portable form of a stored value of a column of `type`. */
export function encodeKey(type: ColumnType, value: DuckDBValue): KeyValue {
  if (value === null) return null;
  switch (type) {
    case 'string':
      return String(value);
    case 'integer':
      return typeof value === 'bigint' || typeof value === 'number'
        ? value.toString()
        : String(value);
    case 'number':
      return String(value);
    case 'boolean':
      return value === true;
    case 'date':
      return value instanceof DuckDBDateValue ? value.days : String(value);
    case 'timestamp':
      return value instanceof DuckDBTimestampValue ? value.micros.toString() : String(value);
  }
}

/** The stored value of a portable form made by {@link encodeKey}; undefined when malformed. */
export function decodeKey(type: ColumnType, key: unknown): DuckDBValue | undefined {
  if (key === null) return null;
  switch (type) {
    case 'string':
      return typeof key === 'string' ? key : undefined;
    case 'integer':
      return typeof key === 'string' ? int64(key) : undefined;
    case 'number': {
      if (typeof key !== 'string') return undefined;
      const number = Number(key);
      return Number.isNaN(number) && key !== 'NaN' ? undefined : number;
    }
    case 'boolean':
      return typeof key === 'boolean' ? key : undefined;
    case 'date':
      return typeof key === 'number' && Number.isSafeInteger(key)
        ? new DuckDBDateValue(key)
        : undefined;
    case 'timestamp':
      return typeof key === 'string' && /^-?\d{1,20}$/.test(key)
        ? new DuckDBTimestampValue(BigInt(key))
        : undefined;
  }
}
