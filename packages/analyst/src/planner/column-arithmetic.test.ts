import { AnswerSchema, type AnalysisPlan } from '@ask-analyst/protocol';
import { describe, expect, it } from 'vitest';
import { groupBy, mean, sum } from '../test-support/expected.js';
import { openPlannerFixtures, type Row } from '../test-support/planner-fixtures.js';
import { analyze, ask, byGroup, converse } from '../test-support/worksheets.js';

/**
 * Arithmetic between two numeric columns named in the question (issue 23, decision 150): the
 * answers checked against numbers computed from the source files without the analyst.
 */
const { w, movies, cars } = await openPlannerFixtures(['movies', 'cars'], ['movies', 'cars']);

/** Each row's `a` combined with its `b`, where both are numbers (SQL leaves the others out). */
function perRow(rows: readonly Row[], a: string, b: string, op: (x: number, y: number) => number) {
  return rows.flatMap((row) => {
    const [x, y] = [row[a], row[b]];
    return typeof x === 'number' && typeof y === 'number' ? [op(x, y)] : [];
  });
}
const profit = (rows: readonly Row[]) =>
  perRow(rows, 'Worldwide Gross', 'Production Budget', (x, y) => x - y);

describe('a measure that is the difference, sum or ratio of two columns', () => {
  it('"average net profit (worldwide gross minus production budget) per genre"', async () => {
    const answer = await ask(
      w,
      'movies',
      'mean net profit (worldwide gross minus production budget) per genre',
    );
    AnswerSchema.parse(answer);
    expect(answer.query.plan.measures).toEqual([
      {
        column: 'Worldwide Gross',
        aggregation: 'avg',
        label: 'Average net profit (Worldwide Gross − Production Budget)',
        arithmetic: { op: 'minus', column: 'Production Budget' },
      },
    ]);
    const got = byGroup(answer);
    for (const [genre, rows] of groupBy(movies, (row) => row['Major Genre'] ?? null))
      expect(got.get(genre)).toBeCloseTo(mean(profit(rows)), 4);
    // The formula said in words, the columns by the layer's labels, its unit kept.
    const measure = answer.interpretation.slots.find((s) => s.slot === 'measure');
    expect(measure?.text).toBe(
      'Average of Worldwide Gross minus Production Budget, for each row (called net profit)',
    );
    const column = answer.table.columns[1]!;
    expect(column.label).toBe('Average net profit (worldwide gross − budget)');
    expect(column.unit).toBe('USD');
  });

  it('unnamed, with a sign, and as a difference between two columns', async () => {
    const expected = sum(profit(movies.filter((row) => row['MPAA Rating'] === 'PG')));
    for (const question of [
      'total worldwide gross - production budget of PG movies',
      'total difference between worldwide gross and budget for PG movies',
    ]) {
      const answer = await ask(w, 'movies', question);
      expect(answer.table.rows).toEqual([[expected]]);
    }
  });

  it('rows listed by it: "top 5 films by worldwide gross minus budget"', async () => {
    const answer = await ask(w, 'movies', 'top 5 films by worldwide gross minus budget');
    const best = profit(movies)
      .sort((a, b) => b - a)
      .slice(0, 5);
    expect(answer.table.rows.map((row) => row[1])).toEqual(best);
  });

  it('a ratio: "average horsepower to weight ratio by origin", a division by zero left out', async () => {
    const answer = await ask(w, 'cars', 'average horsepower to weight ratio by origin');
    const got = byGroup(answer);
    for (const [origin, rows] of groupBy(cars, (row) => row.Origin)) {
      const ratios = perRow(rows, 'Horsepower', 'Weight_in_lbs', (x, y) => x / y);
      expect(got.get(origin)).toBeCloseTo(mean(ratios), 9);
    }
    expect(answer.interpretation.slots.find((s) => s.slot === 'measure')?.text).toContain(
      'rows where Weight_in_lbs is 0 or empty are left out',
    );
  });

  it('a follow-up keeps the arithmetic and its name', async () => {
    const [, answer] = await converse(w, 'movies', [
      'average profit (worldwide gross minus budget) by genre',
      'only R rated movies',
    ]);
    expect(answer!.query.plan.measures[0]).toMatchObject({
      label: 'Average profit (Worldwide Gross − Production Budget)',
      arithmetic: { op: 'minus', column: 'Production Budget' },
    });
    const rated = movies.filter((row) => row['MPAA Rating'] === 'R');
    const got = byGroup(answer!);
    for (const [genre, rows] of groupBy(rated, (row) => row['Major Genre'] ?? null))
      expect(got.get(genre)).toBeCloseTo(mean(profit(rows)), 4);
  });

  it("a client's plan with arithmetic is answered and said in words", async () => {
    const plan: AnalysisPlan = {
      worksheetId: w.sources.movies.id,
      measures: [
        {
          column: 'US Gross',
          aggregation: 'sum',
          label: 'Total US takings',
          arithmetic: { op: 'plus', column: 'US DVD Sales' },
        },
      ],
      dimensions: [],
      filters: [],
      sort: [],
      limit: null,
      calculation: null,
      shape: null,
      chart: null,
    };
    const outcome = await w.analyst.analyze({
      question: 'US takings',
      source: w.sources.movies,
      previous: null,
      worksheetStated: true,
      plan,
    });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.answer.table.rows).toEqual([
      [sum(perRow(movies, 'US Gross', 'US DVD Sales', (x, y) => x + y))],
    ]);
    expect(outcome.answer.interpretation.slots.find((s) => s.slot === 'measure')?.text).toBe(
      'Total of US Gross plus US DVD Sales, for each row',
    );
  });
});

describe('what the class does not cover is refused or asked, never answered otherwise', () => {
  it.each([
    // A word the question does not define (the precision rule).
    ['average profit by genre', 'not_understood'],
    // A phrase naming two columns ("gross": worldwide or US).
    ['average gross minus budget by genre', 'needs_clarification'],
    // The average of each row's ratio, or the ratio of the averages?
    ['average worldwide gross divided by budget', 'needs_clarification'],
    // One column as a share of another: never each group's share of the total.
    ['us gross as a percentage of worldwide gross by genre', 'needs_clarification'],
    // Filtered, grouped, counted or plotted by it: not supported yet.
    ['movies where worldwide gross minus budget is over 100 million', 'not_understood'],
    ['average IMDB rating by worldwide gross minus budget', 'not_understood'],
    ['number of worldwide gross minus budget', 'not_understood'],
    ['histogram of worldwide gross minus budget', 'not_understood'],
  ])('"%s": %s', async (question, code) => {
    const outcome = await analyze(w, 'movies', question);
    expect(outcome.ok ? 'answered' : outcome.code).toBe(code);
  });
});
