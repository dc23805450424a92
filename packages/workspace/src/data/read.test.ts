import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDataError } from '../testing/data-errors.js';
import { demoDataFile } from './demo-data.js';
import type { WorksheetEngine } from './engine.js';
import { openTestEngine, readDemoJson } from '../testing/data.js';
import type { Cell, Filter, ReadRequest, ReadResult, SortKey, WorksheetRef } from './types.js';

type Row = Record<string, unknown>;

let engine: WorksheetEngine;
let dataDir: string;
let dispose: () => Promise<void>;
let cars: WorksheetRef;
let penguins: WorksheetRef;
let carRows: Row[];
let penguinRows: Row[];

beforeAll(async () => {
  ({ engine, dataDir, dispose } = await openTestEngine());
  cars = { id: 'ws_cars', ...(await engine.ingest(demoDataFile('cars.json'))) };
  penguins = { id: 'ws_penguins', ...(await engine.ingest(demoDataFile('penguins.json'))) };
  carRows = await readDemoJson('cars.json');
  penguinRows = await readDemoJson('penguins.json');
});

afterAll(async () => {
  await dispose();
});

/** The cells of source rows, as the engine should return them (JSON values are already wire values). */
function cells(rows: Row[], columns: string[]): Cell[][] {
  return rows.map((row) => columns.map((column) => (row[column] ?? null) as Cell));
}

function names(ref: WorksheetRef): string[] {
  return ref.columns.map((column) => column.name);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Independent ordering: each key NULLS LAST in both directions, ties in source order. */
function sorted(rows: Row[], sort: SortKey[]): Row[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      for (const { column, direction } of sort) {
        const [x, y] = [a.row[column] ?? null, b.row[column] ?? null];
        if (x === null && y === null) continue;
        if (x === null) return 1;
        if (y === null) return -1;
        const order = compare(x, y) * (direction === 'asc' ? 1 : -1);
        if (order !== 0) return order;
      }
      return a.index - b.index;
    })
    .map(({ row }) => row);
}

async function walk(
  ref: WorksheetRef,
  request: ReadRequest,
): Promise<{ rows: Cell[][]; pages: ReadResult[] }> {
  const pages: ReadResult[] = [];
  let cursor: string | null = null;
  do {
    const page = await engine.read(ref, { ...request, cursor });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 1000);
  return { rows: pages.flatMap((page) => page.rows), pages };
}

function expectInvalid(promise: Promise<unknown>, field: string): Promise<void> {
  return expectDataError(promise, 'invalid_argument', field);
}

