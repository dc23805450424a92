import { describe, expect, it } from 'vitest';
import { argumentsHash, MAX_CARRIED_KEYS_LENGTH, openCursor, signCursor } from './cursor.js';
import type { CursorBinding } from './cursor.js';
import { DataError } from './errors.js';

const SECRET = 'cursor-test-secret-0123456789';
const binding: CursorBinding = {
  worksheetId: 'ws_a',
  dataPath: 'worksheets/ws_a.parquet',
  argsHash: argumentsHash({ a: 1 }),
};

function refusal(run: () => unknown): DataError {
  try {
    run();
  } catch (error) {
    if (error instanceof DataError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('cursors', () => {
  it('round-trips a position', () => {
    const cursor = signCursor(SECRET, binding, {
      totalRows: 10,
      lastRow: 4n,
      keys: ['x', null, '12'],
    });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(openCursor(SECRET, binding, cursor, 3)).toEqual({
      totalRows: 10,
      lastRow: 4n,
      keys: ['x', null, '12'],
    });
  });

  it('leaves long keys out so that cursors stay short', () => {
    const keys = ['k'.repeat(MAX_CARRIED_KEYS_LENGTH)];
    const cursor = signCursor(SECRET, binding, { totalRows: 10, lastRow: 4n, keys });
    expect(cursor.length).toBeLessThan(400);
    expect(openCursor(SECRET, binding, cursor, 1)).toEqual({ totalRows: 10, lastRow: 4n });
  });

  it('refuses another binding, another secret and any change', () => {
    const cursor = signCursor(SECRET, binding, { totalRows: 10, lastRow: 4n, keys: [] });
    for (const other of [
      { ...binding, worksheetId: 'ws_b' },
      { ...binding, dataPath: 'worksheets/ws_b.parquet' },
      { ...binding, argsHash: argumentsHash({ a: 2 }) },
    ]) {
      expect(refusal(() => openCursor(SECRET, other, cursor, 0)).field).toBe('cursor');
    }
    expect(refusal(() => openCursor('another-secret-0123456789', binding, cursor, 0)).code).toBe(
      'invalid_argument',
    );
    const flipped = Buffer.from(cursor, 'base64url');
    flipped[20] = (flipped[20] ?? 0) ^ 1;
    for (const bad of [
      flipped.toString('base64url'),
      `${cursor}x`,
      `${cursor}.x`,
      cursor.slice(0, 30),
      '',
      'not a cursor',
    ]) {
      expect(refusal(() => openCursor(SECRET, binding, bad, 0)).field).toBe('cursor');
    }
  });

  it('is opaque: reveals neither the file path, the worksheet, the offset nor the sort values', () => {
    const cursor = signCursor(SECRET, binding, {
      totalRows: 123456,
      lastRow: 987654n,
      keys: ['SFO-secret-value'],
    });
    const decoded = Buffer.from(cursor, 'base64url').toString('latin1');
    for (const revealing of ['worksheets/', 'parquet', 'ws_a', '987654', '123456', 'SFO']) {
      expect(decoded).not.toContain(revealing);
      expect(cursor).not.toContain(revealing);
    }
    // Two cursors for the same position differ (fresh IV), so they cannot be compared either.
    expect(signCursor(SECRET, binding, { totalRows: 1, lastRow: 1n })).not.toBe(
      signCursor(SECRET, binding, { totalRows: 1, lastRow: 1n }),
    );
  });

  it('hashes arguments canonically', () => {
    expect(argumentsHash({ limit: 100, sort: [] })).toBe(argumentsHash({ limit: 100, sort: [] }));
    expect(argumentsHash({ limit: 100 })).not.toBe(argumentsHash({ limit: 101 }));
  });
});
