import { describe, expect, it } from 'vitest';
import { isRecord } from './json-values.js';

describe('isRecord', () => {
  it('accepts JSON objects only', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord(JSON.parse('{"a":1}'))).toBe(true);
    for (const value of [null, [], [1], 'x', 5, true, undefined])
      expect(isRecord(value)).toBe(false);
  });
});
