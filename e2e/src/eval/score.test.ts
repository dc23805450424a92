import { describe, expect, it } from 'vitest';
import {
  formatTally,
  matches,
  missedExpectations,
  parseEvalSet,
  scoreTurn,
  tally,
  type ScoredTurn,
} from './score.js';

type Answer = NonNullable<ScoredTurn['answer']>;

function answer(
  rows: unknown[][],
  columns: string[] = ['origin', 'count'],
  chart: string | null = 'bar',
): Answer {
  return {
    table: { columns: columns.map((name) => ({ name })), rows, rowCount: rows.length },
    chart: chart === null ? null : { type: chart },
  };
}

const succeeded = (a: Answer): ScoredTurn => ({ status: 'succeeded', answer: a });
const failed = (code: string): ScoredTurn => ({ status: 'failed', error: { code } });

describe('evaluation scoring (shared/eval/README.md)', () => {
  it('matches strings case-insensitively and exactly', () => {
    expect(matches('PG-13', 'pg-13')).toBe(true);
    expect(matches('PG-13 ', 'PG-13')).toBe(false);
    expect(matches(13, 'PG-13')).toBe(false);
  });

  it('matches decimals within 0.5% or 0.01, whichever is larger, integers exactly', () => {
    expect(matches(47287352.66203704, 47287352.66)).toBe(true);
    // 0.5% of 47,287,352.66 is about 236,437.
    expect(matches(47287352.66 + 236_000, 47287352.66)).toBe(true);
    expect(matches(47287352.66 + 237_000, 47287352.66)).toBe(false);
    expect(matches(8.22903, 8.229)).toBe(true);
    expect(matches(8.3, 8.229)).toBe(false);
    // Below 2, the 0.01 absolute tolerance is the larger one.
    expect(matches(0.209, 0.2)).toBe(true);
    expect(matches(0.211, 0.2)).toBe(false);
    expect(matches(2.395, 2.3905)).toBe(true);
    expect(matches(124711, 124711)).toBe(true);
    expect(matches(124712, 124711)).toBe(false);
    expect(matches('124711', 124711)).toBe(true);
    expect(matches(null, 0)).toBe(false);
    expect(matches('n/a', 0)).toBe(false);
  });

  it('takes a percentage as a share too, and any of several values', () => {
    expect(matches(27.02, { percent: 27.02 })).toBe(true);
    expect(matches(0.2702, { percent: 27.02 })).toBe(true);
    expect(matches(0.2802, { percent: 27.02 })).toBe(false);
    expect(matches(28.02, { percent: 27.02 })).toBe(false);
    expect(matches('1980-01-01', { anyOf: [1980, '1980-01-01'] })).toBe(true);
    expect(matches(1980, { anyOf: [1980, '1980-01-01'] })).toBe(true);
    expect(matches('1980', { anyOf: ['1981'] })).toBe(false);
  });

  it('checks contains against every cell and first against the first row only', () => {
    const a = answer([
      ['Day', 5624],
      ['Night', 3363],
    ]);
    expect(missedExpectations(a, { first: ['Day', 5624], contains: ['Night', 3363] })).toEqual([]);
    expect(missedExpectations(a, { first: ['Night'] })).toEqual(['first row has "Night"']);
    expect(missedExpectations(answer([]), { contains: [1] })).toEqual(['contains 1']);
  });

  it('checks column names: each alternatives list, and the names that must be absent', () => {
    const a = answer([['USA', 254]], ['Origin', 'Number of cars']);
    expect(missedExpectations(a, { columns: [['origin'], ['count', 'number']] })).toEqual([]);
    expect(missedExpectations(a, { columns: [['cylinders', 'cyl']] })).toHaveLength(1);
    expect(missedExpectations(a, { notColumns: ['year'] })).toEqual([]);
    expect(missedExpectations(a, { notColumns: ['ORIGIN'] })).toHaveLength(1);
  });

  it('checks the row count, a minimum of rows, and an empty answer by the table rowCount', () => {
    const a = answer([['USA', 254]]);
    a.table.rowCount = 3; // a truncated table: the count is the answer's, not the rows shown
    expect(missedExpectations(a, { rowCount: 3, minRows: 2 })).toEqual([]);
    expect(missedExpectations(a, { rowCount: 2 })).toEqual(['rowCount 2 (got 3)']);
    expect(missedExpectations(a, { minRows: 4 })).toEqual(['at least 4 rows (got 3)']);
    expect(missedExpectations(a, { empty: true })).toEqual(['no rows (got 3)']);
    expect(missedExpectations(answer([]), { empty: true })).toEqual([]);
  });

  it('checks the chart type, a missing chart being none', () => {
    expect(missedExpectations(answer([], [], 'histogram'), { chart: ['histogram'] })).toEqual([]);
    expect(missedExpectations(answer([], [], 'bar'), { chart: ['line', 'scatter'] })).toEqual([
      'chart line or scatter (got bar)',
    ]);
    expect(missedExpectations(answer([], [], null), { chart: ['none', 'kpi'] })).toEqual([]);
    expect(missedExpectations(answer([], [], null), { chart: ['kpi'] })).toHaveLength(1);
  });

  it('scores a refusal as refused, or right where a refusal is expected', () => {
    expect(scoreTurn(failed('not_understood'), { contains: [1] }).outcome).toBe('refused');
    expect(scoreTurn(failed('needs_clarification'), { contains: [1] }).outcome).toBe('refused');
    expect(scoreTurn(failed('not_understood'), { refused: true }).outcome).toBe('right');
    expect(scoreTurn(failed('needs_clarification'), { refused: true }).outcome).toBe('right');
  });

  it('scores an answer where a refusal is expected as answered wrong', () => {
    const score = scoreTurn(succeeded(answer([['USA', 254]])), { refused: true });
    expect(score.outcome).toBe('wrong');
  });

  it('scores a succeeded answer right or answered wrong by its expectations', () => {
    const a = answer([['USA', 254]]);
    expect(scoreTurn(succeeded(a), { contains: [254] })).toEqual({ outcome: 'right', missed: [] });
    expect(scoreTurn(succeeded(a), { contains: [255] })).toEqual({
      outcome: 'wrong',
      missed: ['contains 255'],
    });
  });

  it('scores other failures apart, and never passes an item without expectations', () => {
    expect(scoreTurn(failed('timeout'), { refused: true }).outcome).toBe('error');
    expect(scoreTurn({ status: 'cancelled' }, { contains: [1] }).outcome).toBe('error');
    expect(scoreTurn(succeeded(answer([['USA', 254]])), {}).outcome).toBe('unjudged');
    expect(scoreTurn(succeeded(answer([])), { empty: false, contains: [] }).outcome).toBe(
      'unjudged',
    );
  });

  it('counts each outcome class and prints right / refused / answered wrong', () => {
    const counts = tally(['right', 'right', 'refused', 'wrong']);
    expect(formatTally(counts)).toBe('right 2/4 · refused 1 · answered wrong 1');
    expect(formatTally(tally(['right', 'error', 'unjudged']))).toBe(
      'right 1/3 · refused 0 · answered wrong 0 · other failures 1 · to judge by hand 1',
    );
  });

  it('reads JSON Lines and names a bad line', () => {
    expect(
      parseEvalSet('{"id":"a","user":"u","workbook":null,"question":"q","expect":{}}\n\n'),
    ).toHaveLength(1);
    expect(() => parseEvalSet('{"id":"a"}\nnot json')).toThrow(/line 1/);
  });
});