describe('reading rows', () => {
  it('returns the first page in source order with column types and the total', async () => {
    const page = await engine.read(cars, {});
    expect(page.columns).toEqual(cars.columns.map(({ name, type }) => ({ name, type })));
    expect(page.rows).toEqual(cells(carRows.slice(0, 100), names(cars)));
    expect(page.totalRows).toBe(carRows.length);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('returns chosen columns in the order asked', async () => {
    const page = await engine.read(cars, { columns: ['Origin', 'Name'], limit: 5 });
    expect(page.columns).toEqual([
      { name: 'Origin', type: 'string' },
      { name: 'Name', type: 'string' },
    ]);
    expect(page.rows).toEqual(cells(carRows.slice(0, 5), ['Origin', 'Name']));
  });

  it('filters Origin eq Japan to the 79 Japanese cars', async () => {
    const expected = carRows.filter((row) => row.Origin === 'Japan');
    expect(expected).toHaveLength(79);
    const page = await engine.read(cars, {
      filters: [{ column: 'Origin', op: 'eq', value: 'Japan' }],
    });
    expect(page.totalRows).toBe(79);
    expect(page.rows).toEqual(cells(expected, names(cars)));
    expect(page.nextCursor).toBeNull();
  });

  const lower = (value: unknown) => String(value).toLowerCase();
  const cases: [string, 'cars' | 'penguins', Filter, (row: Row) => boolean][] = [
    ['eq', 'penguins', { column: 'Sex', op: 'eq', value: 'MALE' }, (r) => r.Sex === 'MALE'],
    [
      'ne keeps empty values',
      'penguins',
      { column: 'Sex', op: 'ne', value: 'MALE' },
      (r) => r.Sex !== 'MALE',
    ],
    [
      'lt on an integer',
      'cars',
      { column: 'Horsepower', op: 'lt', value: 70 },
      (r) => r.Horsepower != null && (r.Horsepower as number) < 70,
    ],
    [
      'lte on a number',
      'cars',
      { column: 'Miles_per_Gallon', op: 'lte', value: 15.5 },
      (r) => r.Miles_per_Gallon != null && (r.Miles_per_Gallon as number) <= 15.5,
    ],
    [
      'gt on a number',
      'cars',
      { column: 'Acceleration', op: 'gt', value: 20.5 },
      (r) => (r.Acceleration as number) > 20.5,
    ],
    [
      'gte on a date',
      'cars',
      { column: 'Year', op: 'gte', value: '1980-01-01' },
      (r) => String(r.Year) >= '1980-01-01',
    ],
    [
      'gt on a string',
      'cars',
      { column: 'Name', op: 'gt', value: 'toyota' },
      (r) => String(r.Name) > 'toyota',
    ],
    [
      'in on integers',
      'cars',
      { column: 'Cylinders', op: 'in', value: [3, 5] },
      (r) => r.Cylinders === 3 || r.Cylinders === 5,
    ],
    [
      'in on strings',
      'penguins',
      { column: 'Island', op: 'in', value: ['Dream', 'Biscoe'] },
      (r) => r.Island === 'Dream' || r.Island === 'Biscoe',
    ],
    [
      'contains, case-insensitive',
      'cars',
      { column: 'Name', op: 'contains', value: 'FORD' },
      (r) => lower(r.Name).includes('ford'),
    ],
    [
      'is_null',
      'cars',
      { column: 'Miles_per_Gallon', op: 'is_null' },
      (r) => r.Miles_per_Gallon == null,
    ],
    ['not_null', 'penguins', { column: 'Sex', op: 'not_null' }, (r) => r.Sex != null],
  ];

  it.each(cases)('filters with %s', async (_, which, filter, predicate) => {
    const [ref, rows] = which === 'penguins' ? [penguins, penguinRows] : [cars, carRows];
    const expected = rows.filter(predicate);
    expect(expected.length).toBeGreaterThan(0);
    const { rows: got, pages } = await walk(ref, { filters: [filter], limit: 1000 });
    expect(pages[0]?.totalRows).toBe(expected.length);
    expect(got).toEqual(cells(expected, names(ref)));
  });

  it('compares exactly: eq is case-sensitive', async () => {
    const page = await engine.read(penguins, {
      filters: [{ column: 'Sex', op: 'eq', value: 'male' }],
    });
    expect(page).toMatchObject({ rows: [], totalRows: 0, nextCursor: null });
  });

  it('combines filters (all must hold)', async () => {
    const expected = carRows.filter(
      (r) => r.Origin === 'USA' && r.Cylinders === 8 && (r.Horsepower as number) >= 200,
    );
    const page = await engine.read(cars, {
      filters: [
        { column: 'Origin', op: 'eq', value: 'USA' },
        { column: 'Cylinders', op: 'eq', value: 8 },
        { column: 'Horsepower', op: 'gte', value: 200 },
      ],
    });
    expect(page.totalRows).toBe(expected.length);
    expect(page.rows).toEqual(cells(expected, names(cars)));
  });
});

describe('pagination', () => {
  const walks: [string, 'cars' | 'penguins', SortKey[], number, Filter[]][] = [
    ['source order', 'cars', [], 7, []],
    ['an integer with nulls, desc', 'cars', [{ column: 'Horsepower', direction: 'desc' }], 13, []],
    ['an integer with nulls, asc', 'cars', [{ column: 'Horsepower', direction: 'asc' }], 13, []],
    [
      'two keys with ties',
      'cars',
      [
        { column: 'Cylinders', direction: 'asc' },
        { column: 'Miles_per_Gallon', direction: 'desc' },
      ],
      50,
      [],
    ],
    [
      'strings with nulls and a filter',
      'penguins',
      [
        { column: 'Sex', direction: 'asc' },
        { column: 'Body Mass (g)', direction: 'desc' },
      ],
      9,
      [{ column: 'Species', op: 'ne', value: 'Gentoo' }],
    ],
    [
      'a string desc, a number asc',
      'penguins',
      [
        { column: 'Sex', direction: 'desc' },
        { column: 'Beak Length (mm)', direction: 'asc' },
      ],
      10,
      [],
    ],
    ['a date', 'cars', [{ column: 'Year', direction: 'desc' }], 33, []],
  ];

  it.each(walks)(
    'walks every page sorted by %s without losing or repeating a row',
    async (_, which, sort, limit, filters) => {
      const [ref, rows] = which === 'penguins' ? [penguins, penguinRows] : [cars, carRows];
      const matching = rows.filter((row) =>
        filters.every((filter) => filter.op !== 'ne' || row[filter.column] !== filter.value),
      );
      const expected = cells(sorted(matching, sort), names(ref));
      const { rows: got, pages } = await walk(ref, { sort, limit, filters });
      expect(got).toEqual(expected);
      expect(pages).toHaveLength(Math.max(1, Math.ceil(expected.length / limit)));
      expect(pages.every((page) => page.totalRows === expected.length)).toBe(true);
      expect(pages.at(-1)?.nextCursor).toBeNull();
    },
  );

  it('walks pages of the largest size', async () => {
    const { rows, pages } = await walk(penguins, { limit: 1000 });
    expect(pages).toHaveLength(1);
    expect(rows).toEqual(cells(penguinRows, names(penguins)));
  });
});

describe('argument checks', () => {
  it.each([
    [{ filters: [{ column: 'Nope', op: 'eq', value: 1 }] }, 'filters[0].column'],
    [{ filters: [{ column: 'Origin', op: 'like', value: 'x' }] }, 'filters[0].op'],
    [{ filters: [{ column: 'Horsepower', op: 'eq', value: 'abc' }] }, 'filters[0].value'],
    [{ filters: [{ column: 'Horsepower', op: 'eq', value: 1.5 }] }, 'filters[0].value'],
    [{ filters: [{ column: 'Year', op: 'gte', value: '1980/01/01' }] }, 'filters[0].value'],
    [{ filters: [{ column: 'Year', op: 'gte', value: '1980-02-30' }] }, 'filters[0].value'],
    [{ filters: [{ column: 'Origin', op: 'eq', value: 3 }] }, 'filters[0].value'],
    [{ filters: [{ column: 'Origin', op: 'eq' }] }, 'filters[0].value'],
    [{ filters: [{ column: 'Origin', op: 'in', value: [] }] }, 'filters[0].value'],
    [{ filters: [{ column: 'Origin', op: 'in', value: 'USA' }] }, 'filters[0].value'],
    [{ filters: [{ column: 'Cylinders', op: 'contains', value: '4' }] }, 'filters[0].op'],
    [{ filters: [{ column: 'Origin', op: 'is_null', value: 'x' }] }, 'filters[0].value'],
    [
      {
        filters: [
          { column: 'Origin', op: 'eq', value: 'USA' },
          { column: 'x', op: 'eq', value: 1 },
        ],
      },
      'filters[1].column',
    ],
    [{ columns: ['Name', 'Nope'] }, 'columns[1]'],
    [{ columns: [] }, 'columns'],
    [{ sort: [{ column: 'Nope', direction: 'asc' }] }, 'sort[0].column'],
    [{ sort: [{ column: 'Name', direction: 'up' }] }, 'sort[0].direction'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 1001 }, 'limit'],
    [{ limit: 2.5 }, 'limit'],
  ])('refuses %j naming %s', async (request, field) => {
    await expectInvalid(engine.read(cars, request as ReadRequest), field);
  });

  it('refuses a cursor reused with other arguments, another worksheet or tampered', async () => {
    const request: ReadRequest = { sort: [{ column: 'Horsepower', direction: 'desc' }], limit: 10 };
    const first = await engine.read(cars, request);
    const cursor = first.nextCursor as string;
    expect((await engine.read(cars, { ...request, cursor })).rows).toHaveLength(10);
    await expectInvalid(engine.read(cars, { ...request, limit: 11, cursor }), 'cursor');
    await expectInvalid(
      engine.read(cars, { ...request, sort: [{ column: 'Horsepower', direction: 'asc' }], cursor }),
      'cursor',
    );
    await expectInvalid(engine.read(cars, { ...request, columns: ['Name'], cursor }), 'cursor');
    await expectInvalid(
      engine.read(cars, {
        ...request,
        filters: [{ column: 'Origin', op: 'eq', value: 'USA' }],
        cursor,
      }),
      'cursor',
    );
    await expectInvalid(engine.read({ ...cars, id: 'ws_other' }, { ...request, cursor }), 'cursor');
    await expectInvalid(engine.read(penguins, { limit: 10, cursor }), 'cursor');

    // Cursors are sealed (AES-256-GCM): any changed byte, in the IV, the body or the tag, is refused.
    const bytes = Buffer.from(cursor, 'base64url');
    for (const index of [0, 20, bytes.length - 1]) {
      const forged = Buffer.from(bytes);
      forged[index] = (forged[index] ?? 0) ^ 1;
      await expectInvalid(
        engine.read(cars, { ...request, cursor: forged.toString('base64url') }),
        'cursor',
      );
    }
    await expectInvalid(engine.read(cars, { ...request, cursor: 'not-a-cursor' }), 'cursor');
    await expectInvalid(engine.read(cars, { ...request, cursor: '' }), 'cursor');

    const other = await openTestEngine({ dataDir, cursorSecret: 'another-secret-0123456789' });
    try {
      await expectInvalid(other.engine.read(cars, { ...request, cursor }), 'cursor');
    } finally {
      await other.engine.close();
    }
  });
});

describe('values', () => {
  let scratch: string;
  let values: WorksheetRef;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-read-src-'));
    const file = path.join(scratch, 'values.json');
    // Written by hand: 9007199254740993 is not a safe integer, so JSON.stringify cannot make it.
    await writeFile(
      file,
      `[
        {"day": "2020-02-29", "at": "2020-02-29T23:59:59.999+01:00", "big": 9007199254740993, "small": -42, "ratio": 0.1, "text": "<script>alert('x')</script>", "flag": true},
        {"day": null, "at": "1969-12-31T23:59:59.5Z", "big": -9223372036854775808, "small": 9007199254740991, "ratio": null, "text": "100%_done", "flag": null},
        {"day": "1900-01-01", "at": null, "big": null, "small": null, "ratio": -1.5e-7, "text": "a_b \\"quoted\\"", "flag": false}
      ]`,
    );
    values = { id: 'ws_values', ...(await engine.ingest(file)) };
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('serialises dates, timestamps, 64-bit integers, decimals and nulls for the wire', async () => {
    expect(values.columns.map((column) => column.type)).toEqual([
      'date',
      'timestamp',
      'integer',
      'integer',
      'number',
      'string',
      'boolean',
    ]);
    const page = await engine.read(values, {});
    expect(page.rows).toEqual([
      [
        '2020-02-29',
        '2020-02-29T22:59:59.999Z',
        '9007199254740993',
        -42,
        0.1,
        "<script>alert('x')</script>",
        true,
      ],
      [
        null,
        '1969-12-31T23:59:59.500Z',
        '-9223372036854775808',
        9007199254740991,
        null,
        '100%_done',
        null,
      ],
      ['1900-01-01', null, null, null, -1.5e-7, 'a_b "quoted"', false],
    ]);
  });

  it('compares unsafe integers given as strings and timestamps given in any offset', async () => {
    const big = await engine.read(values, {
      filters: [{ column: 'big', op: 'eq', value: '9007199254740993' }],
    });
    expect(big.totalRows).toBe(1);
    const at = await engine.read(values, {
      columns: ['at'],
      filters: [{ column: 'at', op: 'gte', value: '2020-02-29T23:59:59.999+01:00' }],
    });
    expect(at.rows).toEqual([['2020-02-29T22:59:59.999Z']]);
    const before = await engine.read(values, {
      filters: [{ column: 'at', op: 'lt', value: '1970-01-01' }],
    });
    expect(before.totalRows).toBe(1);
    const flag = await engine.read(values, {
      columns: ['flag'],
      filters: [{ column: 'flag', op: 'eq', value: false }],
    });
    expect(flag.rows).toEqual([[false]]);
  });

  it('matches LIKE wildcards in contains literally', async () => {
    const percent = await engine.read(values, {
      columns: ['text'],
      filters: [{ column: 'text', op: 'contains', value: '%_D' }],
    });
    expect(percent.rows).toEqual([['100%_done']]);
    const underscore = await engine.read(values, {
      columns: ['text'],
      filters: [{ column: 'text', op: 'contains', value: '_' }],
    });
    expect(underscore.rows).toEqual([['100%_done'], ['a_b "quoted"']]);
    const quote = await engine.read(values, {
      columns: ['text'],
      filters: [{ column: 'text', op: 'contains', value: "'X'" }],
    });
    expect(quote.rows).toEqual([["<script>alert('x')</script>"]]);
  });

  it('pages through sort keys too long to carry in the cursor', async () => {
    const file = path.join(scratch, 'long.csv');
    const long = Array.from(
      { length: 25 },
      (_, i) => `${String.fromCharCode(97 + (i % 5)).repeat(3000)}${i}`,
    );
    await writeFile(file, `k,n\n${long.map((text, i) => `${text},${i}`).join('\n')}\n`);
    const ref = { id: 'ws_long', ...(await engine.ingest(file)) };
    const { rows, pages } = await walk(ref, {
      sort: [{ column: 'k', direction: 'desc' }],
      columns: ['n'],
      limit: 4,
    });
    const expected = long
      .map((text, i) => ({ text, i }))
      .sort((a, b) => (a.text < b.text ? 1 : a.text > b.text ? -1 : a.i - b.i))
      .map(({ i }) => [i]);
    expect(rows).toEqual(expected);
    expect(pages.every((page) => (page.nextCursor ?? '').length < 4096)).toBe(true);
  });
});
