import { readdir, readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDataError } from '../testing/data-errors.js';
import { demoDataFile } from './demo-data.js';
import type { WorksheetEngine } from './engine.js';
import { openTestEngine, parseCsv, readDemoJson } from '../testing/data.js';
import type { ColumnType, WorksheetColumn } from './types.js';

let engine: WorksheetEngine;
let dataDir: string;
let dispose: () => Promise<void>;
let scratch: string;

beforeAll(async () => {
  ({ engine, dataDir, dispose } = await openTestEngine());
  scratch = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-ingest-src-'));
});

afterAll(async () => {
  await dispose();
  await rm(scratch, { recursive: true, force: true });
});

async function scratchFile(name: string, content: string | Buffer): Promise<string> {
  const file = path.join(scratch, name);
  await writeFile(file, content);
  return file;
}

function typesOf(columns: WorksheetColumn[]): Record<string, ColumnType> {
  return Object.fromEntries(columns.map((column) => [column.name, column.type]));
}

async function worksheetFiles(): Promise<string[]> {
  return (await readdir(path.join(dataDir, 'worksheets'))).sort();
}

describe('ingest of the demo sources', () => {
  it.each(['cars.json', 'movies.json', 'penguins.json', 'gapminder.json'])(
    'imports %s with one row per array element, keeping source column names',
    async (name) => {
      const source = await readDemoJson(name);
      const result = await engine.ingest(demoDataFile(name));
      expect(result.rowCount).toBe(source.length);
      const keys = [...new Set(source.flatMap((row) => Object.keys(row)))];
      expect(result.columns.map((column) => column.name)).toEqual(keys);
      expect(result.dataPath).toMatch(/^worksheets\/[\w-]+\.parquet$/);
    },
  );

  it.each(['airports.csv', 'birdstrikes.csv', 'seattle-weather.csv', 'stocks.csv'])(
    'imports %s with one row per CSV record',
    async (name) => {
      const records = parseCsv(await readFile(demoDataFile(name), 'utf8'));
      const result = await engine.ingest(demoDataFile(name));
      expect(result.rowCount).toBe(records.length - 1);
      expect(result.columns.map((column) => column.name)).toEqual(records[0]);
    },
  );

  it('infers the column types SPEC section 6 names', async () => {
    const stocks = await engine.ingest(demoDataFile('stocks.csv'));
    expect(typesOf(stocks.columns)).toEqual({ symbol: 'string', date: 'date', price: 'number' });

    const movies = typesOf((await engine.ingest(demoDataFile('movies.json'))).columns);
    expect(movies['Release Date']).toBe('date');
    expect(movies.Title).toBe('string');
    expect(movies['US Gross']).toBe('integer');
    expect(movies['IMDB Rating']).toBe('number');

    const penguins = typesOf((await engine.ingest(demoDataFile('penguins.json'))).columns);
    expect(penguins).toEqual({
      Species: 'string',
      Island: 'string',
      'Beak Length (mm)': 'number',
      'Beak Depth (mm)': 'number',
      'Flipper Length (mm)': 'integer',
      'Body Mass (g)': 'integer',
      Sex: 'string',
    });

    const birds = typesOf((await engine.ingest(demoDataFile('birdstrikes.csv'))).columns);
    expect(birds['Flight Date']).toBe('date');
    expect(birds['Cost Total $']).toBe('integer');
    expect(typesOf((await engine.ingest(demoDataFile('airports.csv'))).columns).iata).toBe(
      'string',
    );
  });

  it('keeps odd values and mixed-type values as they are', async () => {
    const penguins = await engine.ingest(demoDataFile('penguins.json'));
    const ref = { id: 'ws_penguins', ...penguins };
    const odd = await engine.read(ref, { filters: [{ column: 'Sex', op: 'eq', value: '.' }] });
    expect(odd.totalRows).toBe(
      (await readDemoJson('penguins.json')).filter((row) => row.Sex === '.').length,
    );
    expect(odd.totalRows).toBe(1);

    const movies = await engine.ingest(demoDataFile('movies.json'));
    const numericTitles = (await readDemoJson('movies.json'))
      .filter((row) => typeof row.Title === 'number')
      .map((row) => String(row.Title));
    const page = await engine.read(
      { id: 'ws_movies', ...movies },
      {
        columns: ['Title'],
        filters: [{ column: 'Title', op: 'in', value: numericTitles }],
        limit: 100,
      },
    );
    expect(page.rows.map((row) => row[0])).toEqual(numericTitles);
  });
});

