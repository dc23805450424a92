import { describe, expect, it } from 'vitest';
import { matches, missedExpectations, parseEvalSet } from './score.js';

describe('evaluation scoring (shared/eval/README.md)', () => {
  it('matches strings case-insensitively and exactly', () => {
    expect(matches('PG-13', 'pg-13')).toBe(true);
    expect(matches('PG-13 ', 'PG-13')).toBe(false);
    expect(matches(13, 'PG-13')).toBe(false);
  });

  it('matches decimals within 0.5% or 0.01, integers exactly', () => {
    expect(matches(47287352.66203704, 47287352.66)).toBe(true);
    expect(matches(8.22903, 8.229)).toBe(true);
    expect(matches(8.3, 8.229)).toBe(false);
    expect(matches(2.395, 2.3905)).toBe(true);
    expect(matches(124711, 124711)).toBe(true);
    expect(matches(124712, 124711)).toBe(false);
    expect(matches(null, 0)).toBe(false);
  });

  it('checks contains against every cell and first against the first row only', () => {
    const rows = [
      ['Day', 5624],
      ['Night', 3363],
    ];
    expect(missedExpectations(rows, { first: ['Day', 5624], contains: ['Night', 3363] })).toEqual(
      [],
    );
    expect(missedExpectations(rows, { first: ['Night'] })).toEqual(['first row has "Night"']);
    expect(missedExpectations([], { contains: [1] })).toEqual(['contains 1']);
  });

  it('reads JSON Lines and names a bad line', () => {
    expect(
      parseEvalSet('{"id":"a","user":"u","workbook":null,"question":"q","expect":{}}\n\n'),
    ).toHaveLength(1);
    expect(() => parseEvalSet('{"id":"a"}\nnot json')).toThrow(/line 1/);
  });
});
