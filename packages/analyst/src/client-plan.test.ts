import { AnswerSchema, type AnalysisPlan } from '@ask-analyst/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupBy, isoDate, mean, numbers } from './test-support/expected.js';
import {
  openTestWorksheets,
  readFixtureRows,
  type TestWorksheets,
} from './test-support/worksheets.js';

let w: TestWorksheets;
beforeAll(async () => {
  w = await openTestWorksheets(['movies', 'cars']);
});
afterAll(() => w.dispose());

const QUESTION = 'Average wwg by genre';

function averageGrossByGenre(worksheetId: string): AnalysisPlan {
  return {
    worksheetId,
    measures: [{ column: 'Worldwide Gross', aggregation: 'avg', label: 'Average Worldwide Gross' }],
    dimensions: [{ column: 'Major Genre', grain: null, label: 'Major Genre' }],
    filters: [],
    sort: [{ by: 'measure', index: 0, direction: 'desc' }],
    limit: null,
    calculation: null,
    shape: null,
    chart: null,
  };
}

describe("a client's plan (SPEC section 4)", () => {
  it('answers as planned a question the reader refuses, every slot marked client', async () => {
    const refused = await w.analyst.analyze({
      question: QUESTION,
      source: w.sources.movies,
      previous: null,
      worksheetStated: true,
    });
    expect(refused.ok ? 'answered' : refused.code).toMatch(/not_understood|needs_clarification/);

    const plan = averageGrossByGenre(w.sources.movies.id);
    const outcome = await w.analyst.analyze({
      question: QUESTION,
      source: w.sources.movies,
      previous: null,
      worksheetStated: true,
      plan,
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const answer = AnswerSchema.parse(outcome.answer);
    expect(answer.query.plan).toEqual(plan);
    const rows = await readFixtureRows('movies');
    const expected = [...groupBy(rows, (row) => row['Major Genre'] ?? null)]
      .map(([genre, group]) => [genre, mean(numbers(group, 'Worldwide Gross'))] as const)
      .sort((a, b) => b[1] - a[1]);
    expect(answer.table.rows.map((row) => row[0])).toEqual(expected.map(([genre]) => genre));
    answer.table.rows.forEach((row, i) => expect(row[1]).toBeCloseTo(expected[i]![1], 4));
    expect(answer.interpretation.restatement).toBe(
      'Average Worldwide Gross by Major Genre in Movies.',
    );
    expect(new Set(answer.interpretation.slots.map((slot) => slot.source))).toEqual(
      new Set(['client']),
    );
    expect(answer.interpretation.slots.map((slot) => slot.slot)).toEqual([
      'worksheet',
      'measure',
      'dimension',
      'sort',
    ]);
  });

  it('filters dates with values as they travel (YYYY-MM-DD, parts as integers)', async () => {
    const rows = await readFixtureRows('movies');
    const dated = rows.filter((row) => row['Release Date'] != null);
    const before = dated.filter((row) => isoDate(row['Release Date']) < '1990-01-01').length;
    const in1998 = dated.filter((row) => isoDate(row['Release Date']).startsWith('1998')).length;
    const count = async (filters: AnalysisPlan['filters']) => {
      const outcome = await w.analyst.analyze({
        question: 'how many movies',
        source: w.sources.movies,
        previous: null,
        worksheetStated: true,
        plan: {
          worksheetId: w.sources.movies.id,
          measures: [{ column: null, aggregation: 'count', label: 'Movies' }],
          dimensions: [],
          filters,
          sort: [],
          limit: null,
          calculation: null,
          shape: null,
          chart: null,
        },
      });
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.answer.table.rows;
    };
    expect(
      await count([{ column: 'Release Date', op: 'lt', value: '1990-01-01', part: null }]),
    ).toEqual([[before]]);
    expect(await count([{ column: 'Release Date', op: 'eq', value: 1998, part: 'year' }])).toEqual([
      [in1998],
    ]);
  });

  it('fails the turn when the plan no longer fits the worksheet it runs on', async () => {
    const outcome = await w.analyst.analyze({
      question: QUESTION,
      source: w.sources.cars,
      previous: null,
      worksheetStated: true,
      plan: averageGrossByGenre(w.sources.movies.id),
    });
    expect(outcome).toMatchObject({ ok: false, code: 'not_understood' });
  });
});
