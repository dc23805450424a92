import type { AnalysisPlan } from '@ask-analyst/protocol';
import { describe, expect, it } from 'vitest';
import { checkPlan, type PlanTarget } from './check-plan.js';

const target: PlanTarget = {
  id: 'ws_movies',
  name: 'Movies',
  columns: [
    { name: 'Title', type: 'string' },
    { name: 'Worldwide Gross', type: 'integer' },
    { name: 'IMDB Rating', type: 'number' },
    { name: 'Release Date', type: 'date' },
    { name: 'Shown', type: 'timestamp' },
    { name: 'Sequel', type: 'boolean' },
  ],
};

const base: AnalysisPlan = {
  worksheetId: 'ws_movies',
  measures: [{ column: 'Worldwide Gross', aggregation: 'avg', label: 'Average Worldwide Gross' }],
  dimensions: [{ column: 'Title', grain: null, label: 'Title' }],
  filters: [],
  sort: [{ by: 'measure', index: 0, direction: 'desc' }],
  limit: 10,
  calculation: null,
  shape: null,
  chart: null,
};

const fieldOf = (plan: Partial<AnalysisPlan>) => checkPlan({ ...base, ...plan }, target)?.field;

describe('checkPlan', () => {
  it('accepts a plan that fits its worksheet', () => {
    expect(checkPlan(base, target)).toBeNull();
    expect(
      checkPlan(
        {
          ...base,
          dimensions: [{ column: 'Release Date', grain: 'month_of_year', label: 'Month' }],
          filters: [
            { column: 'Release Date', op: 'eq', value: 2001, part: 'year' },
            { column: 'Release Date', op: 'gte', value: '1999-02-28', part: null },
            { column: 'Shown', op: 'lt', value: '2001-01-31T08:30:00.000Z', part: null },
            { column: 'Title', op: 'in', value: ['Alien', 'Heat'], part: null },
            { column: 'Title', op: 'contains', value: 'star', part: null },
            { column: 'IMDB Rating', op: 'gt', value: 7, part: null },
            { column: 'Sequel', op: 'eq', value: true, part: null },
            { column: 'Worldwide Gross', op: 'not_null', value: null, part: null },
          ],
          calculation: { kind: 'change_over_time' },
        },
        target,
      ),
    ).toBeNull();
  });

  it('names a column of another worksheet and lists the columns there are', () => {
    const problem = checkPlan(
      { ...base, measures: [{ column: 'Horsepower', aggregation: 'avg', label: 'HP' }] },
      target,
    );
    expect(problem?.field).toBe('measures[0].column');
    expect(problem?.message).toContain('"Horsepower" is not a column of worksheet Movies');
    expect(problem?.message).toContain('Worldwide Gross (integer)');
    expect(fieldOf({ dimensions: [{ column: 'Origin', grain: null, label: 'Origin' }] })).toBe(
      'dimensions[0].column',
    );
    expect(fieldOf({ filters: [{ column: 'Origin', op: 'eq', value: 'USA', part: null }] })).toBe(
      'filters[0].column',
    );
  });

  it('names an aggregation the type does not take, with those it does', () => {
    const problem = checkPlan(
      { ...base, measures: [{ column: 'Title', aggregation: 'avg', label: 'Average Title' }] },
      target,
    );
    expect(problem).toEqual({
      field: 'measures[0].aggregation',
      message:
        'measures[0].aggregation: avg does not apply to string column "Title"; the aggregations of a string column are: count, count_distinct, min, max.',
    });
    expect(
      fieldOf({ measures: [{ column: 'Release Date', aggregation: 'sum', label: 'S' }] }),
    ).toBe('measures[0].aggregation');
    expect(fieldOf({ measures: [{ column: null, aggregation: 'avg', label: 'A' }] })).toBe(
      'measures[0].column',
    );
    expect(fieldOf({ measures: [] })).toBe('measures');
    // A spread (standard deviation, variance, range) is of numbers only.
    for (const aggregation of ['stddev', 'variance', 'range'] as const) {
      expect(fieldOf({ measures: [{ column: 'Release Date', aggregation, label: 'S' }] })).toBe(
        'measures[0].aggregation',
      );
      expect(
        checkPlan(
          { ...base, measures: [{ column: 'Worldwide Gross', aggregation, label: 'S' }] },
          target,
        ),
      ).toBeNull();
    }
  });

  it('names a filter value of the wrong type for its column', () => {
    const value = (column: string, v: unknown, op = 'eq', part: string | null = null) =>
      checkPlan(
        { ...base, filters: [{ column, op, value: v, part } as AnalysisPlan['filters'][0]] },
        target,
      );
    expect(value('Worldwide Gross', 'lots')).toEqual({
      field: 'filters[0].value',
      message: 'filters[0].value must be an integer for integer column "Worldwide Gross".',
    });
    expect(value('Worldwide Gross', 1.5)?.field).toBe('filters[0].value');
    expect(value('Title', 3)?.field).toBe('filters[0].value');
    expect(value('Sequel', 'true')?.field).toBe('filters[0].value');
    expect(value('Release Date', '1999-02-30')?.field).toBe('filters[0].value');
    expect(value('Release Date', 'Jun 12 1998')?.field).toBe('filters[0].value');
    expect(value('Shown', '2001-01-31 08:30')?.field).toBe('filters[0].value');
    expect(value('Title', ['a', 2], 'in')?.field).toBe('filters[0].value[1]');
    expect(value('Title', ['a', 'b'], 'eq')?.field).toBe('filters[0].value');
    expect(value('Title', 'x', 'is_null')?.field).toBe('filters[0].value');
    expect(value('IMDB Rating', 'x', 'contains')?.field).toBe('filters[0].op');
    expect(value('Release Date', 13, 'eq', 'month')?.field).toBe('filters[0].value');
    expect(value('Title', 1, 'eq', 'year')?.field).toBe('filters[0].part');
  });

  it('names grains, sorts, calculations and labels that do not fit', () => {
    expect(fieldOf({ dimensions: [{ column: 'Title', grain: 'year', label: 'Y' }] })).toBe(
      'dimensions[0].grain',
    );
    expect(
      fieldOf({ dimensions: [{ column: 'Release Date', grain: 'hour', label: 'Hour' }] }),
    ).toBe('dimensions[0].grain');
    expect(fieldOf({ sort: [{ by: 'dimension', index: 1, direction: 'asc' }] })).toBe(
      'sort[0].index',
    );
    expect(fieldOf({ calculation: { kind: 'change_over_time' } })).toBe('calculation');
    // One winner per group needs the groups and what is ranked within them.
    expect(
      fieldOf({
        dimensions: [{ column: 'Title', grain: null, label: 'Title' }],
        calculation: { kind: 'top_per_group', n: 1 },
      }),
    ).toBe('calculation');
    // Groups kept by their aggregate need the groups and a measure that exists.
    expect(
      fieldOf({
        dimensions: [],
        sort: [],
        calculation: { kind: 'groups_where', measure: 0, op: 'gt', value: 5 },
      }),
    ).toBe('calculation');
    expect(
      fieldOf({
        dimensions: [{ column: 'Title', grain: null, label: 'Title' }],
        calculation: { kind: 'groups_where', measure: 3, op: 'gt', value: 5 },
      }),
    ).toBe('calculation');
    // A conditional share counts rows, and its filters are checked as the plan's are.
    const share = (where: AnalysisPlan['filters']) =>
      fieldOf({
        measures: [{ column: null, aggregation: 'count', label: 'Count' }],
        calculation: { kind: 'share_where', where },
      });
    expect(share([{ column: 'IMDB Rating', op: 'gt', value: 7, part: null }])).toBeUndefined();
    expect(share([{ column: 'Rating', op: 'gt', value: 7, part: null }])).toBe(
      'calculation.where[0].column',
    );
    expect(share([{ column: 'Title', op: 'contains', value: 3, part: null }])).toBe(
      'calculation.where[0].value',
    );
    expect(
      fieldOf({
        calculation: {
          kind: 'share_where',
          where: [{ column: 'IMDB Rating', op: 'gt', value: 7, part: null }],
        },
      }),
    ).toBe('calculation');
    // Counting the groups that pass: one count_distinct, no dimension, a number compared.
    const groups = (calculation: AnalysisPlan['calculation'], parts: Partial<AnalysisPlan> = {}) =>
      fieldOf({
        measures: [{ column: 'Title', aggregation: 'count_distinct', label: 'Distinct Title' }],
        dimensions: [],
        sort: [],
        limit: null,
        calculation,
        ...parts,
      });
    const having = (column: string | null, aggregation: 'count' | 'avg' | 'max') =>
      ({ kind: 'count_groups_where', column, aggregation, op: 'gt', value: 7 }) as const;
    expect(groups(having(null, 'count'))).toBeUndefined();
    expect(groups(having('IMDB Rating', 'avg'))).toBeUndefined();
    expect(groups(having(null, 'avg'))).toBe('calculation.column');
    expect(groups(having('Rating', 'avg'))).toBe('calculation.column');
    expect(groups(having('Release Date', 'max'))).toBe('calculation.aggregation');
    expect(
      groups(having(null, 'count'), {
        dimensions: [{ column: 'Release Date', grain: 'year', label: 'Year' }],
      }),
    ).toBe('calculation');
    expect(
      groups(having(null, 'count'), {
        measures: [{ column: null, aggregation: 'count', label: 'Count' }],
      }),
    ).toBe('calculation');
    expect(
      fieldOf({ dimensions: [{ column: 'Title', grain: null, label: 'Average Worldwide Gross' }] }),
    ).toBe('measures[0].label');
    expect(fieldOf({ dimensions: [{ column: 'Title', grain: null, label: '__m0' }] })).toBe(
      'dimensions[0].label',
    );
    expect(fieldOf({ worksheetId: 'ws_cars' })).toBe('worksheetId');
  });

  it('checks a change between two periods: groups, one numeric measure, periods of its time (decision 161)', () => {
    const change = (
      calculation: Partial<Extract<AnalysisPlan['calculation'], { kind: 'change_between' }>>,
      parts: Partial<AnalysisPlan> = {},
    ) =>
      fieldOf({
        calculation: {
          kind: 'change_between',
          column: 'Release Date',
          grain: 'year',
          from: 1995,
          to: 2005,
          ...calculation,
        },
        ...parts,
      });
    expect(change({})).toBeUndefined();
    expect(change({ grain: 'month', from: '2008-01-01', to: '2008-12-01' })).toBeUndefined();
    expect(
      change({ column: 'Worldwide Gross', grain: null, from: 1995, to: 2005 }),
    ).toBeUndefined();
    expect(change({ column: 'Released' })).toBe('calculation.column');
    expect(change({ from: '1995' })).toBe('calculation.from');
    expect(change({ grain: 'month', from: '2008-01-15', to: '2008-12-01' })).toBe(
      'calculation.from',
    );
    expect(change({ column: 'IMDB Rating', grain: 'year' })).toBe('calculation');
    expect(change({ to: 1995 })).toBe('calculation');
    // The groups are ranked: a dimension, never the time column itself.
    expect(change({}, { dimensions: [] })).toBe('calculation');
    expect(
      change({}, { dimensions: [{ column: 'Release Date', grain: 'year', label: 'Year' }] }),
    ).toBe('calculation');
    // One measure, of numbers.
    expect(
      change({}, { measures: [{ column: 'Title', aggregation: 'count_distinct', label: 'N' }] }),
    ).toBe('calculation');
    // Its columns' labels are the answer's: none may clash with a group's.
    expect(change({}, { dimensions: [{ column: 'Title', grain: null, label: 'Change' }] })).toBe(
      'calculation',
    );
  });

  it('checks arithmetic between two columns: both numeric, aggregated as numbers (decision 150)', () => {
    const profit = {
      column: 'Worldwide Gross',
      aggregation: 'avg' as const,
      label: 'Average Worldwide Gross − IMDB Rating',
      arithmetic: { op: 'minus' as const, column: 'IMDB Rating' },
    };
    expect(fieldOf({ measures: [profit] })).toBeUndefined();
    expect(
      fieldOf({ measures: [{ ...profit, arithmetic: { op: 'divided_by', column: 'Budget' } }] }),
    ).toBe('measures[0].arithmetic.column');
    expect(
      fieldOf({ measures: [{ ...profit, arithmetic: { op: 'plus', column: 'Title' } }] }),
    ).toBe('measures[0].arithmetic.column');
    expect(fieldOf({ measures: [{ ...profit, column: 'Release Date' }] })).toBe(
      'measures[0].column',
    );
    expect(fieldOf({ measures: [{ ...profit, column: null }] })).toBe('measures[0].column');
    const problem = checkPlan({ ...base, measures: [{ ...profit, aggregation: 'count' }] }, target);
    expect(problem?.field).toBe('measures[0].aggregation');
    expect(problem?.message).toContain('sum, avg, min, max, median');
  });
});