describe('type inference', () => {
  it('reads CSV text as booleans, integers, numbers, dates and timestamps only when every value fits', async () => {
    const csv = [
      'zip,flag,count,ratio,us_date,iso_ts,mixed_dates,big,mixed',
      '01234,true,1,1.5,01/02/2020,2020-01-01T10:00:00Z,2020-01-01,9223372036854775807,1',
      '02345,FALSE,-20,2,12/31/2020,2020-01-01 12:30:00.250+02:00,Jan 2 2020,1,abc',
      ',,,,,,,,',
    ].join('\n');
    const result = await engine.ingest(await scratchFile('kinds.csv', csv));
    expect(typesOf(result.columns)).toEqual({
      zip: 'string',
      flag: 'boolean',
      count: 'integer',
      ratio: 'number',
      us_date: 'date',
      iso_ts: 'timestamp',
      mixed_dates: 'string',
      big: 'integer',
      mixed: 'string',
    });
    const page = await engine.read({ id: 'ws_kinds', ...result });
    expect(page.rows).toEqual([
      [
        '01234',
        true,
        1,
        1.5,
        '2020-01-02',
        '2020-01-01T10:00:00.000Z',
        '2020-01-01',
        '9223372036854775807',
        '1',
      ],
      ['02345', false, -20, 2, '2020-12-31', '2020-01-01T10:30:00.250Z', 'Jan 2 2020', 1, 'abc'],
      [null, null, null, null, null, null, null, null, null],
    ]);
  });

  it('keeps integers too wide for 64 bits exact as text', async () => {
    const result = await engine.ingest(
      await scratchFile('wide.csv', 'id\n99999999999999999999\n1\n'),
    );
    expect(result.columns).toEqual([{ name: 'id', type: 'string' }]);
    const page = await engine.read({ id: 'ws_wide', ...result });
    expect(page.rows).toEqual([['99999999999999999999'], ['1']]);
  });

  it('turns nested JSON values into JSON text and mixed kinds into strings', async () => {
    const json = JSON.stringify([
      { nested: { a: 1 }, list: [1, 2], mixed: 1, when: '2021-03-04T05:06:07.891Z', flag: true },
      { nested: null, list: [], mixed: 'x', when: null, flag: false },
    ]);
    const result = await engine.ingest(await scratchFile('nested.json', json));
    expect(typesOf(result.columns)).toEqual({
      nested: 'string',
      list: 'string',
      mixed: 'string',
      when: 'timestamp',
      flag: 'boolean',
    });
    const page = await engine.read({ id: 'ws_nested', ...result });
    expect(page.rows).toEqual([
      ['{"a":1}', '[1,2]', '1', '2021-03-04T05:06:07.891Z', true],
      [null, '[]', 'x', null, false],
    ]);
  });
});

describe('bad files', () => {
  it.each([
    ['truncated.json', '[{"a": 1},'],
    ['not-array.json', '{"a": 1}'],
    ['numbers.json', '[1, 2, 3]'],
    ['mixed.json', '[{"a": 1}, 2]'],
    ['empty-array.json', '[]'],
    ['garbage.parquet', 'this is not parquet'],
    ['empty.csv', ''],
  ])('refuses %s as invalid_file and leaves nothing behind', async (name, content) => {
    const before = await worksheetFiles();
    await expectDataError(engine.ingest(await scratchFile(name, content)), 'invalid_file');
    expect(await worksheetFiles()).toEqual(before);
  });

  it('refuses binary noise given as CSV', async () => {
    const before = await worksheetFiles();
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    await expectDataError(engine.ingest(await scratchFile('noise.csv', noise)), 'invalid_file');
    expect(await worksheetFiles()).toEqual(before);
  });

  it('refuses a missing file, an oversized file and an unknown format', async () => {
    await expectDataError(engine.ingest(path.join(scratch, 'missing.csv')), 'invalid_file');
    await expectDataError(
      engine.ingest(demoDataFile('cars.json'), { maxBytes: 1000 }),
      'file_too_large',
    );
    await expectDataError(
      engine.ingest(demoDataFile('unemployment.tsv').replace('.tsv', '.xlsx')),
      'unsupported_format',
    );
  });

  it('refuses a reserved column name and a taken id', async () => {
    await expectDataError(
      engine.ingest(await scratchFile('reserved.csv', '__row,a\n1,2\n')),
      'invalid_file',
    );
    const first = await engine.ingest(demoDataFile('stocks.csv'), { id: 'ws_fixedid' });
    expect(first.dataPath).toBe('worksheets/ws_fixedid.parquet');
    await expectDataError(
      engine.ingest(demoDataFile('stocks.csv'), { id: 'ws_fixedid' }),
      'invalid_argument',
      'id',
    );
    await expectDataError(
      engine.ingest(demoDataFile('stocks.csv'), { id: '../escape' }),
      'invalid_argument',
      'id',
    );
  });
});
