import { describe, expect, it } from 'vitest';
import type { WorksheetColumn } from '../data/types.js';
import { isWorkspaceError } from '../errors.js';
import { checkSemanticLayer, phraseOf } from './layer.js';

const COLUMNS: WorksheetColumn[] = [
  { name: 'Title', type: 'string' },
  { name: 'US Gross', type: 'integer' },
  { name: 'Worldwide Gross', type: 'integer' },
  { name: 'Release Date', type: 'date' },
  { name: 'Running Time min', type: 'integer' },
];

function refusal(layer: unknown): string {
  try {
    checkSemanticLayer(layer, COLUMNS);
  } catch (error) {
    if (isWorkspaceError(error, 'invalid_argument')) return error.message;
    throw error;
  }
  throw new Error('the layer was accepted');
}

describe('checkSemanticLayer', () => {
  it('accepts a steward’s layer and returns it in the worksheet’s column order', () => {
    const layer = checkSemanticLayer(
      {
        columns: [
          {
            column: 'Running Time min',
            label: 'Running time',
            unit: 'min',
            synonyms: ['runtime', 'length'],
            defaultAggregation: 'avg',
            format: 'integer',
            decimals: 0,
          },
          {
            column: 'Worldwide Gross',
            label: 'Worldwide gross',
            synonyms: ['ww gross', 'worldwide box office'],
            unit: 'USD',
            format: 'currency',
            defaultAggregation: 'sum',
          },
          {
            column: 'Title',
            label: 'Title',
            synonyms: ['movie', 'film'],
            defaultAggregation: 'count_distinct',
          },
          {
            column: 'Release Date',
            format: 'date',
            defaultAggregation: 'none',
            synonyms: ['released'],
          },
        ],
      },
      COLUMNS,
    );
    expect(layer.columns.map((c) => c.column)).toEqual([
      'Title',
      'Worldwide Gross',
      'Release Date',
      'Running Time min',
    ]);
    expect(layer.columns[3]).toEqual({
      column: 'Running Time min',
      label: 'Running time',
      unit: 'min',
      synonyms: ['runtime', 'length'],
      defaultAggregation: 'avg',
      format: 'integer',
      decimals: 0,
    });
  });

  it('accepts an empty layer, and a label or synonym equal to the column’s own name', () => {
    expect(checkSemanticLayer({ columns: [] }, COLUMNS)).toEqual({ columns: [] });
    expect(
      checkSemanticLayer(
        {
          columns: [{ column: 'US Gross', label: 'US gross', synonyms: ['us_gross', 'US gross'] }],
        },
        COLUMNS,
      ).columns,
    ).toHaveLength(1);
  });

  it('names a column the worksheet does not have, with the near name', () => {
    expect(refusal({ columns: [{ column: 'running_time_min' }] })).toBe(
      'Semantic layer refused: column "running_time_min": the worksheet has no such column (did you mean "Running Time min"?)',
    );
    expect(refusal({ columns: [{ column: 'Budget' }] })).toContain(
      'column "Budget": the worksheet has no such column',
    );
  });

  it('names the column of a field the schema refuses', () => {
    expect(
      refusal({
        columns: [{ column: 'Title' }, { column: 'US Gross', format: 'money', decimals: 21 }],
      }),
    ).toMatch(
      /^Semantic layer refused: column "US Gross"\.format: .*; column "US Gross"\.decimals: /,
    );
    expect(refusal({ columns: [{ column: 'Title', colour: 'red' }] })).toMatch(
      /^Semantic layer refused: column "Title": Unrecognized key/,
    );
    expect(refusal({ columns: [{ label: 'x' }] })).toMatch(/entry 0\.column: /);
    expect(refusal({ rows: [] })).toMatch(/^Semantic layer refused: (columns|layer): /);
    expect(refusal({ columns: [{ column: 'Title', synonyms: ['  '] }] })).toMatch(
      /column "Title"\.synonyms\.0: /,
    );
  });

  it('refuses a format, aggregation or decimals that do not fit the column’s type', () => {
    expect(
      refusal({
        columns: [
          { column: 'Title', format: 'currency', defaultAggregation: 'sum', decimals: 2 },
          { column: 'Release Date', format: 'number', defaultAggregation: 'avg' },
        ],
      }),
    ).toBe(
      'Semantic layer refused: column "Title": format currency does not fit a string column; ' +
        'column "Title": default aggregation sum does not fit a string column; ' +
        'column "Title": decimals apply to numbers, not to a string column; ' +
        'column "Release Date": format number does not fit a date column; ' +
        'column "Release Date": default aggregation avg does not fit a date column',
    );
  });

  it('takes a level in time on a number column only', () => {
    expect(refusal({ columns: [{ column: 'Title', levelInTime: true }] })).toBe(
      'Semantic layer refused: column "Title": a level in time is a number, not a string column',
    );
  });

  it('marks missing values in text columns and qualifies a column by one other', () => {
    expect(
      refusal({
        columns: [
          { column: 'Title', missingValues: ['NA'], qualifiedBy: 'Release Date' },
          { column: 'Release Date', qualifiedBy: 'Worldwide Gross' },
          { column: 'Running Time min', qualifiedBy: 'Running Time min' },
          { column: 'US Gross', missingValues: ['.'], qualifiedBy: 'Studio' },
        ],
      }),
    ).toBe(
      'Semantic layer refused: column "Title": qualified by "Release Date", which is itself qualified; ' +
        'column "Running Time min": qualified by "Running Time min", which is no other column; ' +
        'column "US Gross": missing values are marked in text columns, not in a integer column; ' +
        'column "US Gross": qualified by "Studio", which is no other column',
    );
  });

  it('reads values in one text column at most', () => {
    expect(
      refusal({
        columns: [
          { column: 'Title', valuesReadHere: true },
          { column: 'Release Date', valuesReadHere: true },
          { column: 'US Gross', valuesReadHere: true },
        ],
      }),
    ).toBe(
      'Semantic layer refused: column "Release Date": values are read in a text column, not in a date column; ' +
        'column "US Gross": values are read in a text column, not in a integer column; ' +
        'values are read in one column at most, not in "Title" and "Release Date" and "US Gross"',
    );
  });

  it('refuses two entries for one column', () => {
    expect(refusal({ columns: [{ column: 'Title' }, { column: 'Title', label: 'Name' }] })).toBe(
      'Semantic layer refused: column "Title": described twice',
    );
  });

  it('refuses a synonym or label that would name two columns', () => {
    expect(
      refusal({
        columns: [
          { column: 'US Gross', synonyms: ['gross', 'domestic gross'] },
          { column: 'Worldwide Gross', synonyms: ['Gross', 'us_gross'] },
        ],
      }),
    ).toBe(
      'Semantic layer refused: column "Worldwide Gross": synonym "Gross" is already the synonym of column "US Gross"; ' +
        'column "Worldwide Gross": synonym "us_gross" is already the name of column "US Gross"',
    );
    expect(
      refusal({
        columns: [
          { column: 'US Gross', label: 'Gross' },
          { column: 'Worldwide Gross', label: 'gross', synonyms: ['title'] },
        ],
      }),
    ).toBe(
      'Semantic layer refused: column "Worldwide Gross": label "gross" is already the label of column "US Gross"; ' +
        'column "Worldwide Gross": synonym "title" is already the name of column "Title"',
    );
    expect(refusal({ columns: [{ column: 'Title', synonyms: ['film', 'Film'] }] })).toBe(
      'Semantic layer refused: column "Title": synonym "Film" is listed twice',
    );
  });

  it('accepts value synonyms of a text column; refuses them elsewhere or naming two values', () => {
    const titles = {
      column: 'Title',
      values: [{ value: 'Avatar', synonyms: ['the blue people film'] }],
    };
    expect(checkSemanticLayer({ columns: [titles] }, COLUMNS).columns[0]).toEqual(titles);
    expect(
      refusal({ columns: [{ column: 'US Gross', values: [{ value: '1', synonyms: ['one'] }] }] }),
    ).toBe(
      'Semantic layer refused: column "US Gross": value synonyms apply to text columns, not to a integer column',
    );
    expect(
      refusal({
        columns: [
          {
            column: 'Title',
            values: [
              { value: 'Alien', synonyms: ['The Film'] },
              { value: 'Aliens', synonyms: ['the  film'] },
            ],
          },
        ],
      }),
    ).toBe(
      'Semantic layer refused: column "Title": value synonym "the  film" already names the value "Alien"',
    );
    expect(
      refusal({
        columns: [{ column: 'Title', values: [{ value: 'Up', synonyms: ['US gross'] }] }],
      }),
    ).toBe(
      'Semantic layer refused: column "Title": value synonym "US gross" is already the name of column "US Gross"',
    );
  });

  it('keeps what a row is; refuses a row word that is a column’s name or label, or repeated', () => {
    const row = { noun: 'movie', synonyms: ['film', 'motion picture'] };
    const layer = checkSemanticLayer(
      { columns: [{ column: 'Title', synonyms: ['film'] }], row },
      COLUMNS,
    );
    expect(layer).toEqual({ row, columns: [{ column: 'Title', synonyms: ['film'] }] });
    expect(checkSemanticLayer({ columns: [] }, COLUMNS)).not.toHaveProperty('row');
    expect(
      refusal({
        columns: [{ column: 'Running Time min', label: 'Runtime' }],
        row: { noun: 'title', synonyms: ['runtime', 'Film', 'film'] },
      }),
    ).toBe(
      'Semantic layer refused: row: "title" is already the name of column "Title"; ' +
        'row: "runtime" is already the label of column "Running Time min"; row: "film" is listed twice',
    );
    expect(refusal({ columns: [], row: { synonyms: ['film'] } })).toContain('row.noun');
  });

  it('keeps named conditions; refuses one on no column, of the wrong type, or naming another word', () => {
    const long = {
      word: 'long',
      synonyms: ['lengthy', 'runtime'],
      description: 'Runs over two hours.',
      column: 'Running Time min',
      op: 'gt' as const,
      value: 120,
    };
    const layer = checkSemanticLayer(
      { columns: [{ column: 'Running Time min', synonyms: ['runtime'] }], conditions: [long] },
      COLUMNS,
    );
    expect(layer.conditions).toEqual([long]);
    expect(checkSemanticLayer({ columns: [] }, COLUMNS)).not.toHaveProperty('conditions');
    expect(
      refusal({
        columns: [{ column: 'Running Time min', label: 'Runtime' }],
        row: { noun: 'movie' },
        conditions: [
          { word: 'short', column: 'Length', op: 'lt', value: 90 },
          { word: 'hit', column: 'US Gross', op: 'gt', value: 'big' },
          { word: 'untitled', column: 'Title', op: 'lt', value: 'A' },
          {
            word: 'long',
            synonyms: ['runtime', 'movie', 'LONG'],
            column: 'Running Time min',
            op: 'gt',
            value: 120,
          },
          { word: 'domestic hit', synonyms: ['title'], column: 'US Gross', op: 'gte', value: 1e8 },
        ],
      }),
    ).toBe(
      'Semantic layer refused: condition "short": the worksheet has no column "Length"; ' +
        'condition "hit": gt "big" does not fit a integer column; ' +
        'condition "untitled": lt "A" does not fit a string column; ' +
        'condition "long": "runtime" is already the label of column "Running Time min"; ' +
        'condition "long": "movie" is already a word for the rows; ' +
        'condition "long": "LONG" is listed twice; ' +
        'condition "domestic hit": "title" is already the name of column "Title"',
    );
    expect(
      refusal({ columns: [], conditions: [{ word: 'x', column: 'Title', op: 'like', value: 1 }] }),
    ).toContain('conditions.0.op');
  });

  it('compares words without case, underscores or extra spaces', () => {
    expect(phraseOf('  Miles_per_Gallon ')).toBe('miles per gallon');
    expect(phraseOf('Running  Time\tmin')).toBe('running time min');
  });
});
