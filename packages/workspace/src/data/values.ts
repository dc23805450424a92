import {
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
} from '@duckdb/node-api';
import type { DuckDBType, DuckDBValue } from '@duckdb/node-api';
import { formatDate, formatTimestamp } from './temporal.js';
import type { Cell, ColumnType } from './types.js';

const JS_DATE_LIMIT_MS = 8_640_000_000_000_000n;

function timestampCell(micros: bigint, fallback: { toString(): string }): string {
  const limit = JS_DATE_LIMIT_MS * 1000n;
  return micros > -limit && micros < limit ? formatTimestamp(micros) : fallback.toString();
}

/**
 * A DuckDB value as it travels (SPEC section 4): dates `YYYY-MM-DD`, timestamps ISO 8601 UTC with
 * milliseconds and `Z`, 64-bit integers as numbers when safe and strings otherwise, decimals as
 * numbers, NaN and infinities as null, anything else as its text.
 */
export function toCell(value: DuckDBValue): Cell {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  if (value instanceof DuckDBDateValue)
    return value.isFinite ? formatDate(value.days) : value.toString();
  if (value instanceof DuckDBTimestampValue || value instanceof DuckDBTimestampTZValue) {
    return value.isFinite ? timestampCell(value.micros, value) : value.toString();
  }
  if (value instanceof DuckDBTimestampMillisecondsValue) {
    return value.isFinite ? timestampCell(value.millis * 1000n, value) : value.toString();
  }
  if (value instanceof DuckDBTimestampSecondsValue) {
    return value.isFinite ? timestampCell(value.seconds * 1_000_000n, value) : value.toString();
  }
  if (value instanceof DuckDBTimestampNanosecondsValue) {
    return value.isFinite
      ? timestampCell(value.nanos / 1000n - (value.nanos % 1000n < 0n ? 1n : 0n), value)
      : value.toString();
  }
  if (value instanceof DuckDBDecimalValue) {
    const number = value.toDouble();
    return Number.isFinite(number) ? number : null;
  }
  return value.toString();
}

/** The column type a DuckDB result type travels as; types without a match travel as strings. */
export function columnTypeOf(type: DuckDBType): ColumnType {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return 'boolean';
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
    case DuckDBTypeId.BIGNUM:
      return 'integer';
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
    case DuckDBTypeId.DECIMAL:
      return 'number';
    case DuckDBTypeId.DATE:
      return 'date';
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS:
    case DuckDBTypeId.TIMESTAMP_TZ:
      return 'timestamp';
    default:
      return 'string';
  }
}
