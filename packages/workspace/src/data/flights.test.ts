import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDataFile } from './demo-data.js';
import type { WorksheetEngine } from './engine.js';
import { openTestEngine } from '../testing/data.js';
import type { Cell, IngestResult, ReadRequest, WorksheetRef } from './types.js';

const SOURCE = demoDataFile('flights-3m.parquet');

let engine: WorksheetEngine;
let dispose: () => Promise<void>;
let flights: WorksheetRef & IngestResult;
let ingestMs: number;
let oracle: DuckDBInstance;
let direct: DuckDBConnection;

/** Rows straight from the source file, in wire form, by a separate DuckDB instance. */
async function expected(
  where: string,
  order: string,
  limit: number,
  offset = 0,
): Promise<Cell[][]> {
  const reader = await direct.runAndReadAll(
    `SELECT strftime(date, '%Y-%m-%dT%H:%M:%S.%g') || 'Z', delay::DOUBLE, distance::DOUBLE, origin, destination
     FROM read_parquet('${SOURCE}', file_row_number = true) WHERE ${where}
     ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
  return reader.getRows() as Cell[][];
}

async function scalar(sql: string): Promise<number> {
  return Number((await direct.runAndReadAll(sql)).getRows()[0]?.[0]);
}

beforeAll(async () => {
  ({ engine, dispose } = await openTestEngine());
  const started = performance.now();
  flights = { id: 'ws_flights', ...(await engine.ingest(SOURCE)) };
  ingestMs = performance.now() - started;
  oracle = await DuckDBInstance.create(':memory:', { threads: '2' });
  direct = await oracle.connect();
  await direct.run("SET TimeZone = 'UTC'");
});

afterAll(async () => {
  direct.closeSync();
  oracle.closeSync();
  await dispose();
});

describe('the flights worksheet (3,000,000 rows)', () => {
  it('imports every row with date as a timestamp', () => {
    console.log(`flights ingest: ${ingestMs.toFixed(0)} ms`);
    expect(flights.rowCount).toBe(3_000_000);
    expect(flights.columns).toEqual([
      { name: 'date', type: 'timestamp' },
      { name: 'delay', type: 'integer' },
      { name: 'distance', type: 'integer' },
      { name: 'origin', type: 'string' },
      { name: 'destination', type: 'string' },
    ]);
  });

  it('reads the first page in file order', async () => {
    const page = await engine.read(flights, { limit: 100 });
    expect(page.totalRows).toBe(3_000_000);
    expect(page.rows).toEqual(await expected('TRUE', 'file_row_number', 100));
  });

  async function walk(request: ReadRequest, pages: number): Promise<Cell[][]> {
    const rows: Cell[][] = [];
    let cursor: string | null = null;
    for (let i = 0; i < pages; i += 1) {
      const page = await engine.read(flights, { ...request, cursor });
      rows.push(...page.rows);
      cursor = page.nextCursor;
    }
    return rows;
  }

  it('pages by keyset through a sort with ties, matching an independent ORDER BY', async () => {
    const rows = await walk({ sort: [{ column: 'delay', direction: 'desc' }], limit: 1000 }, 5);
    expect(rows).toEqual(await expected('TRUE', 'delay DESC, file_row_number', 5000));
  });

  it('pages with filters and two sort keys', async () => {
    const request: ReadRequest = {
      filters: [
        { column: 'origin', op: 'eq', value: 'SFO' },
        { column: 'date', op: 'gte', value: '2001-03-01T00:00:00.000Z' },
      ],
      sort: [
        { column: 'destination', direction: 'asc' },
        { column: 'distance', direction: 'desc' },
      ],
      limit: 700,
    };
    const where = "origin = 'SFO' AND date >= TIMESTAMP '2001-03-01'";
    const first = await engine.read(flights, request);
    expect(first.totalRows).toBe(await scalar(`SELECT count(*) FROM '${SOURCE}' WHERE ${where}`));
    const rows = await walk(request, 4);
    expect(rows).toEqual(
      await expected(where, 'destination, distance DESC, file_row_number', 2800),
    );
  });

  it('profiles exactly in one pass and then from memory', async () => {
    let started = performance.now();
    const profile = await engine.profile(flights);
    const firstMs = performance.now() - started;
    started = performance.now();
    expect(await engine.profile(flights)).toEqual(profile);
    const cachedMs = performance.now() - started;
    console.log(`flights profile: ${firstMs.toFixed(0)} ms, cached ${cachedMs.toFixed(1)} ms`);
    expect(cachedMs).toBeLessThan(firstMs);

    const [date, delay, , origin] = profile;
    expect(date).toMatchObject({
      name: 'date',
      type: 'timestamp',
      nullCount: 0,
      distinctCount: await scalar(`SELECT count(DISTINCT date) FROM '${SOURCE}'`),
      min: '2001-01-01T00:01:00.000Z',
      max: '2001-07-01T00:00:00.000Z',
    });
    expect(delay).toMatchObject({
      nullCount: 0,
      distinctCount: await scalar(`SELECT count(DISTINCT delay) FROM '${SOURCE}'`),
      min: await scalar(`SELECT min(delay) FROM '${SOURCE}'`),
      max: await scalar(`SELECT max(delay) FROM '${SOURCE}'`),
    });
    const top = await direct.runAndReadAll(
      `SELECT origin, count(*)::DOUBLE FROM '${SOURCE}' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`,
    );
    expect(origin?.topValues).toEqual(top.getRows().map(([value, count]) => ({ value, count })));
    expect(origin?.distinctCount).toBe(
      await scalar(`SELECT count(DISTINCT origin) FROM '${SOURCE}'`),
    );
    expect(date?.topValues).toBeUndefined();
  });
});
