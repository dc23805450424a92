import {
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
} from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { decodeKey, encodeKey, parseInputValue } from './column-values.js';
import { formatTimestamp, parseDate, parseTimestamp } from './temporal.js';
import { toCell } from './values.js';

describe('wire values', () => {
  it('serialises each kind as SPEC section 4 says', () => {
    expect(toCell(null)).toBeNull();
    expect(toCell('<b>x</b>')).toBe('<b>x</b>');
    expect(toCell(9_007_199_254_740_991n)).toBe(9_007_199_254_740_991);
    expect(toCell(9_007_199_254_740_992n)).toBe('9007199254740992');
    expect(toCell(-9_223_372_036_854_775_808n)).toBe('-9223372036854775808');
    expect(toCell(new DuckDBDecimalValue(12345n, 10, 2))).toBe(123.45);
    expect(toCell(Number.NaN)).toBeNull();
    expect(toCell(new DuckDBDateValue(-25_567))).toBe('1900-01-01');
    expect(toCell(new DuckDBTimestampValue(1_500n))).toBe('1970-01-01T00:00:00.001Z');
    expect(toCell(new DuckDBTimestampValue(-1n))).toBe('1969-12-31T23:59:59.999Z');
    expect(toCell(new DuckDBTimestampTZValue(978_307_260_000_000n))).toBe(
      '2001-01-01T00:01:00.000Z',
    );
    expect(toCell(new DuckDBTimestampNanosecondsValue(1_234_567_890n))).toBe(
      '1970-01-01T00:00:01.234Z',
    );
  });

  it('parses dates and ISO timestamps strictly', () => {
    expect(parseDate('2000-02-29')).toBe(11_016);
    expect(parseDate('2001-02-29')).toBeUndefined();
    expect(parseDate('2001-2-28')).toBeUndefined();
    expect(parseTimestamp('2001-01-01T00:01:00.000Z')).toBe(978_307_260_000_000n);
    expect(parseTimestamp('2001-01-01T02:01:00.000+02:00')).toBe(978_307_260_000_000n);
    expect(parseTimestamp('2001-01-01 00:01')).toBe(978_307_260_000_000n);
    expect(parseTimestamp('2001-01-01')).toBe(978_307_200_000_000n);
    expect(parseTimestamp('1970-01-01T00:00:00.000001Z')).toBe(1n);
    expect(parseTimestamp('2001-01-01T24:00:00Z')).toBeUndefined();
    expect(parseTimestamp('yesterday')).toBeUndefined();
    expect(formatTimestamp(978_307_260_123_999n)).toBe('2001-01-01T00:01:00.123Z');
  });

  it('accepts filter values of the column type only', () => {
    expect(parseInputValue('integer', 5)).toBe(5n);
    expect(parseInputValue('integer', '9223372036854775807')).toBe(9_223_372_036_854_775_807n);
    expect(parseInputValue('integer', '9223372036854775808')).toBeUndefined();
    expect(parseInputValue('integer', 2 ** 60)).toBeUndefined();
    expect(parseInputValue('number', Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(parseInputValue('boolean', 'true')).toBeUndefined();
    expect(parseInputValue('string', 1)).toBeUndefined();
    expect(parseInputValue('date', '2020-01-01')).toEqual(new DuckDBDateValue(18_262));
  });

  it('carries sort keys exactly through a cursor', () => {
    const cases = [
      ['number', 0.1 + 0.2],
      ['number', Number.NaN],
      ['integer', -9_223_372_036_854_775_808n],
      ['timestamp', new DuckDBTimestampValue(978_307_260_123_456n)],
      ['date', new DuckDBDateValue(-1)],
      ['boolean', false],
      ['string', 'x"y'],
    ] as const;
    for (const [type, value] of cases) {
      const key = JSON.parse(JSON.stringify(encodeKey(type, value))) as unknown;
      expect(decodeKey(type, key)).toEqual(value);
    }
    expect(decodeKey('timestamp', 'abc')).toBeUndefined();
  });
});
