import { readFile } from 'node:fs/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { ReadWorksheetOutputSchema, type ReadWorksheetOutput } from '@ask-analyst/protocol';
import { demoDataFile } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp, type DemoUser } from '../test-support/demo-world.js';
import { callTool, dataOf, errorOf } from '../test-support/mcp-call.js';
import { demoJson, expectedRows, type OracleFilter, type Row } from '../test-support/oracle.js';

type Args = Record<string, unknown>;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('read_worksheet through the MCP endpoint (seeded demo workspace)', () => {
  let demo: DemoApp;
  let ids: Record<'cars' | 'penguins' | 'stocks' | 'flights', string>;
  let source: { cars: Row[]; penguins: Row[] };
  beforeAll(async () => {
    // Walking every page takes hundreds of calls on a frozen clock: lift the per-minute limits.
    demo = await createDemoApp({
      TOOL_CALLS_PER_MINUTE: '100000',
      REQUESTS_PER_IP_PER_MINUTE: '100000',
    });
    ids = {
      cars: await demo.worksheetId('Automobiles', 'Cars'),
      penguins: await demo.worksheetId('Penguins', 'Penguins'),
      stocks: await demo.worksheetId('Markets', 'Stocks', 'Research'),
      flights: await demo.worksheetId('Flight Operations', 'Flights'),
    };
    source = { cars: await demoJson('cars.json'), penguins: await demoJson('penguins.json') };
  });
  afterAll(async () => {
    await demo?.close();
  });

  const call = async (args: Args, user: DemoUser = 'ada') =>
    callTool(demo.app, await demo.tokenFor(user), 'read_worksheet', args);
  const read = async (args: Args) => ReadWorksheetOutputSchema.parse(dataOf(await call(args)));

  /** Every page of a read, following nextCursor; checks what each page promises. */
  async function walk(args: Args): Promise<ReadWorksheetOutput & { pages: number }> {
    const first = await read(args);
    const rows = [...first.rows];
    let { nextCursor } = first;
    let pages = 1;
    while (nextCursor) {
      const page = await read({ ...args, cursor: nextCursor });
      expect(page.totalRows).toBe(first.totalRows);
      expect(page.columns).toEqual(first.columns);
      rows.push(...page.rows);
      nextCursor = page.nextCursor;
      pages += 1;
    }
    expect(rows).toHaveLength(first.totalRows);
    return { ...first, rows, nextCursor, pages };
  }

  const carColumns = () => Object.keys(source.cars[0]!);
  const penguinColumns = () => Object.keys(source.penguins[0]!);

  describe('pagination', () => {
    it('walks all of Penguins in source order, no row lost or repeated', async () => {
      const all = await walk({ worksheetId: ids.penguins, limit: 50 });
      expect(all.pages).toBe(7);
      expect(all.columns.map((c) => c.name)).toEqual(penguinColumns());
      expect(all.rows).toEqual(expectedRows(source.penguins, penguinColumns()));
    });

    it('walks all of Penguins sorted on two keys, ties in source order', async () => {
      const sort = [
        { column: 'Species', direction: 'asc' as const },
        { column: 'Body Mass (g)', direction: 'desc' as const },
      ];
      const all = await walk({ worksheetId: ids.penguins, limit: 45, sort });
      expect(all.rows).toEqual(expectedRows(source.penguins, penguinColumns(), [], sort));
    });

    it('walks all of Cars, unsorted and sorted (empty cells last)', async () => {
      const all = await walk({ worksheetId: ids.cars, limit: 100 });
      expect(all.pages).toBe(5);
      expect(all.rows).toEqual(expectedRows(source.cars, carColumns()));
      for (const sort of [
        [
          { column: 'Horsepower', direction: 'desc' as const },
          { column: 'Name', direction: 'asc' as const },
        ],
        [{ column: 'Miles_per_Gallon', direction: 'asc' as const }],
        [{ column: 'Year', direction: 'desc' as const }],
      ]) {
        const sorted = await walk({ worksheetId: ids.cars, limit: 37, sort });
        expect(sorted.rows, JSON.stringify(sort)).toEqual(
          expectedRows(source.cars, carColumns(), [], sort),
        );
      }
    });

    it('returns chosen columns in the order asked, and the same page for the same cursor', async () => {
      const columns = ['Name', 'Horsepower', 'Year'];
      const first = await read({ worksheetId: ids.cars, columns, limit: 10 });
      expect(first.columns).toEqual([
        { name: 'Name', type: 'string' },
        { name: 'Horsepower', type: 'integer' },
        { name: 'Year', type: 'date' },
      ]);
      const again = { worksheetId: ids.cars, columns, limit: 10, cursor: first.nextCursor };
      expect((await read(again)).rows).toEqual((await read(again)).rows);
      expect((await read(again)).rows).toEqual(expectedRows(source.cars, columns).slice(10, 20));
    });
  });

  describe('filters', () => {
    const cases: Array<[string, OracleFilter[]]> = [
      ['eq (exact)', [{ column: 'Origin', op: 'eq', value: 'Europe' }]],
      ['eq (case-sensitive)', [{ column: 'Origin', op: 'eq', value: 'europe' }]],
      ['ne (keeps empty cells)', [{ column: 'Horsepower', op: 'ne', value: 150 }]],
      ['lt', [{ column: 'Miles_per_Gallon', op: 'lt', value: 15 }]],
      ['lte', [{ column: 'Cylinders', op: 'lte', value: 4 }]],
      ['gt', [{ column: 'Weight_in_lbs', op: 'gt', value: 4000 }]],
      ['gte', [{ column: 'Acceleration', op: 'gte', value: 20.5 }]],
      ['in (numbers)', [{ column: 'Cylinders', op: 'in', value: [3, 5] }]],
      ['in (strings)', [{ column: 'Origin', op: 'in', value: ['Japan', 'Europe'] }]],
      ['contains (case-insensitive)', [{ column: 'Name', op: 'contains', value: 'FORD' }]],
      ['is_null', [{ column: 'Miles_per_Gallon', op: 'is_null' }]],
      ['not_null', [{ column: 'Horsepower', op: 'not_null' }]],
      ['a date', [{ column: 'Year', op: 'gte', value: '1980-01-01' }]],
      [
        'several at once',
        [
          { column: 'Origin', op: 'eq', value: 'USA' },
          { column: 'Cylinders', op: 'eq', value: 8 },
          { column: 'Name', op: 'contains', value: 'chevrolet' },
        ],
      ],
    ];
    for (const [label, filters] of cases) {
      it(`${label} matches the oracle on Cars`, async () => {
        const expected = expectedRows(source.cars, carColumns(), filters);
        const all = await walk({ worksheetId: ids.cars, filters, limit: 40 });
        expect(all.totalRows).toBe(expected.length);
        expect(all.rows).toEqual(expected);
      });
    }

    it('combine with sort and columns over several pages', async () => {
      const filters = [{ column: 'Origin', op: 'ne', value: 'USA' }];
      const sort = [{ column: 'Weight_in_lbs', direction: 'desc' as const }];
      const columns = ['Weight_in_lbs', 'Name', 'Origin'];
      const all = await walk({ worksheetId: ids.cars, filters, sort, columns, limit: 16 });
      expect(all.rows).toEqual(expectedRows(source.cars, columns, filters, sort));
      expect(all.pages).toBeGreaterThan(5);
    });

    it('keep odd values as they are (Penguins Sex ".")', async () => {
      const filters = [{ column: 'Sex', op: 'eq', value: '.' }];
      const page = await read({ worksheetId: ids.penguins, filters });
      expect(page.rows).toEqual(expectedRows(source.penguins, penguinColumns(), filters));
      expect(page.totalRows).toBe(1);
    });
  });

  describe('values', () => {
    it('serialises nulls as null', async () => {
      const page = await read({
        worksheetId: ids.cars,
        columns: ['Name', 'Miles_per_Gallon'],
        filters: [{ column: 'Miles_per_Gallon', op: 'is_null' }],
      });
      expect(page.totalRows).toBe(8);
      for (const row of page.rows) expect(row[1]).toBeNull();
    });

    it('serialises dates as YYYY-MM-DD (Markets / Stocks, parsed from "Jan 1 2000")', async () => {
      const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
      const csv = (await readFile(demoDataFile('stocks.csv'), 'utf8')).trim().split('\n').slice(1);
      const expected = csv.map((line) => {
        const [symbol, date, price] = line.split(',');
        const [month, day, year] = date!.split(' ');
        const mm = String(months.indexOf(month!) + 1).padStart(2, '0');
        return [symbol, `${year}-${mm}-${day!.padStart(2, '0')}`, Number(price)];
      });
      const page = await read({ worksheetId: ids.stocks, limit: 1000 });
      expect(page.columns.map((c) => c.type)).toEqual(['string', 'date', 'number']);
      expect(page.rows[0]).toEqual(['MSFT', '2000-01-01', 39.81]);
      expect(page.rows).toEqual(expected);
    });

    it('serialises Flights timestamps as ISO 8601 UTC with milliseconds and Z, as DuckDB reads them', async () => {
      const duck = await DuckDBInstance.create(':memory:');
      const connection = await duck.connect();
      try {
        const file = `read_parquet('${demoDataFile('flights-3m.parquet')}')`;
        const first = (
          await connection.runAndReadAll(
            `select strftime(date, '%Y-%m-%dT%H:%M:%S.%g') || 'Z', delay, distance, origin, destination
             from ${file} limit 5`,
          )
        )
          .getRows()
          .map((row) => row.map((v) => (typeof v === 'bigint' ? Number(v) : v)));
        const page = await read({ worksheetId: ids.flights, limit: 5 });
        expect(page.totalRows).toBe(3_000_000);
        expect(page.rows).toEqual(first);
        expect(page.rows[0]?.[0]).toBe('2001-01-01T00:01:00.000Z');

        const window = [
          { column: 'date', op: 'gte', value: '2001-03-01T08:00:00Z' },
          { column: 'date', op: 'lt', value: '2001-03-01T08:30:00.000Z' },
          { column: 'origin', op: 'eq', value: 'SFO' },
        ];
        const [expectedCount] = (
          await connection.runAndReadAll(
            `select count(*) from ${file} where date >= '2001-03-01 08:00:00'
             and date < '2001-03-01 08:30:00' and origin = 'SFO'`,
          )
        ).getRows()[0]!;
        const filtered = await read({ worksheetId: ids.flights, filters: window, limit: 1000 });
        expect(filtered.totalRows).toBe(Number(expectedCount));
        expect(filtered.totalRows).toBeGreaterThan(0);
        for (const row of filtered.rows) {
          expect(row[0]).toMatch(ISO_MS);
          expect(row[0]! >= '2001-03-01T08:00:00.000Z' && row[0]! < '2001-03-01T08:30').toBe(true);
        }
      } finally {
        connection.closeSync();
        duck.closeSync();
      }
    });
  });

  describe('errors', () => {
    it('names the field of a bad argument with invalid_argument', async () => {
      const cars = (args: Args) => ({ worksheetId: ids.cars, ...args });
      const cases: Array<[Args, string]> = [
        [cars({ filters: [{ column: 'Horsepwr', op: 'gt', value: 100 }] }), 'filters.0.column'],
        [cars({ filters: [{ column: 'Horsepower', op: 'gt', value: 'fast' }] }), 'filters.0.value'],
        [cars({ filters: [{ column: 'Year', op: 'eq', value: 'Jan 1 1970' }] }), 'filters.0.value'],
        [cars({ filters: [{ column: 'Origin', op: 'like', value: 'US%' }] }), 'filters.0.op'],
        [cars({ filters: [{ column: 'Origin', op: 'in', value: 'USA' }] }), 'filters.0.value'],
        [
          cars({
            filters: [
              { column: 'Origin', op: 'eq', value: 'USA' },
              { column: 'Horsepower', op: 'contains', value: '1' },
            ],
          }),
          'filters.1.op',
        ],
        [cars({ filters: [{ column: 'Origin', op: 'eq', value: { $ne: 1 } }] }), 'filters.0.value'],
        [cars({ columns: ['Name', 'Colour'] }), 'columns.1'],
        [cars({ sort: [{ column: 'Price' }] }), 'sort.0.column'],
        [cars({ sort: [{ column: 'Name', direction: 'up' }] }), 'sort.0.direction'],
        [cars({ limit: 1001 }), 'limit'],
        [cars({ limit: 0 }), 'limit'],
        [cars({ cursor: 'not-a-cursor' }), 'cursor'],
        [cars({ filter: [] }), 'filter'],
        [{ worksheetId: 'penguins' }, 'worksheetId'],
      ];
      for (const [args, field] of cases) {
        const error = errorOf(await call(args));
        expect(error, JSON.stringify(args)).toMatchObject({
          code: 'invalid_argument',
          field,
          retryable: false,
        });
        expect(error.message, field).toContain(`"${field}"`);
      }
    });

    it('refuses a cursor reused with other arguments or on another worksheet, or altered', async () => {
      const args = {
        worksheetId: ids.cars,
        filters: [{ column: 'Cylinders', op: 'eq', value: 4 }],
      };
      const { nextCursor } = await read({ ...args, limit: 10 });
      expect(nextCursor).toBeTruthy();
      const misuses: Args[] = [
        { ...args, limit: 10, cursor: nextCursor, filters: [] },
        { ...args, limit: 20, cursor: nextCursor },
        { ...args, limit: 10, cursor: nextCursor, sort: [{ column: 'Name' }] },
        { ...args, limit: 10, cursor: nextCursor, columns: ['Name'] },
        { worksheetId: ids.penguins, limit: 10, cursor: nextCursor },
        { ...args, limit: 10, cursor: `${nextCursor!.slice(0, -2)}xx` },
      ];
      for (const misuse of misuses) {
        expect(errorOf(await call(misuse)), JSON.stringify(misuse)).toMatchObject({
          code: 'invalid_argument',
          field: 'cursor',
        });
      }
    });

    it('answers not_found for a worksheet outside the user’s workspaces exactly as for none at all', async () => {
      const missing = 'ws_doesnotexist000000000';
      for (const worksheetId of [ids.flights, missing]) {
        const error = errorOf(await call({ worksheetId }, 'alan'));
        expect(error).toMatchObject({ code: 'not_found', retryable: false });
        expect(error.message).toBe(
          `No worksheet with id ${worksheetId} that you can read. Use list_workbooks and get_workbook to find worksheets you have access to.`,
        );
      }
      const globex = await demo.worksheetId('Globex Sales', 'Stocks');
      expect(errorOf(await call({ worksheetId: globex })).code).toBe('not_found');
    });
  });

  it('answers in markdown: a table of at most 20 rows, then "N of M rows; more with cursor"', async () => {
    const result = await call({ worksheetId: ids.cars, columns: ['Name', 'Origin'] });
    const page = ReadWorksheetOutputSchema.parse(dataOf(result));
    expect(page.rows).toHaveLength(100);
    const text = (result.content?.[0] as { text: string }).text;
    const tableLines = text.split('\n').filter((line) => line.startsWith('|'));
    expect(tableLines).toHaveLength(22);
    expect(tableLines[0]).toBe('| Name | Origin |');
    expect(tableLines[2]).toBe('| chevrolet chevelle malibu | USA |');
    expect(text).toContain(`100 of 406 rows; more with cursor \`${page.nextCursor}\``);
    const last = await call({
      worksheetId: ids.cars,
      filters: [{ column: 'Cylinders', op: 'eq', value: 3 }],
    });
    expect((last.content?.[0] as { text: string }).text).toContain('4 of 4 rows; no more pages');
    const none = await call({
      worksheetId: ids.cars,
      filters: [{ column: 'Origin', op: 'eq', value: 'Mars' }],
    });
    expect((none.content?.[0] as { text: string }).text).toMatch(
      /: no rows match\.\n0 of 0 rows; no more pages$/,
    );
  });
});
